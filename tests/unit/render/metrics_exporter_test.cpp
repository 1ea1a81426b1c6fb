// The --metrics table against real stress-ng 0.15.06 output (docs/schema.md, "5. --metrics" and
// "6. Real stress-ng 0.15.06 output the exporters are checked against").
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "render/exporters.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

RunDocument document_of(RunResult result) {
  RunDocument document;
  RunRecord record;
  record.result = std::move(result);
  document.runs.push_back(std::move(record));
  return document;
}

RunResult stress_ng_run(const char* stressor, std::uint32_t instances, std::uint64_t bogo_ops,
                        double real_s, double usr_s, double sys_s, std::uint64_t rss_kb) {
  RunResult result;
  result.stressor = stressor;
  result.instances = instances;
  result.bogo_ops = bogo_ops;
  result.real_time_s = real_s;
  result.usr_time_s = usr_s;
  result.sys_time_s = sys_s;
  result.max_rss_kb = rss_kb;
  return result;
}

TEST(ExportMetrics, PrintsStressNgsHeaderAndCloneRowByteForByte) {
  // stress-ng --clone 2 -t 10 --metrics, run b1-1: c=2807, mean real 10.0428 s, usr 1.305945,
  // sys 11.670640, 2 instances.
  const auto lines = lines_of(render_metrics(
      document_of(stress_ng_run("clone", 2, 2807, 10.0428, 1.305945, 11.670640, 142088)), 7020));
  ASSERT_GE(lines.size(), 3U);
  EXPECT_EQ(lines[0],
            "clonebench: metrc: [7020] stressor       bogo ops real time  usr time  sys time   "
            "bogo ops/s     bogo ops/s CPU used per       RSS Max");
  EXPECT_EQ(lines[1],
            "clonebench: metrc: [7020]                           (secs)    (secs)    (secs)   "
            "(real time) (usr+sys time) instance (%)          (KB)");
  EXPECT_EQ(lines[2],
            "clonebench: metrc: [7020] clone              2807     10.04      1.31     11.67       "
            "279.50         216.31        64.61        142088");
}

TEST(ExportMetrics, ReproducesTheRowsOfTheYamlSampleRun) {
  RunDocument document;
  for (auto result : {stress_ng_run("clone", 1, 534, 3.015955, 0.179111, 2.194988, 136424),
                      stress_ng_run("fork", 1, 2071, 3.000063, 0.451017, 0.441950, 2548),
                      stress_ng_run("vfork", 1, 25310, 3.003747, 0.409636, 0.493858, 2516)}) {
    RunRecord record;
    record.result = result;
    document.runs.push_back(record);
  }
  const auto lines = lines_of(render_metrics(document, 30345));
  ASSERT_GE(lines.size(), 5U);
  EXPECT_EQ(
      lines[2],
      "clonebench: metrc: [30345] clone               534      3.02      0.18      2.19       "
      "177.06         224.93        78.72        136424");
  EXPECT_EQ(
      lines[3],
      "clonebench: metrc: [30345] fork               2071      3.00      0.45      0.44       "
      "690.32        2319.23        29.76          2548");
  EXPECT_EQ(lines[4],
            "clonebench: metrc: [30345] vfork             25310      3.00      0.41      0.49      "
            "8426.14       28013.47        30.08          2516");
}

TEST(ExportMetrics, PrefixesEveryLineAndAddsOneLatencyLinePerRunAndPhase) {
  const auto lines = lines_of(render_metrics(testing::sample_document(), 42));
  for (const auto& line : lines) {
    EXPECT_EQ(line.rfind("clonebench: metrc: [42] ", 0), 0U) << line;
  }
  int latency_lines = 0;
  for (const auto& line : lines) {
    for (const char* phase : {" create ", " start  ", " reap   "}) {
      if (line.find(phase) != std::string::npos && line.find("usecs") == std::string::npos) {
        ++latency_lines;
      }
    }
  }
  EXPECT_EQ(latency_lines, 6);
}

TEST(ExportMetrics, PrintsTheLatencySummaryOfTheHistogram) {
  RunResult result = stress_ng_run("fork", 1, 3, 1.0, 0.5, 0.5, 2000);
  for (const std::uint64_t ns : {10'000ULL, 20'000ULL, 30'000ULL}) {
    result.create.add(ns);
  }
  // Worked by hand: the mean is exact, (10 + 20 + 30) / 3 = 20.00 µs. Quantiles are nearest
  // ranks shown as the middle of their bucket (64 per power of two), clamped to [min, max]:
  // p50 = 2nd value, 20 000 ns in [19 968, 20 224) → 20 095.5 ns → "20.10"; p90 and p99 = 3rd
  // value, 30 000 ns in [29 952, 30 208) → 30 079.5 ns, clamped to the maximum → "30.00".
  const auto lines = lines_of(render_metrics(document_of(result), 1));
  ASSERT_GE(lines.size(), 7U);
  EXPECT_EQ(lines[6],
            "clonebench: metrc: [1] fork          create         3        20.00        20.10"
            "        30.00        30.00        30.00");
}

// The table looks like stress-ng's; under its rows it says whose workload a clean row measured,
// so that it is not set beside stress-ng's own as the same thing.
TEST(ExportMetrics, SaysUnderTheRowsThatCleanRowsAreNotStressNgsWorkload) {
  const auto lines = lines_of(render_metrics(
      document_of(stress_ng_run("clone", 2, 2807, 10.0428, 1.305945, 11.670640, 142088)), 7020));
  ASSERT_GE(lines.size(), 4U);
  EXPECT_EQ(lines[3],
            "clonebench: metrc: [7020] rows above without /all: clonebench's clean workload (its "
            "lean loop), not stress-ng's child work; --workload stress-ng measures that");
}

// A phase that was not timed (stress-ng's child work has no start probe) reads n/a, not a
// count of 0 and a latency of 0.00.
TEST(ExportMetrics, APhaseNeverTimedReadsNotApplicable) {
  const auto lines =
      lines_of(render_metrics(document_of(stress_ng_run("clone", 1, 3, 1.0, 0.5, 0.5, 2000)), 1));
  const std::string start = "clonebench: metrc: [1] clone         start ";
  const auto found = std::find_if(lines.begin(), lines.end(),
                                  [&](const std::string& line) { return line.starts_with(start); });
  ASSERT_NE(found, lines.end());
  EXPECT_EQ(*found,
            "clonebench: metrc: [1] clone         start        n/a          n/a          n/a     "
            "     n/a          n/a          n/a");
}

TEST(ExportMetrics, ListsFailuresByErrnoOnlyForRunsThatHadThem) {
  RunResult quiet = stress_ng_run("fork", 1, 3, 1.0, 0.5, 0.5, 2000);
  EXPECT_EQ(render_metrics(document_of(quiet), 1).find("failed"), std::string::npos);
  RunResult noisy = quiet;
  noisy.failures = {{"EAGAIN", 7}, {"ENOMEM", 1}};
  EXPECT_NE(render_metrics(document_of(noisy), 1)
                .find("clonebench: metrc: [1] fork          failed calls: EAGAIN 7, ENOMEM 1\n"),
            std::string::npos);
}

}  // namespace
}  // namespace clonebench
