// `clonebench history`, `show` and `export` on a database filled through the Store API.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "render/exporters.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

struct Outcome {
  int exit_code = -1;
  std::string out, err;
};

// Runs the binary (or $CLONEBENCH_E2E_BINARY, to see a new test fail against an older build)
// with a shell-free argv; stdout and stderr go to files we read back.
Outcome run_clonebench(const std::vector<std::string>& args, const fs::path& scratch) {
  const std::string out_path = (scratch / "stdout").string();
  const std::string err_path = (scratch / "stderr").string();
  const char* other = std::getenv("CLONEBENCH_E2E_BINARY");
  const char* binary = other != nullptr && *other != '\0' ? other : CLONEBENCH_BINARY;
  const pid_t pid = ::fork();
  if (pid == 0) {
    if (std::freopen(out_path.c_str(), "w", stdout) == nullptr ||
        std::freopen(err_path.c_str(), "w", stderr) == nullptr) {
      ::_exit(127);
    }
    std::vector<char*> argv = {const_cast<char*>(binary)};
    for (const auto& arg : args) {
      argv.push_back(const_cast<char*>(arg.c_str()));
    }
    argv.push_back(nullptr);
    ::unsetenv("CLONEBENCH_DB");
    ::execv(binary, argv.data());
    ::_exit(127);
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  const auto slurp = [](const std::string& path) {
    std::ifstream file(path);
    std::stringstream text;
    text << file.rdbuf();
    return text.str();
  };
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), slurp(out_path),
          slurp(err_path)};
}

class StoreCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = (scratch_ / "runs.db").string();
    Store store(db_);
    RunRecord clone = testing::sample_clone_run();
    RunRecord fork = testing::sample_fork_run();
    fork.experiment.clear();
    clone_id_ = store.save(clone, testing::sample_environment());
    fork_id_ = store.save(fork, testing::sample_environment());
  }
  Outcome run(std::vector<std::string> args) {
    args.push_back("--db");
    args.push_back(db_);
    return run_clonebench(args, scratch_);
  }

  const testing::TempDirectory directory_;
  const fs::path scratch_ = directory_.path();
  std::string db_;
  std::int64_t clone_id_ = 0, fork_id_ = 0;
};

