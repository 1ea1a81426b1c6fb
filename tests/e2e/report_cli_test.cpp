// `clonebench report` as a user runs it, on a small store built in the test: the text it prints
// is the golden text of the renderer, -o writes it, and a selection it cannot find (a run, a
// label, an experiment kind with none stored) is exit 2 naming it, with no output file left behind.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/golden.hpp"
#include "support/sample_report_store.hpp"
#include "support/sru_words.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kReportTimeoutS = 30;

std::string file_text(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

class ReportCli : public TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(db_);
    fill_report_store(store);
  }
  ToolResult report(std::vector<std::string> args) const {
    args.insert(args.begin(), "report");
    args.insert(args.end(), {"--db", db_});
    return run_tool(args, kReportTimeoutS, args_env_);
  }
  std::string db_ = scratch_.file("runs.db");
  std::vector<std::string> args_env_;  // added to the tool's environment
};

TEST_F(ReportCli, PrintsTheSruTextOfTwoKernels) {
  const ToolResult result = report({kKernelA, kKernelB, "--format", "sru"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_golden_file(golden_path("report/kernels.sru.txt"), result.out);
}

TEST_F(ReportCli, AssumingNoBootEffectGivesTheRunLevelVerdictAndSaysSoInTheSruText) {
  const ToolResult result =
      report({kKernelA, kKernelB, "--format", "sru", "--assume-no-boot-effect"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("--format sru --assume-no-boot-effect"), std::string::npos);
  EXPECT_NE(result.out.find("No boot effect assumed"), std::string::npos) << result.out;
  EXPECT_EQ(result.out.find("Inconclusive (one boot per side)"), std::string::npos);
}

TEST_F(ReportCli, WritesTheMarkdownOfTheNewestAbToAFile) {
  const std::string out = scratch_.file("ab.md");
  const ToolResult result = report({"ab", "-o", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "");
  expect_golden_file(golden_path("report/ab.md"), file_text(out));
}

// The SRU test plan of runs typed as `run fork --timeout=5` and `run fork --timeout=2 --runs 5`
// on each kernel: the two commands as typed, once each (not once per run), with --runs and
// without options nobody typed.
TEST_F(ReportCli, TheSruTestPlanRepeatsTheCommandsAsTyped) {
  db_ = scratch_.file("typed.db");
  {
    Store store(db_);
    int index = 0;
    for (const char* kernel : {kKernelA, kKernelB}) {
      const std::vector<std::string> once = {"clonebench", "run", "fork", "--timeout=5"};
      const std::vector<std::string> five = {"clonebench",  "run",    "fork",
                                             "--timeout=2", "--runs", "5"};
      for (int run = 0; run < 6; ++run) {
        RunRecord record = report_fork_run(kernel, index, 6000 + 10 * index, 134217728);
        ++index;
        record.result.options.command_line = run == 0 ? once : five;
        record.result.options.timeout_s = run == 0 ? 5.0 : 2.0;
        store.save(record, report_environment(kernel, "Mitigation: IBPB"));
      }
    }
  }
  const ToolResult result = report({kKernelA, kKernelB, "--format", "sru"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string plan = result.out.substr(0, result.out.find("[Test Results]"));
  EXPECT_NE(plan.find("On each kernel, boot it and run:\n\n"
                      "    clonebench run fork --timeout=5\n"
                      "    clonebench run fork --timeout=2 --runs 5\n\n"),
            std::string::npos)
      << plan;
  EXPECT_EQ(plan.find("--rss"), std::string::npos) << plan;
  EXPECT_NE(testing::sru_words(result.out)
                .find("Warning: A pools fork (rss 128M) runs with different timeout_s: 2.0 "
                      "(5 runs), 5.0 (1 run)"),
            std::string::npos)
      << result.out;
}

TEST_F(ReportCli, PrintsTheSruTextOfTheNewestScale) {
  const ToolResult result = report({"scale", "--format", "sru"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  expect_golden_file(golden_path("report/scale.sru.txt"), result.out);
}

TEST_F(ReportCli, ScaleWithoutAStoredScaleIsAUsageErrorNamingItAndWritesNothing) {
  db_ = scratch_.file("no-scale.db");
  {
    Store store(db_);
    RunRecord run = report_fork_run(kKernelA, 0, 6100);
    store.save(run, report_environment(kKernelA, "Mitigation: IBPB"));
  }
  const std::string out = scratch_.file("scale.md");
  const ToolResult result = report({"scale", "-o", out});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err,
            "clonebench: error: report: no complete scale experiment is stored in " + db_ + "\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST_F(ReportCli, AnUnknownSelectionIsAUsageErrorNamingItAndWritesNothing) {
  const std::string out = scratch_.file("report.md");
  const ToolResult result = report({"6.9.0-1-generic", "-o", out});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err,
            "clonebench: error: report: '6.9.0-1-generic' is neither a run id, a "
            "label nor an experiment in " +
                db_ + "\n");
  EXPECT_FALSE(std::filesystem::exists(out));
}

TEST_F(ReportCli, HtmlWithoutGnuplotIsARuntimeErrorSayingWhatToInstallAndWritesNothing) {
  const std::string out = scratch_.file("report.html");
  args_env_ = {"PATH=" + scratch_.path().string()};  // a directory without gnuplot
  const ToolResult result = report({kKernelA, "--format", "html", "-o", out});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("install Debian's gnuplot-nox"), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1);
  EXPECT_FALSE(std::filesystem::exists(out));
  // markdown and sru need nothing.
  EXPECT_EQ(report({kKernelA, "--format", "sru"}).exit_code, 0);
}

TEST_F(ReportCli, AnUnknownFormatIsAUsageErrorNamingTheFlag) {
  const ToolResult result = report({kKernelA, "--format", "pdf"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("--format"), std::string::npos) << result.err;
}

}  // namespace
}  // namespace clonebench::testing
