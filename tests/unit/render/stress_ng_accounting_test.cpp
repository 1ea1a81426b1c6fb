// A --workload stress-ng run is reported twice: as stress-ng 0.15.06 counts it (its --metrics
// lines, checked against stress-ng's own output for the same numbers) and as clonebench counts
// it, each clearly labelled in every format.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>
#include <string>
#include <vector>

#include "record/record_json.hpp"
#include "record/run_document_json.hpp"
#include "render/exporters.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

std::vector<std::string> accounting_lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

bool has_line(const std::vector<std::string>& lines, const std::string& wanted) {
  return std::find(lines.begin(), lines.end(), wanted) != lines.end();
}

StressNgAccounting with_metric(std::vector<double> values) {
  StressNgAccounting accounting;
  accounting.metric = "microsecs per clone";
  accounting.metric_values = std::move(values);
  return accounting;
}

TEST(StressNgAccounting, TheMetricsTableShowsTheRunAsStressNgPrintedIt) {
  const auto lines =
      accounting_lines_of(render_metrics(testing::sample_stress_ng_document(), 30345));
  // stress-ng 0.15.06's own lines for this run, with our prefix instead of "stress-ng: ".
  EXPECT_TRUE(has_line(lines,
                       "clonebench: metrc: [30345] clone               534      3.02      0.18"
                       "      2.19       177.06         224.93        78.72        136424"));
  EXPECT_TRUE(has_line(lines, "clonebench: metrc: [30345] miscellaneous metrics:"));
  EXPECT_TRUE(has_line(lines,
                       "clonebench: metrc: [30345] clone               1887.11 microsecs per "
                       "clone (geometic mean of 1 instances)"));
}

TEST(StressNgAccounting, TheMetricsTableThenShowsClonebenchsAccountingUnderItsOwnName) {
  const auto lines = accounting_lines_of(render_metrics(testing::sample_stress_ng_document(), 1));
  // 534 / 2.95 = 181.02 ops/s real; 534 / 3.35 = 159.40 ops/s cpu; 100 * 3.35 / 2.95 = 113.56 %.
  EXPECT_TRUE(has_line(lines,
                       "clonebench: metrc: [1] clone/all           534      2.95      0.25      "
                       "3.10       181.02         159.40       113.56        136000"));
  // The clean fork run appears once in stress-ng's table (its other lines are latency rows) and
  // never in the complete-accounting table, which is only for stress-ng runs.
  int fork_rows = 0;
  for (const auto& line : lines) {
    const bool latency_row = line.find(" create ") != std::string::npos ||
                             line.find(" start ") != std::string::npos ||
                             line.find(" reap ") != std::string::npos;
    fork_rows += line.find("] fork") != std::string::npos && !latency_row ? 1 : 0;
  }
  EXPECT_EQ(fork_rows, 1);
}

TEST(StressNgAccounting, TheYamlUsesStressNgsKeysForStressNgsNumbers) {
  const std::string yaml = render_yaml(testing::sample_stress_ng_document());
  for (const char* line :
       {"      bogo-ops-per-second-usr-sys-time: 224.927436\n",
        "      bogo-ops-per-second-real-time: 177.058332\n", "      wall-clock-time: 3.015955\n",
        "      cpu-usage-per-instance: 78.717979\n", "      max-rss: 136424\n",
        "      microsecs-per-clone: 1887.114307\n", "      workload: stress-ng\n",
        "      complete-wall-clock-time: 2.950000\n",
        "      children-reaped-by-supervisor: 377\n"}) {
    EXPECT_NE(yaml.find(line), std::string::npos) << line;
  }
}

