// `clonebench compare` as a user runs it, each run bounded by its own timeout: files or stored
// runs in, report out, exit codes for CI gates, the direction of plain numbers.

#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <tuple>

#include "e2e/terminal_stderr.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"
#include "support/test_data.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kTimeoutS = 60;

std::string compare_input(const std::string& name) {
  return data_path("compare/" + name);
}

ToolResult compare(std::vector<std::string> args) {
  args.insert(args.begin(), "compare");
  return run_tool(args, kTimeoutS);
}

// The line of `text` that starts with `prefix`, or "" when there is none.
std::string line_starting_with(const std::string& text, const std::string& prefix) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(prefix, 0) == 0) {
      return line;
    }
  }
  return "";
}

std::string verdict_of(const nlohmann::json& document, const std::string& metric) {
  for (const auto& entry : document.at("metrics")) {
    if (entry.at("name") == metric) {
      return entry.at("effect").at("verdict");
    }
  }
  return "no metric " + metric;
}

TEST(CompareCli, ComparesTwoClonebenchFilesAndWarnsAboutTheGovernor) {
  const ToolResult result =
      compare({compare_input("clonebench-a.json"), compare_input("clonebench-b.json"), "--db",
               "/nonexistent/never-opened.db"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  // Each file's runs came from one boot of its own (the files carry no boot id: one unknown
  // boot per file and host), so the clear run-level change is no verdict (docs/statistics.md,
  // "Boots are the units")...
  EXPECT_TRUE(line_starting_with(result.out, "ops_per_sec_real ")
                  .ends_with("  inconclusive (one boot per side)"))
      << result.out;
  EXPECT_NE(result.out.find("Within one boot the runs say: B is faster"), std::string::npos);
  EXPECT_NE(result.err.find("governor: A performance, B powersave"), std::string::npos)
      << result.err;
  // ...unless the user takes the boot effect to be nil, which every format then says.
  const ToolResult assumed =
      compare({compare_input("clonebench-a.json"), compare_input("clonebench-b.json"), "--db",
               "/nonexistent/never-opened.db", "--assume-no-boot-effect"});
  EXPECT_TRUE(line_starting_with(assumed.out, "ops_per_sec_real ")
                  .ends_with("  faster (no boot effect assumed)"))
      << assumed.out;
  const ToolResult bisect =
      compare({compare_input("clonebench-a.json"), compare_input("clonebench-b.json"), "--db",
               "/nonexistent/never-opened.db", "--bisect"});
  EXPECT_EQ(bisect.exit_code, 125) << bisect.err;
}

TEST(CompareCli, ComparesNumberFilesWithDurations) {
  const ToolResult result =
      compare({compare_input("numbers-a.txt"), compare_input("numbers-b.txt"), "--format", "json"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);
  EXPECT_EQ(document.at("schema"), "clonebench-compare/1");
  EXPECT_EQ(verdict_of(document, "time_s"), "faster") << result.out;
}

TEST(CompareCli, FailOnSlowerExitsThreeForARegression) {
  const ToolResult result = compare(
      {compare_input("numbers-b.txt"), compare_input("numbers-a.txt"), "--fail-on", "slower"});
  EXPECT_EQ(result.exit_code, 3) << result.out << result.err;
}

TEST(CompareCli, FailOnInconclusiveExitsFourWhenRunsAreTooFew) {
  const ToolResult result =
      compare({compare_input("numbers-plain.txt"), compare_input("numbers-plain.txt"), "--fail-on",
               "inconclusive"});
  EXPECT_EQ(result.exit_code, 4) << result.out << result.err;
  EXPECT_NE(result.out.find("Too few runs"), std::string::npos) << result.out;
}

TEST(CompareCli, AMalformedFileIsAUsageErrorNamingFileAndLine) {
  const ToolResult result =
      compare({compare_input("malformed-number.txt"), compare_input("numbers-a.txt")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "clonebench: error: " + compare_input("malformed-number.txt") +
                            ":3: unknown unit 'x' (use ns, us, ms, s, m or h) (not clonebench "
                            "JSON, stress-ng YAML or log, hyperfine JSON, or a number file)\n");
  EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(CompareCli, ComparesTwoStressNg013PastesOfSeveralRunsEach) {
  const ToolResult result = compare({compare_input("stress-ng-0.13-a.log"),
                                     compare_input("stress-ng-0.13-b.log"), "--format", "json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(verdict_of(nlohmann::json::parse(result.out), "ops_per_sec_real"), "slower");
}

TEST(CompareCli, AStressNgRowCutShortIsAUsageErrorNamingFileAndLine) {
  const ToolResult result =
      compare({compare_input("stress-ng-0.13-a.log"), compare_input("malformed-0.13-cut.log")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(
      result.err.starts_with("clonebench: error: " + compare_input("malformed-0.13-cut.log") +
                             ":13: a stress-ng metrics row with 6 columns"))
      << result.err;
}

TEST(CompareCli, ATimeOutputCutShortIsAUsageErrorNamingFileAndLine) {
  const ToolResult result =
      compare({compare_input("time-bash-a.txt"), compare_input("malformed-time-cut.txt")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.out, "");
  EXPECT_TRUE(
      result.err.starts_with("clonebench: error: " + compare_input("malformed-time-cut.txt") +
                             ":27: a time output without its elapsed (real) time"))
      << result.err;
}

TEST(CompareCli, AMissingPathIsAUsageError) {
  const ToolResult result = compare({"/nonexistent/a.json", compare_input("numbers-a.txt")});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_NE(result.err.find("/nonexistent/a.json: no such file"), std::string::npos) << result.err;
}

TEST(CompareCli, ADeviceOrADirectoryIsNamedAsNotARegularFile) {
  for (const char* path : {"/dev/zero", "/tmp/"}) {
    const ToolResult result = compare({path, compare_input("numbers-a.txt")});
    EXPECT_EQ(result.exit_code, 2);
    EXPECT_NE(result.err.find(std::string(path) + ": not a regular file"), std::string::npos)
        << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

TEST(CompareCli, BenchstatFormatPrintsBenchstatsTable) {
  const ToolResult result =
      compare({compare_input("hyperfine-two.json"), compare_input("hyperfine-two.json"),
               "--command", "sleep 0.010", "--format", "benchstat"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("vs base"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("~ (p=1.000 n=10)"), std::string::npos) << result.out;
}

class PlainNumbers : public TempDirectoryTest {
 protected:
  void SetUp() override {
    std::ofstream(a_) << "100\n101\n99\n100.5\n99.5\n100.2\n";
    std::ofstream(b_) << "110\n111\n109\n110.5\n109.5\n110.2\n";
  }
  const std::string a_ = scratch_.file("a.txt");
  const std::string b_ = scratch_.file("b.txt");
};

TEST_F(PlainNumbers, AreLowerIsBetterUnlessTheUserSaysTheyAreRates) {
  // B is 10 % higher in every run: worse for times, better for rates.
  const ToolResult times = compare({a_, b_, "--format", "json", "--fail-on", "slower"});
  EXPECT_EQ(times.exit_code, 3) << times.err;
  EXPECT_EQ(verdict_of(nlohmann::json::parse(times.out), "value"), "slower");
  const ToolResult rates =
      compare({a_, b_, "--format", "json", "--fail-on", "slower", "--higher-is-better"});
  EXPECT_EQ(rates.exit_code, 0) << rates.err;
  const auto document = nlohmann::json::parse(rates.out);
  EXPECT_EQ(verdict_of(document, "value"), "faster");
  EXPECT_EQ(document.at("metrics")[0].at("direction"), "higher-is-better");
}

// A database with six runs labelled "base" and six labelled "new", whose rates are 5 % higher,
// all measured in one boot (as two configurations on one kernel are): the runs are the units.
class StoredRuns : public TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(db_);
    nlohmann::json environment = sample_environment();
    environment["boot_id"] = "6f1c2d4e-0000-4000-8000-00000000b007";
    for (const char* label : {"base", "new"}) {
      for (int i = 0; i < 6; ++i) {
        RunRecord record = sample_fork_run();
        record.experiment.clear();
        record.label = label;
        record.result.bogo_ops = (label == std::string("new") ? 2100 : 2000) + i;
        store.save(record, environment);
      }
    }
  }
  ToolResult compare_stored(std::vector<std::string> args) {
    args.insert(args.end(), {"--db", db_, "--metric", "ops_per_sec_real", "--format", "json"});
    return compare(args);
  }
  const std::string db_ = scratch_.file("runs.db");
};

TEST_F(StoredRuns, AreComparedByLabel) {
  const ToolResult result = compare_stored({"base", "new"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);
  EXPECT_EQ(verdict_of(document, "ops_per_sec_real"), "faster");
  EXPECT_EQ(document.at("a").at("run_ids"), nlohmann::json({1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(document.at("b").at("run_ids"), nlohmann::json({7, 8, 9, 10, 11, 12}));
}

TEST_F(StoredRuns, AreComparedByRunIds) {
  const ToolResult result = compare_stored({"7,8,9,10,11,12", "1,2,3,4,5,6"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);
  EXPECT_EQ(verdict_of(document, "ops_per_sec_real"), "slower");
  EXPECT_EQ(document.at("a").at("run_ids"), nlohmann::json({7, 8, 9, 10, 11, 12}));
}

TEST_F(StoredRuns, AnUnknownLabelOrRunIdIsAUsageErrorNamingIt) {
  ToolResult result = compare_stored({"base", "nope"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(
      result.err,
      "clonebench: error: B: 'nope' is neither a file nor a label of any run in " + db_ + "\n");
  result = compare_stored({"1,2,99", "new"});
  EXPECT_EQ(result.exit_code, 2);
  EXPECT_EQ(result.err, "clonebench: error: A: run id 99 is not in " + db_ + "\n");
  EXPECT_TRUE(result.out.empty()) << result.out;
}

// Eight copies of one run are one sample, not eight: "p < 0.001" about nothing (issue 37).
TEST_F(StoredRuns, ARunRepeatedOnASideOrOnBothSidesIsRefused) {
  for (const auto& [a, b, named] :
       {std::tuple{"1,1,1,1,1,1,1,1", "7,7,7,7,7,7,7,7", "A: run 1 is selected 8 times"},
        std::tuple{"1,2,3,4", "7,8,9,9", "B: run 9 is selected 2 times"},
        std::tuple{"1,2,3,4", "4,5,6,7", "run 4 is in both A and B"},
        std::tuple{"base", "base", "run 1 is in both A and B"}}) {
    const ToolResult result = compare_stored({a, b});
    EXPECT_EQ(result.exit_code, 2) << a << " " << b;
    EXPECT_NE(result.err.find(named), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

// The cross-kernel workflow: run on kernel A, reboot, run on kernel B, compare. Each run draws
// its own random seed; that is no difference between A and B, while a side that pools runs of
// different --timeout is named.
class CrossKernelRuns : public TempDirectoryTest {
 protected:
  void save(const char* label, std::uint64_t seed, double timeout_s, int index) {
    Store store(db_);
    RunRecord record = sample_fork_run();
    record.experiment.clear();
    record.label = label;
    record.result.bogo_ops = 2000 + static_cast<std::uint64_t>(index);
    record.result.options = {{"timeout_s", timeout_s}, {"seed", seed}};
    store.save(record, sample_environment());
  }
  const std::string db_ = scratch_.file("runs.db");
};

TEST_F(CrossKernelRuns, DifferentRandomSeedsRaiseNoWarning) {
  save("kernel-a", 11105502517948874336U, 5, 1);
  save("kernel-b", 16103975867286413603U, 5, 2);
  const ToolResult result = compare({"kernel-a", "kernel-b", "--db", db_});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err.find("seed"), std::string::npos) << result.err;
  EXPECT_EQ(result.out.find("differ in more than the kernel"), std::string::npos) << result.out;
}

TEST_F(CrossKernelRuns, OneRunASideShowsNoNoiseFiguresRatherThanZeros) {
  save("kernel-a", 1, 5, 1);
  save("kernel-b", 2, 5, 2);
  const ToolResult result = compare({"kernel-a", "kernel-b", "--db", db_});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const std::string noise = line_starting_with(result.out, "noise ");
  EXPECT_NE(noise.find("CV(A) = n/a (1 run), CV(B) = n/a (1 run)"), std::string::npos) << noise;
  EXPECT_NE(noise.find("drift A: n/a (1 run), B: n/a (1 run)"), std::string::npos) << noise;
  EXPECT_NE(noise.find("resolution (80 % power): n/a"), std::string::npos) << noise;
  EXPECT_EQ(noise.find("0.00"), std::string::npos) << noise;
}

TEST_F(CrossKernelRuns, ASideThatPoolsRunsOfDifferentTimeoutsIsNamed) {
  save("kernel-a", 1, 5, 1);
  for (int i = 0; i < 3; ++i) {
    save("kernel-a", 2 + i, 2, 2 + i);
  }
  save("kernel-b", 9, 2, 9);
  const ToolResult result = compare({"kernel-a", "kernel-b", "--db", db_});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("clonebench: warning: A pools fork runs with different timeout_s: "
                            "2.0 (3 runs), 5.0 (1 run)"),
            std::string::npos)
      << result.err;
}

// On a terminal stdout and stderr share one screen: a warning that the table prints is not
// printed to stderr as well. With stdout in a file or a pipe, stderr still carries it.
TEST_F(CrossKernelRuns, OnATerminalEachWarningIsShownOnce) {
  save("kernel-a", 1, 5, 1);
  save("kernel-b", 2, 2, 2);
  const std::string warning = "differ in more than the kernel: option timeout_s: A 5.0, B 2.0";
  TerminalStderr terminal;
  ASSERT_TRUE(terminal.ready());
  const std::function<void()> stderr_on_terminal = terminal.as_stderr();
  const ToolResult on_terminal =
      run_tool({"compare", "kernel-a", "kernel-b", "--db", db_}, kTimeoutS, {}, [&] {
        stderr_on_terminal();
        ::dup2(2, 1);  // stdout on the same terminal
      });
  ASSERT_EQ(on_terminal.exit_code, 0) << on_terminal.err;
  const std::string screen = terminal.text();
  std::size_t shown = 0;
  for (std::size_t at = screen.find(warning); at != std::string::npos;
       at = screen.find(warning, at + 1)) {
    ++shown;
  }
  EXPECT_EQ(shown, 1U) << screen;
  const ToolResult to_files = compare({"kernel-a", "kernel-b", "--db", db_});
  EXPECT_NE(to_files.err.find(warning), std::string::npos) << to_files.err;
  EXPECT_NE(to_files.out.find(warning), std::string::npos) << to_files.out;
}

}  // namespace
}  // namespace clonebench::testing
