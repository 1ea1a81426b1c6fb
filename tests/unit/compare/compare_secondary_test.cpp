// Secondary metrics (docs/statistics.md, "Primary and secondary metrics"): beside the metric
// that decides, `compare` shows the others both sides hold, described and never gated.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "compare/bisect.hpp"
#include "compare/compare_json.hpp"
#include "compare/comparison.hpp"
#include "compare/gate.hpp"
#include "compare/input_readers.hpp"
#include "compare/metric_selection.hpp"
#include "compare/renderers.hpp"
#include "compare/stress_ng_misc_metric.hpp"

namespace clonebench {
namespace {

// One stress-ng --yaml document of a clone run (stress-ng 0.15.06's keys).
std::string clone_document(double ops_per_sec, double microsecs_per_clone) {
  return "---\nmetrics:\n    - stressor: clone\n      bogo-ops: 534\n"
         "      bogo-ops-per-second-real-time: " +
         std::to_string(ops_per_sec) + "\n      wall-clock-time: 3.0\n      microsecs-per-clone: " +
         std::to_string(microsecs_per_clone) + "\n...\n";
}

// Six runs a side, B's rate 5 % higher and its microseconds per clone 20 % higher.
SampleSet clone_runs(const std::string& path, double rate_factor, double time_factor) {
  std::string text;
  for (int i = 0; i < 6; ++i) {
    text += clone_document(177.0 * rate_factor * (1 + 0.001 * i),
                           1887.0 * time_factor * (1 + 0.002 * i));
  }
  return read_stress_ng_yaml(path, text);
}

ComparisonResult clone_report(const std::vector<std::string>& requested) {
  const SampleSet a = clone_runs("a.yaml", 1.0, 1.0);
  const SampleSet b = clone_runs("b.yaml", 1.05, 1.2);
  return analyze_unpaired(select_metrics(a, b, requested, std::nullopt, true), {});
}

const MetricComparison* find_metric(const ComparisonResult& report, const std::string& name) {
  const auto found = std::find_if(report.metrics.begin(), report.metrics.end(),
                                  [&](const MetricComparison& m) { return m.name == name; });
  return found == report.metrics.end() ? nullptr : &*found;
}

TEST(CompareSecondary, AStressNgYamlPairShowsTheMicrosecondsPerCloneBesideTheRate) {
  const ComparisonResult report = clone_report({});
  ASSERT_EQ(report.metrics.size(), 2U);
  EXPECT_EQ(report.metrics[0].name, "ops_per_sec_real");
  EXPECT_TRUE(is_primary(report.metrics[0]));
  const MetricComparison* clone = find_metric(report, "microsecs_per_clone");
  ASSERT_NE(clone, nullptr);
  EXPECT_FALSE(is_primary(*clone));
  // stress-ng's time per clone: lower is better, in µs, so it has a per-op change and a
  // verdict in words of speed.
  EXPECT_EQ(clone->info.unit, "µs");
  EXPECT_EQ(clone->effect.verdict, Verdict::kSlower);
  const std::string table = render_compare_table(report);
  EXPECT_NE(table.find("secondary metrics, described only"), std::string::npos) << table;
  EXPECT_NE(table.find("microsecs_per_clone"), std::string::npos) << table;
  EXPECT_NE(render_compare_markdown(report).find("`microsecs_per_clone`"), std::string::npos);
  const std::string json = render_compare_json(report);
  EXPECT_NE(json.find("\"role\": \"secondary\""), std::string::npos) << json;
}

TEST(CompareSecondary, AStressNgRunOfOurOwnCarriesStressNgsMiscMetricUnderTheSameName) {
  StressNgAccounting accounting;
  accounting.metric = "microsecs per clone";
  accounting.metric_values = {100, 400};
  std::map<std::string, double> metrics;
  add_misc_metric(accounting, metrics);
  EXPECT_DOUBLE_EQ(metrics.at("microsecs_per_clone"), 200);  // the geometric mean, as --metrics
}

TEST(CompareSecondary, ASecondaryMetricSlowerBeyondTheThresholdDoesNotFailTheGate) {
  const ComparisonResult report = clone_report({});
  ASSERT_EQ(report.metrics[0].effect.verdict, Verdict::kFaster);
  EXPECT_EQ(gate_exit_code(report, {"slower"}), kExitOk);
  EXPECT_EQ(bisect_exit_code(report), kBisectGood);
  // Its p is its own: Holm's adjustment spans the primary metric alone.
  EXPECT_EQ(report.metrics[1].effect.p_holm, report.metrics[1].effect.p);
}

TEST(CompareSecondary, ANamedMetricIsTestedAndGated) {
  const ComparisonResult report = clone_report({"ops_per_sec_real", "microsecs_per_clone"});
  ASSERT_EQ(report.metrics.size(), 2U);
  EXPECT_TRUE(std::all_of(report.metrics.begin(), report.metrics.end(), is_primary));
  EXPECT_EQ(gate_exit_code(report, {"slower"}), kExitSlower);
  EXPECT_EQ(bisect_exit_code(report), kBisectBad);
}

TEST(CompareSecondary, AMetricOfUnknownDirectionIsHigherOrLowerNeverSlower) {
  MetricSamples unknown{"bogo_widgets",
                        metric_info("bogo_widgets"),
                        {1.00, 1.01, 0.99, 1.00, 1.02, 0.98},
                        {0.80, 0.81, 0.79, 0.80, 0.82, 0.78}};
  unknown.direction_known = false;
  const ComparisonResult report = analyze_unpaired({unknown}, {});
  const std::string table = render_compare_table(report);
  EXPECT_NE(table.find("lower (direction unknown)"), std::string::npos) << table;
  EXPECT_EQ(table.find("slower"), std::string::npos) << table;
  EXPECT_EQ(gate_exit_code(report, {"slower"}), kExitOk);
  EXPECT_EQ(bisect_exit_code(report), kBisectSkip);
  EXPECT_NE(render_compare_json(report).find("\"direction\": \"unknown\""), std::string::npos);
}

}  // namespace
}  // namespace clonebench
