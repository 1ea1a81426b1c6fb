// The one table of run metrics: every name once, each getter reading its field, the units and
// directions that comparisons print, and the phase list every output follows.

#include "record/metric_table.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "support/sample_document.hpp"

namespace clonebench {
namespace {

TEST(MetricTable, NamesAreUnique) {
  std::set<std::string> names;
  for (const RunMetric& metric : run_metrics()) {
    EXPECT_TRUE(names.insert(metric.name).second) << metric.name;
  }
  EXPECT_EQ(names.size(), 8u + kLatencyPhases.size() * kLatencyStats.size());
}

TEST(MetricTable, TotalsAreInStressNgColumnOrder) {
  const std::vector<std::string> expected = {
      "bogo_ops",         "real_time_s",     "usr_time_s",           "sys_time_s",
      "ops_per_sec_real", "ops_per_sec_cpu", "cpu_per_instance_pct", "max_rss_kb"};
  std::vector<std::string> names;
  for (const RunMetric& metric : run_totals()) {
    names.push_back(metric.name);
  }
  EXPECT_EQ(names, expected);
}

TEST(MetricTable, EachTotalReadsItsField) {
  const RunRecord record = testing::sample_clone_run();
  const RunResult& r = record.result;
  const std::map<std::string, double> values = metric_values(record);
  EXPECT_EQ(values.at("bogo_ops"), 2807.0);
  EXPECT_EQ(values.at("real_time_s"), r.real_time_s);
  EXPECT_EQ(values.at("usr_time_s"), r.usr_time_s);
  EXPECT_EQ(values.at("sys_time_s"), r.sys_time_s);
  EXPECT_EQ(values.at("ops_per_sec_real"), r.ops_per_sec_real());
  EXPECT_EQ(values.at("ops_per_sec_cpu"), r.ops_per_sec_cpu());
  EXPECT_EQ(values.at("cpu_per_instance_pct"), r.cpu_per_instance_pct());
  EXPECT_EQ(values.at("max_rss_kb"), 142088.0);
}

TEST(MetricTable, LatencyMetricsReadTheSummaryOfTheirPhase) {
  const RunRecord record = testing::sample_clone_run();
  const std::map<std::string, double> values = metric_values(record);
  const LatencySummary create = summarize(record.result.create);
  const LatencySummary reap = summarize(record.result.reap);
  EXPECT_EQ(values.at("latency_us.create.mean"), create.mean_us);
  EXPECT_EQ(values.at("latency_us.create.p50"), create.p50_us);
  EXPECT_EQ(values.at("latency_us.reap.p99"), reap.p99_us);
  EXPECT_EQ(values.at("latency_us.reap.max"), reap.max_us);
  EXPECT_EQ(values.size(), run_metrics().size());
}

TEST(MetricTable, APhaseNeverTimedHasNoLatencyMetrics) {
  RunRecord record = testing::sample_clone_run();
  record.result.start = LatencyHistogram{};
  const std::map<std::string, double> values = metric_values(record);
  EXPECT_FALSE(values.contains("latency_us.start.p50"));
  EXPECT_TRUE(values.contains("latency_us.create.p50"));
  EXPECT_TRUE(values.contains("bogo_ops"));
}

TEST(MetricTable, UnitsAndDirectionsOfKnownNames) {
  EXPECT_EQ(metric_info("ops_per_sec_real").direction, Direction::kHigherIsBetter);
  EXPECT_EQ(metric_info("ops_per_sec_cpu").unit, "ops/s");
  EXPECT_EQ(metric_info("bogo_ops").unit, "ops");
  EXPECT_EQ(metric_info("bogo_ops").direction, Direction::kHigherIsBetter);
  EXPECT_EQ(metric_info("sys_time_s").unit, "sec");
  EXPECT_EQ(metric_info("sys_time_s").direction, Direction::kLowerIsBetter);
  EXPECT_EQ(metric_info("cpu_per_instance_pct").unit, "%");
  EXPECT_EQ(metric_info("max_rss_kb").unit, "KiB");
  EXPECT_EQ(metric_info("latency_us.start.p90").unit, "µs");
  EXPECT_EQ(metric_info("latency_us.start.p90").direction, Direction::kLowerIsBetter);
  EXPECT_EQ(metric_info("time_s").unit, "sec");
  EXPECT_EQ(metric_info("value").unit, "");
  EXPECT_EQ(metric_info("microsecs_per_clone").unit, "");
  EXPECT_EQ(metric_info("microsecs_per_clone").direction, Direction::kLowerIsBetter);
  EXPECT_EQ(direction_name(Direction::kHigherIsBetter), "higher-is-better");
}

TEST(MetricTable, KnowsWhichNamesAreRunMetrics) {
  EXPECT_TRUE(is_run_metric("ops_per_sec_cpu"));
  EXPECT_TRUE(is_run_metric("latency_us.reap.max"));
  EXPECT_FALSE(is_run_metric("latency_us.reap.n"));
  EXPECT_FALSE(is_run_metric("time_s"));
  EXPECT_FALSE(is_run_metric("value"));
}

TEST(MetricTable, ThePhaseList) {
  ASSERT_EQ(kLatencyPhases.size(), 3u);
  EXPECT_EQ(kLatencyPhases[0].name, "create");
  EXPECT_EQ(kLatencyPhases[1].name, "start");
  EXPECT_EQ(kLatencyPhases[2].name, "reap");
  EXPECT_EQ(kLatencyPhases[2].histogram, &RunResult::reap);
  EXPECT_TRUE(is_latency_phase("start"));
  EXPECT_FALSE(is_latency_phase("total"));
  EXPECT_EQ(latency_metric_name("create", "p50"), "latency_us.create.p50");
}

TEST(MetricTable, CountsAreWholeNumbers) {
  for (const RunMetric& metric : run_metrics()) {
    EXPECT_EQ(metric.whole_number, metric.name == "bogo_ops" || metric.name == "max_rss_kb")
        << metric.name;
  }
}

}  // namespace
}  // namespace clonebench