TEST(StressNgAccounting, TheTableSaysWhoCountedEachRow) {
  const auto lines = accounting_lines_of(render_table(testing::sample_stress_ng_document()));
  ASSERT_EQ(lines.size(), 6U);  // two header lines, fork, clone twice, the note on clone's failures
  EXPECT_TRUE(lines[5].starts_with("note: EINVAL and EPERM failures are deliberate")) << lines[5];
  EXPECT_NE(lines[1].find("counted by"), std::string::npos) << lines[1];
  EXPECT_NE(lines[2].find("fork      clonebench"), std::string::npos) << lines[2];
  EXPECT_NE(lines[3].find("clone     clonebench"), std::string::npos) << lines[3];
  EXPECT_NE(lines[3].find("181.02"), std::string::npos) << lines[3];
  EXPECT_NE(lines[4].find("clone     stress-ng"), std::string::npos) << lines[4];
  EXPECT_NE(lines[4].find("177.06"), std::string::npos) << lines[4];
}

TEST(StressNgAccounting, AJsonDocumentCarriesBothAndReadsBack) {
  const RunDocument document = testing::sample_stress_ng_document();
  const nlohmann::json json = to_json(document);
  const auto& run = json["runs"][1];
  EXPECT_EQ(run["workload"], "stress-ng");
  EXPECT_DOUBLE_EQ(run["real_time_s"].get<double>(), 2.95);
  EXPECT_EQ(run["children_reaped_by_supervisor"], 377);
  EXPECT_NEAR(run["stress_ng"]["ops_per_sec_real"].get<double>(), 177.058332, 1e-6);
  EXPECT_EQ(run["stress_ng"]["misc_metric"]["description"], "microsecs per clone");
  EXPECT_EQ(json["runs"][0]["workload"], "clean");
  EXPECT_FALSE(json["runs"][0].contains("stress_ng"));
  const RunDocument read = run_document_from_json(json, "test");
  ASSERT_TRUE(read.runs[1].result.stress_ng.has_value());
  EXPECT_EQ(read.runs[1].result.workload(), Workload::kStressNg);
  EXPECT_EQ(read.runs[1].result.stress_ng->usr_time_s, 0.179111);
  EXPECT_EQ(read.runs[1].result.stress_ng->metric_values, std::vector<double>{1887.114307});
  EXPECT_FALSE(read.runs[0].result.stress_ng.has_value());
}

TEST(StressNgAccounting, TheTableMetricIsTheGeometricMeanOfPositiveValues) {
  EXPECT_DOUBLE_EQ(with_metric({100.0, 400.0}).metric_geometric_mean(), 200.0);
  EXPECT_DOUBLE_EQ(with_metric({100.0, 0.0, 400.0, -1.0}).metric_geometric_mean(), 200.0);
  EXPECT_DOUBLE_EQ(with_metric({}).metric_geometric_mean(), 0.0);
  // stress-ng multiplies mantissas and adds exponents, so a product past DBL_MAX is fine.
  const double huge = with_metric({1e300, 1e300, 1e300}).metric_geometric_mean();
  EXPECT_NEAR(huge / 1e300, 1.0, 1e-9);
}

TEST(StressNgAccounting, TheYamlMetricIsTheArithmeticMeanOverInstances) {
  EXPECT_DOUBLE_EQ(with_metric({100.0, 400.0}).metric_mean(), 250.0);
  EXPECT_DOUBLE_EQ(with_metric({}).metric_mean(), 0.0);
}

TEST(StressNgAccounting, RatesFollowStressNgsFormulas) {
  StressNgAccounting accounting;
  accounting.real_time_s = 10.0428;
  accounting.usr_time_s = 1.305945;
  accounting.sys_time_s = 11.670640;
  // stress-ng's b1-1 clone run: 2807 ops, 2 instances -> 279.50, 216.31, 64.61 (printed).
  EXPECT_NEAR(accounting.ops_per_sec_real(2807), 279.50, 0.005);
  EXPECT_NEAR(accounting.ops_per_sec_cpu(2807), 216.31, 0.005);
  EXPECT_NEAR(accounting.cpu_per_instance_pct(2), 64.61, 0.005);
  EXPECT_EQ(StressNgAccounting{}.ops_per_sec_real(10), 0.0);
  EXPECT_EQ(StressNgAccounting{}.ops_per_sec_cpu(10), 0.0);
}

}  // namespace
}  // namespace clonebench
