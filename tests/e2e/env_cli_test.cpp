// `clonebench env` as a user runs it: the environment stored with every run, checked against
// what the kernel says through calls and files of the test's own; a summary for people; and a
// bad --json path refused before anything is written.
#include <gtest/gtest.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kEnvTimeoutS = 60;

std::string trimmed(std::string text) {
  text.erase(text.find_last_not_of(" \n\t") + 1);
  return text;
}

// The bracketed choice of a sysfs file such as "always [madvise] never".
std::string bracketed(const std::string& text) {
  const std::size_t open = text.find('[');
  const std::size_t close = text.find(']');
  return open == std::string::npos || close == std::string::npos
             ? ""
             : text.substr(open + 1, close - open - 1);
}

TEST(EnvCli, PrintsOnlyTheEnvironmentAsJsonAndItMatchesTheKernel) {
  const ToolResult result = run_tool({"env", "--json", "-"}, kEnvTimeoutS);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto environment = nlohmann::json::parse(result.out);  // nothing else on stdout
  utsname name{};
  ASSERT_EQ(::uname(&name), 0);
  EXPECT_EQ(environment.at("kernel_release"), name.release);
  EXPECT_EQ(environment.at("kernel_version"), name.version);
  EXPECT_EQ(environment.at("machine"), name.machine);
  EXPECT_EQ(environment.at("cpus_configured"), ::sysconf(_SC_NPROCESSORS_CONF));
  EXPECT_EQ(environment.at("page_size"), ::sysconf(_SC_PAGESIZE));
  EXPECT_EQ(environment.at("cmdline"), trimmed(read_all("/proc/cmdline")));
  EXPECT_EQ(environment.at("boot_id"), trimmed(read_all("/proc/sys/kernel/random/boot_id")));
  const std::string thp = "/sys/kernel/mm/transparent_hugepage/enabled";
  if (std::filesystem::exists(thp)) {
    EXPECT_EQ(environment.at("thp"), bracketed(read_all(thp)));
  }
  const std::filesystem::path vulnerabilities = "/sys/devices/system/cpu/vulnerabilities";
  if (std::filesystem::is_directory(vulnerabilities)) {
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(vulnerabilities)) {
      const std::string file = entry.path().filename().string();
      EXPECT_EQ(environment.at("mitigations").at(file), trimmed(read_all(entry.path().string())))
          << file;
      ++files;
    }
    EXPECT_EQ(environment.at("mitigations").size(), files);
  }
}

TEST(EnvCli, PrintsASummaryAndWritesTheSameEnvironmentToAFile) {
  const TempDirectory scratch;
  const std::string json = scratch.file("environment.json");
  const ToolResult result = run_tool({"env", "--json", json}, kEnvTimeoutS);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  utsname name{};
  ASSERT_EQ(::uname(&name), 0);
  EXPECT_NE(result.out.find(name.release), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("mitigations"), std::string::npos) << result.out;
  const auto environment = nlohmann::json::parse(read_all(json));
  EXPECT_EQ(environment.at("kernel_release"), name.release);
  EXPECT_EQ(scratch.entries(), std::vector<std::string>{"environment.json"}) << "no temp file";
}

// The default is what changes a process-creation cost, a screen at most; --full has the rest.
TEST(EnvCli, PrintsAShortSummaryByDefaultAndEverythingWithFull) {
  const ToolResult brief = run_tool({"env"}, kEnvTimeoutS);
  ASSERT_EQ(brief.exit_code, 0) << brief.err;
  const auto lines = [](const std::string& text) {
    return std::count(text.begin(), text.end(), '\n');
  };
  EXPECT_LE(lines(brief.out), 30) << brief.out;
  EXPECT_NE(brief.out.find("governor"), std::string::npos) << brief.out;
  EXPECT_NE(brief.out.find("clonebench env --full"), std::string::npos) << brief.out;
  const ToolResult full = run_tool({"env", "--full"}, kEnvTimeoutS);
  ASSERT_EQ(full.exit_code, 0) << full.err;
  EXPECT_GT(lines(full.out), lines(brief.out)) << full.out;
  EXPECT_NE(full.out.find("config:"), std::string::npos) << full.out;
}

TEST(EnvCli, RefusesAnUnwritableJsonPathNamingTheFlag) {
  const ToolResult result = run_tool({"env", "--json", "/nonexistent-dir/env.json"}, kEnvTimeoutS);
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--json"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("/nonexistent-dir/env.json"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

}  // namespace
}  // namespace clonebench::testing
