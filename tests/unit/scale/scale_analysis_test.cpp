// A scale's analysis on hand-computed vectors: medians and intervals per count, efficiencies per
// round, the verdict of each step, where throughput stops growing, and the report as golden files.

#include "scale/scale_analysis.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/scale_summary_json.hpp"
#include "scale/scale_render.hpp"
#include "support/golden.hpp"

namespace clonebench {
namespace {

constexpr double kScaleTestInf = std::numeric_limits<double>::infinity();

// 6 rounds of 1, 2 and 4 instances, each run 1 s long, so that ops/s = bogo ops. 1 instance:
// 98..102 (median 100, 95 % interval [98, 102]: with 6 rounds the interval is the min and max);
// 2 instances: 186..194 (median 190, [186, 194]); 4 instances: 180..200, overlapping 2's.
std::vector<ScaleSample> scale_test_samples() {
  const std::vector<std::vector<std::uint64_t>> ops = {
      {100, 102, 98, 101, 99, 100}, {190, 194, 186, 192, 188, 190}, {200, 180, 195, 185, 190, 192}};
  std::vector<ScaleSample> samples;
  for (std::uint32_t round = 0; round < 6; ++round) {
    for (std::size_t point = 0; point < ops.size(); ++point) {
      samples.push_back(
          ScaleSample{point, round, static_cast<std::uint32_t>(point), ops[point][round], 1.0});
    }
  }
  return samples;
}

ScaleSettings scale_test_settings(std::vector<std::uint32_t> instances, std::uint32_t rounds) {
  ScaleSettings settings;
  settings.stressor = "fork";
  settings.instances = std::move(instances);
  settings.rounds = rounds;
  settings.timeout_s = 1;
  settings.seed = 7;
  return settings;
}

ScaleEstimate scale_test_estimate(double median, double lo, double hi) {
  return ScaleEstimate{median, lo, hi};
}

TEST(ScaleAnalysis, GivesTheMedianOpsPerSecondAndItsIntervalOverRounds) {
  const ScaleSummary summary =
      analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5);
  const auto& points = summary.points;
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].instances, 1u);
  EXPECT_EQ(points[0].n, 6u);
  EXPECT_DOUBLE_EQ(points[0].ops_per_s.median, 100);
  ASSERT_TRUE(points[0].ops_per_s.ci.has_value());
  EXPECT_EQ(points[0].ops_per_s.ci->lo, 98.0);
  EXPECT_EQ(points[0].ops_per_s.ci->hi, 102.0);
  EXPECT_DOUBLE_EQ(points[1].ops_per_s.median, 190);
  ASSERT_TRUE(points[1].ops_per_s.ci.has_value());
  EXPECT_EQ(points[1].ops_per_s.ci->lo, 186.0);
  EXPECT_EQ(points[1].ops_per_s.ci->hi, 194.0);
  EXPECT_NEAR(points[0].ci_confidence, 62.0 / 64, 1e-12);
  EXPECT_EQ(points[2].runs.size(), 6u);
}

TEST(ScaleAnalysis, ComputesEfficiencyPerRoundAgainstThatRoundsSingleInstance) {
  const ScaleSummary summary =
      analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5);
  const ScaleSummaryEstimate& one = summary.points[0].efficiency;
  EXPECT_DOUBLE_EQ(one.median, 1.0);
  ASSERT_TRUE(one.ci.has_value());
  EXPECT_EQ(one.ci->lo, 1.0);
  EXPECT_EQ(one.ci->hi, 1.0);
  // Rounds: 190/2/100, 194/2/102, 186/2/98, 192/2/101, 188/2/99, 190/2/100.
  const ScaleSummaryEstimate& two = summary.points[1].efficiency;
  EXPECT_DOUBLE_EQ(two.median, 0.95);
  ASSERT_TRUE(two.ci.has_value());
  EXPECT_DOUBLE_EQ(two.ci->lo, 93.0 / 98);
  EXPECT_DOUBLE_EQ(two.ci->hi, 97.0 / 102);
  EXPECT_DOUBLE_EQ(summary.points[1].runs[1].efficiency, 97.0 / 102);
}

TEST(ScaleAnalysis, JudgesEachStepAndCannotDecideWhenIntervalsOverlap) {
  const ScaleSummary summary =
      analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5);
  ASSERT_EQ(summary.steps.size(), 2u);
  EXPECT_EQ(summary.steps[0].verdict, ScaleStep::kGrows);
  EXPECT_EQ(summary.steps[1].verdict, ScaleStep::kOverlaps);
  ASSERT_TRUE(summary.knee.has_value());
  EXPECT_EQ(summary.knee->status, ScaleKnee::Status::kUndecided);
  EXPECT_EQ(summary.knee->instances, 2u);
  EXPECT_EQ(summary.knee->next_instances, 4u);
}

