// What people paste into bugs and mails, read by `compare`: stress-ng 0.13's 8-column "info:"
// tables with several runs under one header, --metrics-brief with --timestamp under a CI log
// prefix, and the outputs of bash's, zsh's, POSIX and GNU `time`. Samples in tests/data/compare
// (written for these tests); each format's comparison is checked against a golden table, and
// every malformed variant must name its file and line.

#include <gtest/gtest.h>

#include <string>

#include "compare/comparison.hpp"
#include "compare/input_readers.hpp"
#include "compare/metric_selection.hpp"
#include "compare/renderers.hpp"
#include "core/error.hpp"
#include "support/golden.hpp"
#include "support/test_data.hpp"

namespace clonebench {
namespace {

std::string sample(const std::string& name) {
  return testing::data_path("compare/" + name);
}

SampleSet read(const std::string& name) {
  return read_input_file(sample(name), {});
}

// The error reading the sample, with its directory left out.
std::string error_of(const std::string& name) {
  try {
    read(name);
  } catch (const UsageError& error) {
    std::string message = error.what();
    const std::string directory = testing::data_path("compare/");
    if (message.starts_with(directory)) {
      message.erase(0, directory.size());
    }
    return message;
  }
  return "no error";
}

std::string error_of_text(const std::string& text) {
  try {
    read_input_text("F", text, {});
  } catch (const UsageError& error) {
    return error.what();
  }
  return "no error";
}

// The comparison table of two samples, as `compare A B` prints it.
// As `compare A B` prints it: the default metric, the others both sides hold beside it.
std::string compared(const std::string& a, const std::string& b) {
  ComparisonResult report =
      analyze_unpaired(select_metrics(read(a), read(b), {}, std::nullopt, true), {});
  report.a_name = a;
  report.b_name = b;
  return render_compare_table(report);
}

TEST(PastedInputs, AStressNg013TableHasEightColumnsAndNoRssMax) {
  const SampleSet set = read("stress-ng-0.13-a.log");
  EXPECT_EQ(set.format, "stress-ng-log");
  ASSERT_FALSE(set.runs.empty());
  const RunObservation& first = set.runs[0];
  EXPECT_EQ(first.group, "fork");
  EXPECT_DOUBLE_EQ(first.metrics.at("bogo_ops"), 61043);
  EXPECT_DOUBLE_EQ(first.metrics.at("ops_per_sec_real"), 6098.20);
  EXPECT_DOUBLE_EQ(first.metrics.at("ops_per_sec_cpu"), 3290.73);
  EXPECT_DOUBLE_EQ(first.metrics.at("cpu_per_instance_pct"), 92.66);
  EXPECT_FALSE(first.metrics.contains("max_rss_kb"));
}

TEST(PastedInputs, SeveralRunsUnderOneHeaderWithPromptsBetweenAreSeveralRuns) {
  const SampleSet set = read("stress-ng-0.13-a.log");
  ASSERT_EQ(set.runs.size(), 5U);
  EXPECT_DOUBLE_EQ(set.runs[4].metrics.at("bogo_ops"), 61292);
}

TEST(PastedInputs, A013MiscLineAveragedPerStressorIsAMetricOfItsRow) {
  const SampleSet set = read_input_text(
      "F",
      "stress-ng: info:  [9] clone               2807     10.04      1.31     11.67       279.50"
      "         216.31        64.61\n"
      "stress-ng: info:  [9] clone              2816.45 microsecs per clone (average per "
      "stressor)\n",
      {});
  ASSERT_EQ(set.runs.size(), 1U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("microsecs_per_clone"), 2816.45);
}

TEST(PastedInputs, BriefTablesWithTimestampsUnderACiLogPrefixAreRead) {
  const SampleSet set = read("stress-ng-brief-timestamp.log");
  EXPECT_EQ(set.format, "stress-ng-log");
  ASSERT_EQ(set.runs.size(), 5U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_real"), 3158.00);
  EXPECT_DOUBLE_EQ(set.runs[4].metrics.at("ops_per_sec_cpu"), 3302.11);
  EXPECT_FALSE(set.runs[4].metrics.contains("cpu_per_instance_pct"));
}

TEST(PastedInputs, BashTimeBlocksAreRunsInSecondsWithUserAndSys) {
  const SampleSet set = read("time-bash-a.txt");
  EXPECT_EQ(set.format, "time-output");
  ASSERT_EQ(set.runs.size(), 5U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("time_s"), 11 * 60 + 45.2);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("usr_time_s"), 21 * 60 + 33.332);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("sys_time_s"), 60 + 41.428);
}

TEST(PastedInputs, GnuTimeVerboseBlocksGiveElapsedCpuAndMaxRss) {
  const SampleSet set = read("time-gnu-verbose-b.txt");
  ASSERT_EQ(set.runs.size(), 5U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("time_s"), 12 * 60 + 13.49);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("usr_time_s"), 1321.29);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("max_rss_kb"), 398305);
}