TEST_F(StoreCommands, HistoryListsRunsNewestFirst) {
  const Outcome outcome = run({"history"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  const auto fork_at = outcome.out.find(" fork ");
  const auto clone_at = outcome.out.find(" clone ");
  ASSERT_NE(fork_at, std::string::npos) << outcome.out;
  ASSERT_NE(clone_at, std::string::npos) << outcome.out;
  EXPECT_LT(fork_at, clone_at);
  EXPECT_EQ(run({"history", "--limit", "1"}).out.find(" clone "), std::string::npos);
}

// A cut list says it is cut; --all shows everything.
TEST_F(StoreCommands, HistorySaysHowManyRunsItLeftOutAndAllShowsThem) {
  const Outcome cut = run({"history", "--limit", "1"});
  ASSERT_EQ(cut.exit_code, 0) << cut.err;
  EXPECT_NE(cut.out.find("1 of 2 runs shown, newest first (--limit N or --all for more)\n"),
            std::string::npos)
      << cut.out;
  const Outcome all = run({"history", "--all"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_NE(all.out.find(" clone "), std::string::npos) << all.out;
  EXPECT_EQ(all.out.find(" shown"), std::string::npos) << all.out;
}

// A limit that is not a count of runs (negative, or beyond any count) is refused, never read
// as "everything".
TEST_F(StoreCommands, HistoryRefusesALimitThatIsNotACountNamingTheFlag) {
  for (const std::string limit : {"-1", "18446744073709551616", "1.5", "x"}) {
    const Outcome outcome = run({"history", "--limit", limit});
    EXPECT_EQ(outcome.exit_code, 2) << limit << ": " << outcome.out;
    EXPECT_NE(outcome.err.find("--limit"), std::string::npos) << outcome.err;
    EXPECT_EQ(outcome.out, "") << limit;
  }
}

// A filter that matches nothing says so; "no runs stored" would be untrue.
TEST_F(StoreCommands, HistorySaysWhenNoStoredRunMatchesTheHost) {
  const Outcome outcome = run({"history", "--host", "nowhere"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  EXPECT_EQ(outcome.out.find("no runs stored"), std::string::npos) << outcome.out;
  EXPECT_NE(outcome.out.find("none of the 2 stored runs is of host nowhere"), std::string::npos)
      << outcome.out;
}

TEST_F(StoreCommands, ShowPrintsTheRunsOptions) {
  const Outcome outcome = run({"show", std::to_string(clone_id_)});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  EXPECT_NE(outcome.out.find("options: clone_max 8192 · rss_bytes 134217728 · timeout_s 10\n"),
            std::string::npos)
      << outcome.out;
}

// One row per run, each with the kernel and host it was measured on and its timeout.
TEST_F(StoreCommands, ExportCsvHasTheKernelHostAndTimeoutOfEachRun) {
  Store store(db_);
  RunRecord other = testing::sample_fork_run();
  other.experiment.clear();
  nlohmann::json environment = testing::sample_environment();
  environment["kernel_release"] = "6.19.0-other";
  environment["hostname"] = "box2";
  const std::int64_t other_id = store.save(other, environment);
  const Outcome outcome =
      run({"export", std::to_string(clone_id_), std::to_string(other_id), "--csv", "-"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  std::istringstream lines(outcome.out);
  std::string header, first, second;
  std::getline(lines, header);
  std::getline(lines, first);
  std::getline(lines, second);
  EXPECT_TRUE(header.ends_with(",kernel_release,hostname,timeout_s")) << header;
  EXPECT_TRUE(first.ends_with(",6.18.44-fc-v857,vm,10")) << first;
  EXPECT_TRUE(second.ends_with(",6.19.0-other,box2,3")) << second;
}

TEST_F(StoreCommands, ShowPrintsTheTableTheMetricsAndTheEnvironment) {
  const Outcome outcome = run({"show", std::to_string(clone_id_)});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  EXPECT_NE(outcome.out.find("environment: kernel 6.18.44-fc-v857"), std::string::npos);
  EXPECT_NE(outcome.out.find("create µs"), std::string::npos);
  EXPECT_NE(outcome.out.find("metrc: ["), std::string::npos);
  EXPECT_NE(outcome.out.find(" clone              2807     10.04      1.31     11.67       "
                             "279.50         216.31        64.61        142088\n"),
            std::string::npos)
      << outcome.out;
}

TEST_F(StoreCommands, ShowWritesOnlyJsonToStdoutForJsonDash) {
  const Outcome outcome = run({"show", std::to_string(clone_id_), "--json", "-"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  const auto document = run_document_from_json(nlohmann::json::parse(outcome.out), "stdout");
  ASSERT_EQ(document.runs.size(), 1U);
  EXPECT_EQ(document.runs[0].id, clone_id_);
  EXPECT_EQ(document.environment, testing::sample_environment());
}

TEST_F(StoreCommands, ExportWritesSeveralRunsAsOneDocumentInEachFormat) {
  const std::string json = (scratch_ / "out.json").string();
  const std::string yaml = (scratch_ / "out.yaml").string();
  const std::string csv = (scratch_ / "out.csv").string();
  const Outcome outcome = run({"export", std::to_string(clone_id_), std::to_string(fork_id_),
                               "--json", json, "--yaml", yaml, "--csv", csv});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  std::ifstream json_file(json);
  const auto document = run_document_from_json(nlohmann::json::parse(json_file), json);
  ASSERT_EQ(document.runs.size(), 2U);
  EXPECT_EQ(document.runs[1].result.stressor, "fork");
  EXPECT_TRUE(fs::exists(yaml));
  EXPECT_GT(fs::file_size(csv), 0U);
}

TEST_F(StoreCommands, RefusesBadAndUnknownIdsNamingThem) {
  Outcome outcome = run({"show", "abc"});
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.err.find("'abc'"), std::string::npos) << outcome.err;
  outcome = run({"show", "999"});
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.err.find("run 999"), std::string::npos) << outcome.err;
  const std::string json = (scratch_ / "partial.json").string();
  outcome = run({"export", std::to_string(clone_id_), "999", "--json", json});
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_FALSE(fs::exists(json));
}

// A run listed twice would be exported twice, and read back as two samples (issue 37).
TEST_F(StoreCommands, RefusesARunListedTwiceInExportAndReport) {
  const std::string id = std::to_string(fork_id_);
  const std::string csv = (scratch_ / "twice.csv").string();
  Outcome outcome = run({"export", id, std::to_string(clone_id_), id, "--csv", csv});
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.err.find("run " + id + " is selected 2 times"), std::string::npos)
      << outcome.err;
  EXPECT_FALSE(fs::exists(csv));
  for (const std::vector<std::string>& selection :
       {std::vector<std::string>{id + "," + id + "," + id}, std::vector<std::string>{id, id}}) {
    std::vector<std::string> args = {"report"};
    args.insert(args.end(), selection.begin(), selection.end());
    outcome = run(args);
    EXPECT_EQ(outcome.exit_code, 2) << outcome.out;
    EXPECT_NE(outcome.err.find("report: run " + id + " is selected"), std::string::npos)
        << outcome.err;
    EXPECT_TRUE(outcome.out.empty()) << outcome.out;
  }
}

TEST_F(StoreCommands, RefusesExportWithoutAFormatOrToAnUnwritablePath) {
  Outcome outcome = run({"export", std::to_string(clone_id_)});
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.err.find("--json"), std::string::npos) << outcome.err;
  outcome = run({"export", std::to_string(clone_id_), "--yaml", "/proc/clonebench.yaml"});
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.err.find("--yaml /proc/clonebench.yaml"), std::string::npos) << outcome.err;
}

// `report` chooses its format with --format: so does export, to stdout.
TEST_F(StoreCommands, ExportTakesAFormatAsReportDoes) {
  const Outcome csv = run({"export", std::to_string(clone_id_), "--format", "csv"});
  ASSERT_EQ(csv.exit_code, 0) << csv.err;
  EXPECT_EQ(csv.out, run({"export", std::to_string(clone_id_), "--csv", "-"}).out);
  EXPECT_FALSE(csv.out.empty());
  const Outcome twice = run({"export", std::to_string(clone_id_), "--format", "csv", "--csv", "-"});
  EXPECT_EQ(twice.exit_code, 2);
  EXPECT_NE(twice.err.find("--format csv"), std::string::npos) << twice.err;
}

// Run ids as every command reads them: a range is read whole, both ends included.
TEST_F(StoreCommands, ExportReadsARangeOfIds) {
  const std::string first = std::to_string(std::min(clone_id_, fork_id_));
  const std::string last = std::to_string(std::max(clone_id_, fork_id_));
  const Outcome outcome = run({"export", first + "-" + last, "--format", "json"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  const auto document = run_document_from_json(nlohmann::json::parse(outcome.out), "stdout");
  EXPECT_EQ(document.runs.size(), 2U);
}

// Without an id, show shows the newest run and says that it did.
TEST_F(StoreCommands, ShowWithoutAnIdShowsTheNewestRunAndSaysSo) {
  const Outcome outcome = run({"show"});
  ASSERT_EQ(outcome.exit_code, 0) << outcome.err;
  EXPECT_EQ(outcome.out.rfind("run " + std::to_string(fork_id_) + " (the newest; no ID given)", 0),
            0U)
      << outcome.out;
}

TEST_F(StoreCommands, RefusesADatabaseThatIsNotOneNamingTheFile) {
  const std::string bogus = (scratch_ / "bogus.db").string();
  std::ofstream(bogus) << std::string(8192, 'q');
  const Outcome outcome = run_clonebench({"history", "--db", bogus}, scratch_);
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.err.find(bogus), std::string::npos) << outcome.err;
  EXPECT_EQ(outcome.err.find('\n'), outcome.err.size() - 1) << "one line: " << outcome.err;
}

}  // namespace
}  // namespace clonebench