TEST(ScaleAnalysis, LeavesTheIntervalOutWhenTheRoundsAreTooFew) {
  std::vector<ScaleSample> samples = scale_test_samples();
  samples.resize(15);  // rounds 1 to 5 of 3 counts: 5 rounds bound no 95 % interval
  const ScaleSummary summary = analyze_scale(scale_test_settings({1, 2, 4}, 5), samples, 9);
  EXPECT_FALSE(summary.points[1].ops_per_s.ci.has_value());
  EXPECT_FALSE(summary.points[1].efficiency.ci.has_value());
  ASSERT_TRUE(summary.knee.has_value());
  EXPECT_EQ(summary.knee->status, ScaleKnee::Status::kUndecided);
  EXPECT_EQ(summary.knee->instances, 1u);
}

TEST(ScaleAnalysis, RefusesARunWithoutOperations) {
  std::vector<ScaleSample> samples = scale_test_samples();
  samples[4].bogo_ops = 0;
  EXPECT_THROW(analyze_scale(scale_test_settings({1, 2, 4}, 6), samples, 1), RuntimeError);
}

TEST(ScaleKnee, IsNotReachedWhenEveryStepGrows) {
  const ScaleKnee knee = find_scale_knee(
      {1, 2, 4}, {scale_test_estimate(100, 98, 102), scale_test_estimate(190, 185, 195),
                  scale_test_estimate(300, 290, 310)});
  EXPECT_EQ(knee.status, ScaleKnee::Status::kNotReached);
  EXPECT_EQ(knee.instances, 4u);
}

TEST(ScaleKnee, IsReachedAtTheCountWhoseNextIntervalLiesBelowIt) {
  const ScaleKnee knee = find_scale_knee(
      {1, 2, 4, 8}, {scale_test_estimate(100, 98, 102), scale_test_estimate(190, 185, 195),
                     scale_test_estimate(170, 160, 180), scale_test_estimate(150, 140, 155)});
  EXPECT_EQ(knee.status, ScaleKnee::Status::kReached);
  EXPECT_EQ(knee.instances, 2u);
  EXPECT_EQ(knee.next_instances, 4u);
}

TEST(ScaleKnee, CannotBeDecidedAtTheFirstOverlapEvenIfALaterStepFalls) {
  const ScaleKnee knee = find_scale_knee(
      {1, 2, 4, 8}, {scale_test_estimate(100, 98, 102), scale_test_estimate(190, 185, 195),
                     scale_test_estimate(192, 186, 199), scale_test_estimate(150, 140, 155)});
  EXPECT_EQ(knee.status, ScaleKnee::Status::kUndecided);
  EXPECT_EQ(knee.instances, 2u);
  EXPECT_EQ(knee.next_instances, 4u);
}

TEST(ScaleKnee, TouchingIntervalsOverlap) {
  EXPECT_EQ(scale_step(scale_test_estimate(100, 98, 102), scale_test_estimate(110, 102, 115)),
            ScaleStep::kOverlaps);
  EXPECT_EQ(scale_step(scale_test_estimate(100, 98, 102), scale_test_estimate(90, 85, 98)),
            ScaleStep::kOverlaps);
  EXPECT_EQ(scale_step(scale_test_estimate(100, 98, 102), scale_test_estimate(110, 102.5, 115)),
            ScaleStep::kGrows);
  EXPECT_EQ(scale_step(scale_test_estimate(100, 98, 102), scale_test_estimate(90, 85, 97.5)),
            ScaleStep::kFalls);
}

TEST(ScaleKnee, AnIntervalUnboundedOnTheSideFacingTheOtherDecidesNothing) {
  EXPECT_EQ(
      scale_step(scale_test_estimate(100, 98, kScaleTestInf), scale_test_estimate(1000, 900, 1100)),
      ScaleStep::kOverlaps);
  EXPECT_EQ(
      scale_step(scale_test_estimate(100, -kScaleTestInf, 102), scale_test_estimate(10, 8, 12)),
      ScaleStep::kOverlaps);
  // Unbounded on the far sides only: the bounded sides are apart, which decides.
  EXPECT_EQ(scale_step(scale_test_estimate(100, -kScaleTestInf, 102),
                       scale_test_estimate(1000, 900, kScaleTestInf)),
            ScaleStep::kGrows);
}