TEST(PastedInputs, GnuTimeDefaultPosixAndZshLinesAreOneRunEach) {
  const SampleSet gnu = read("time-gnu-default.txt");
  ASSERT_EQ(gnu.runs.size(), 4U);
  EXPECT_DOUBLE_EQ(gnu.runs[1].metrics.at("time_s"), 2.36);
  EXPECT_DOUBLE_EQ(gnu.runs[1].metrics.at("max_rss_kb"), 3447);
  const SampleSet posix = read("time-posix.txt");
  ASSERT_EQ(posix.runs.size(), 4U);
  EXPECT_DOUBLE_EQ(posix.runs[3].metrics.at("time_s"), 2.31);
  EXPECT_DOUBLE_EQ(posix.runs[3].metrics.at("sys_time_s"), 1.86);
  const SampleSet zsh = read("time-zsh.txt");
  ASSERT_EQ(zsh.runs.size(), 4U);
  EXPECT_DOUBLE_EQ(zsh.runs[2].metrics.at("time_s"), 2.336);
  EXPECT_DOUBLE_EQ(zsh.runs[2].metrics.at("usr_time_s"), 0.42);
}

TEST(PastedInputs, HoursInAClockOrUnitDurationAreCounted) {
  const SampleSet set = read_input_text(
      "F", "Elapsed (wall clock) time (h:mm:ss or m:ss): 1:02:03.5\nreal 1h2m3.5s\n", {});
  ASSERT_EQ(set.runs.size(), 2U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("time_s"), 3723.5);
  EXPECT_DOUBLE_EQ(set.runs[1].metrics.at("time_s"), 3723.5);
}

TEST(PastedInputs, ComparisonsOfEachFormatMatchTheGoldenTables) {
  testing::expect_golden_file(testing::golden_path("compare/report-stress-ng-0.13.table.txt"),
                              compared("stress-ng-0.13-a.log", "stress-ng-0.13-b.log"));
  testing::expect_golden_file(testing::golden_path("compare/report-time.table.txt"),
                              compared("time-bash-a.txt", "time-gnu-verbose-b.txt"));
  testing::expect_golden_file(testing::golden_path("compare/report-time-short.table.txt"),
                              compared("time-posix.txt", "time-zsh.txt"));
}

TEST(PastedInputs, ARowCutShortIsRefusedWithItsFileAndLine) {
  EXPECT_EQ(error_of("malformed-0.13-cut.log"),
            "malformed-0.13-cut.log:13: a stress-ng metrics row with 6 columns (7 with "
            "--metrics-brief, 8 before stress-ng 0.14's RSS Max, 9 after)");
  EXPECT_EQ(error_of_text("stress-ng: info:  [9] fork  61043  10.01  2.95  15.60  6098.20  "
                          "3290.73  9x.66\n"),
            "F:1: 'CPU used per instance' of stressor fork is not a number: '9x.66'");
}

TEST(PastedInputs, AnUnreadableOrIncompleteTimeOutputIsRefusedWithItsFileAndLine) {
  EXPECT_EQ(error_of("malformed-time.txt"),
            "malformed-time.txt:22: cannot read time_s '11m48.5O1s' of a time output");
  EXPECT_EQ(error_of("malformed-time-cut.txt"),
            "malformed-time-cut.txt:27: a time output without its elapsed (real) time; was the "
            "paste cut short?");
  EXPECT_EQ(error_of_text("real 1:2:3:4\n"), "F:1: cannot read time_s '1:2:3:4' of a time output");
  EXPECT_EQ(error_of_text("real 1e308h\n"), "F:1: cannot read time_s '1e308h' of a time output");
  EXPECT_EQ(error_of_text("real inf\n"), "F:1: cannot read time_s 'inf' of a time output");
}

TEST(PastedInputs, OtherStressNgLinesWithANumberAreNotMistakenForRows) {
  const SampleSet set =
      read_input_text("F",
                      "stress-ng: info:  [9] skipped: 0\n"
                      "stress-ng: info:  [9] passed: 1: fork (1)\n"
                      "stress-ng: info:  [9] fork: 12 1.5 extra words\n"
                      "stress-ng: info:  [9] fork  61043  10.01  2.95  15.60  6098.20  3290.73\n",
                      {});
  EXPECT_EQ(set.runs.size(), 1U);
}

}  // namespace
}  // namespace clonebench
