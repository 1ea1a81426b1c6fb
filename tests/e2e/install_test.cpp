// `cmake --install` into a throw-away prefix: everything lands where the driver, man and
// bash-completion look, and the installed driver runs every stressor from there, also after
// the whole prefix is moved elsewhere.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "e2e/command_process.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {
namespace {

namespace fs = std::filesystem;

// The tests never use a private program of the build tree by mistake.
const std::vector<std::string> kUnset = {"CLONEBENCH_LIBEXEC_DIR"};

std::vector<std::string> stressor_names() {
  const CommandResult list = run_command({CLONEBENCH_BINARY, "list", "--json"});
  std::vector<std::string> names;
  for (const auto& stressor : nlohmann::json::parse(list.out)) {
    names.push_back(stressor["name"]);
  }
  return names;
}

bool is_executable_file(const std::string& path) {
  return fs::is_regular_file(path) && ::access(path.c_str(), X_OK) == 0;
}

class InstalledTree : public ::testing::Test {
 protected:
  void SetUp() override {
    prefix_ = scratch_.file("prefix");
    const CommandResult installed =
        run_command({CLONEBENCH_CMAKE, "--install", CLONEBENCH_BUILD_DIR, "--prefix", prefix_});
    ASSERT_EQ(installed.exit_code, 0) << installed.out << installed.err;
  }

  // Runs every stressor briefly with the driver installed under `prefix`; checks each ran.
  static void expect_every_stressor_runs(const std::string& prefix) {
    std::vector<std::string> argv = {prefix + "/bin/clonebench", "run"};
    const std::vector<std::string> stressors = stressor_names();
    argv.insert(argv.end(), stressors.begin(), stressors.end());
    for (const char* option : {"--timeout", "0.2s", "--rss", "0", "--no-store", "--json", "-"}) {
      argv.emplace_back(option);
    }
    const CommandResult run = run_command(argv, {}, kUnset);
    ASSERT_EQ(run.exit_code, 0) << run.err;
    const nlohmann::json runs = nlohmann::json::parse(run.out)["runs"];
    ASSERT_EQ(runs.size(), stressors.size());
    for (std::size_t i = 0; i < stressors.size(); ++i) {
      EXPECT_EQ(runs[i]["stressor"], stressors[i]);
      EXPECT_GT(runs[i]["bogo_ops"].get<std::uint64_t>(), 0U) << stressors[i];
    }
  }

  TempDirectory scratch_{"install"};
  std::string prefix_;
};

TEST_F(InstalledTree, PutsTheDriverInBinAndEveryPrivateProgramInLibexec) {
  EXPECT_TRUE(is_executable_file(prefix_ + "/bin/clonebench"));
  const std::vector<std::string> programs = split_list(CLONEBENCH_PRIVATE_PROGRAMS);
  ASSERT_FALSE(programs.empty());
  for (const std::string& program : programs) {
    EXPECT_TRUE(is_executable_file(prefix_ + "/libexec/clonebench/" + program)) << program;
    EXPECT_FALSE(fs::exists(prefix_ + "/bin/" + program)) << program << " is not a command";
  }
}

TEST_F(InstalledTree, HasTheManPagesCompletionAndDocumentation) {
  const std::string share = prefix_ + "/share";
  const CommandResult cli = run_command({CLONEBENCH_BINARY, "__cli"});
  EXPECT_TRUE(fs::is_regular_file(share + "/man/man1/clonebench.1.gz"));
  const nlohmann::json description = nlohmann::json::parse(cli.out);
  for (const auto& command : description["subcommands"]) {
    const std::string page =
        share + "/man/man1/clonebench-" + command["name"].get<std::string>() + ".1.gz";
    EXPECT_TRUE(fs::is_regular_file(page)) << page;
  }
  EXPECT_EQ(read_all(share + "/bash-completion/completions/clonebench"),
            read_all(CLONEBENCH_BASH_COMPLETION));
  EXPECT_TRUE(fs::is_regular_file(share + "/doc/clonebench/README.md"));
  for (const auto& entry : fs::directory_iterator(std::string(CLONEBENCH_SOURCE_DIR) + "/docs")) {
    const std::string doc = share + "/doc/clonebench/docs/" + entry.path().filename().string();
    EXPECT_TRUE(fs::is_regular_file(doc)) << doc;
  }
}

TEST_F(InstalledTree, RunsEveryStressorListAndEnvFromItsPrefix) {
  expect_every_stressor_runs(prefix_);
  for (const char* command : {"list", "env"}) {
    const CommandResult result = run_command({prefix_ + "/bin/clonebench", command}, {}, kUnset);
    EXPECT_EQ(result.exit_code, 0) << command << ": " << result.err;
    EXPECT_FALSE(result.out.empty()) << command;
  }
}

TEST_F(InstalledTree, RunsEveryStressorAfterItsPrefixIsMoved) {
  const std::string moved = scratch_.file("elsewhere/usr");
  fs::create_directories(fs::path(moved).parent_path());
  fs::rename(prefix_, moved);
  expect_every_stressor_runs(moved);
}

TEST_F(InstalledTree, ShowsTheManPagesToMan) {
  const CommandResult page = run_command(
      {"man", "-M", prefix_ + "/share/man", "-P", "cat", "clonebench-run"}, {"MANWIDTH=100"});
  EXPECT_EQ(page.exit_code, 0) << page.err;
  EXPECT_NE(page.out.find("--rss-kind"), std::string::npos);
}

TEST_F(InstalledTree, FailsNamingAPrivateProgramThatIsMissing) {
  for (const std::string& program : split_list(CLONEBENCH_PRIVATE_PROGRAMS)) {
    if (program == "clonebench-guest-init") {
      continue;  // only `kernels` needs it (a guest's PID 1), and `run` rightly runs without it
    }
    TempDirectory copy("install-copy");
    fs::copy(prefix_, copy.path().string(), fs::copy_options::recursive);
    fs::remove(copy.file("libexec/clonebench/") + program);
    const CommandResult run =
        run_command({copy.file("bin/clonebench"), "run", "exec", "--timeout", "0.2s", "--no-store"},
                    {}, kUnset);
    EXPECT_EQ(run.exit_code, 1) << program;
    EXPECT_NE(run.err.find("private program " + program), std::string::npos) << run.err;
    EXPECT_NE(run.err.find(copy.file("bin/../libexec/clonebench/") + program), std::string::npos)
        << run.err;
  }
}

}  // namespace
}  // namespace clonebench::testing