TEST(ScaleKneeText, SaysInstanceForOneAndInstancesForMore) {
  EXPECT_EQ(scale_knee_text({ScaleKnee::Status::kReached, 1, 2}),
            "throughput stops growing at 1 instance: the ops/s interval at 2 lies below it\n");
  EXPECT_EQ(scale_knee_text({ScaleKnee::Status::kReached, 2, 4}),
            "throughput stops growing at 2 instances: the ops/s interval at 4 lies below it\n");
  EXPECT_EQ(scale_knee_text({ScaleKnee::Status::kNotReached, 4, 0}),
            "throughput stops growing: not reached (it grows at every step, up to 4 instances)\n");
}

TEST(ScaleReport, MatchesTheGoldenFile) {
  const ScaleSummary summary =
      analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5);
  testing::expect_golden_file(testing::golden_path("scale/report.txt"), render_scale(summary));
  // `show` renders the stored summary: the same bytes.
  EXPECT_EQ(render_scale(scale_summary_from_json(scale_summary_to_json(summary))),
            render_scale(summary));
}

TEST(ScaleReport, SaysTooFewRunsInsteadOfAnUnboundedInterval) {
  std::vector<ScaleSample> samples = scale_test_samples();
  samples.resize(6);  // rounds 1 and 2
  const ScaleSummary summary = analyze_scale(scale_test_settings({1, 2, 4}, 2), samples, 3);
  testing::expect_golden_file(testing::golden_path("scale/too_few_rounds.txt"),
                              render_scale(summary));
}

// The stored "scale" object, byte for byte: the store, --json and `show` depend on its keys,
// their order and the formatting of every number.
TEST(ScaleSummaryDocument, IsStoredByteForByteAsBefore) {
  std::vector<ScaleSample> few = scale_test_samples();
  few.resize(6);  // rounds 1 and 2: intervals are null
  testing::expect_golden_file(
      testing::golden_path("scale/summary.json"),
      dump_json(scale_summary_to_json(
                    analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5)),
                2));
  testing::expect_golden_file(
      testing::golden_path("scale/summary_too_few_rounds.json"),
      dump_json(scale_summary_to_json(analyze_scale(scale_test_settings({1, 2, 4}, 2), few, 3)),
                2));
}

TEST(ScaleSummaryDocument, AStoredSummaryDecodesAndEncodesToTheSameBytes) {
  for (const char* name : {"scale/summary.json", "scale/summary_too_few_rounds.json"}) {
    std::ifstream file(testing::golden_path(name), std::ios::binary);
    const std::string stored((std::istreambuf_iterator<char>(file)), {});
    const nlohmann::json json = nlohmann::json::parse(stored);
    EXPECT_EQ(dump_json(scale_summary_to_json(scale_summary_from_json(json)), 2), stored) << name;
  }
  EXPECT_EQ(scale_summary_to_json(scale_summary_from_json(nlohmann::json::object())),
            nlohmann::json::object());
}

TEST(ScaleSummaryDocument, TheJsonDocumentHoldsTheSchemaTheEnvironmentAndTheScale) {
  const ScaleSummary summary =
      analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5);
  const nlohmann::json document =
      scale_document_to_json(nlohmann::json{{"kernel_release", "6.1.0"}}, summary);
  EXPECT_EQ(document.at("schema"), "clonebench/1");
  EXPECT_EQ(document.at("environment").at("kernel_release"), "6.1.0");
  EXPECT_EQ(document.at("scale"), scale_summary_to_json(summary));
  EXPECT_EQ(document.size(), 3U);
}

TEST(ScaleReport, RefusesTheEmptySummaryOfAnUnfinishedScale) {
  EXPECT_THROW(render_scale(scale_summary_from_json(nlohmann::json::object())), UsageError);
}

TEST(ScaleReport, ShowsAStoredStressorAndWorkloadEscaped) {
  ScaleSummary summary =
      analyze_scale(scale_test_settings({1, 2, 4}, 6), scale_test_samples(), 12.5);
  summary.settings.stressor = "fork\x1b[2J";
  summary.settings.workload = "clean\n\x1b]0;x\x07";
  const std::string text = render_scale(summary);
  EXPECT_EQ(text.find('\x1b'), std::string::npos) << text;
  EXPECT_EQ(text.find('\x07'), std::string::npos) << text;
  EXPECT_NE(text.substr(0, text.find('\n')).find(": 6 rounds"), std::string::npos)
      << "a stored newline ended the heading early: " << text;
}

}  // namespace
}  // namespace clonebench
