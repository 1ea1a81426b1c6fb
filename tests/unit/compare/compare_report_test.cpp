// The comparison report end to end on fixed inputs: the statistics it carries (checked against
// docs/statistics.md, "Test vectors"), and its four renderings byte for byte against golden
// files in tests/golden/compare (the update rule is in tests/support/golden.hpp).

#include <gtest/gtest.h>

#include <cmath>

#include "compare/compare_json.hpp"
#include "compare/comparison.hpp"
#include "compare/gate.hpp"
#include "compare/input_readers.hpp"
#include "compare/metric_selection.hpp"
#include "compare/renderers.hpp"
#include "compare/wording.hpp"
#include "core/error.hpp"
#include "stats/sample_size.hpp"
#include "support/golden.hpp"
#include "support/test_data.hpp"

namespace clonebench {
namespace {

void expect_golden(const std::string& name, const std::string& actual) {
  testing::expect_golden_file(testing::golden_path("compare/" + name), actual);
}

ComparisonResult hyperfine_report() {
  ReadOptions a_options, b_options;
  a_options.hyperfine_command = "sleep 0.010";
  b_options.hyperfine_command = "sleep 0.0105";
  const SampleSet a = read_input_file(testing::data_path("compare/hyperfine-two.json"), a_options);
  const SampleSet b = read_input_file(testing::data_path("compare/hyperfine-two.json"), b_options);
  ComparisonResult report = analyze_unpaired(select_metrics(a, b, {}, std::nullopt), {});
  report.a_name = "sleep 0.010";
  report.b_name = "sleep 0.0105";
  return report;
}

ComparisonResult clonebench_report() {
  const SampleSet a = read_input_file(testing::data_path("compare/clonebench-a.json"), {});
  const SampleSet b = read_input_file(testing::data_path("compare/clonebench-b.json"), {});
  ComparisonResult report = analyze_unpaired(
      select_metrics(a, b, {"ops_per_sec_real", "latency_us.create.p50"}, std::nullopt), {});
  report.a_name = "clonebench-a.json";
  report.b_name = "clonebench-b.json";
  return report;
}

TEST(CompareReport, HyperfineSampleIsSlowerWithTheReferencePValue) {
  const ComparisonResult report = hyperfine_report();
  ASSERT_EQ(report.metrics.size(), 1U);
  const MetricComparison& time = report.metrics[0];
  EXPECT_EQ(time.name, "time_s");
  // The hyperfine sample's reference values: docs/statistics.md, "Test vectors".
  EXPECT_NEAR(time.effect.p, 0.0185, 0.00005);  // exact Mann–Whitney
  EXPECT_TRUE(time.effect.exact);
  EXPECT_NEAR(time.b.median / time.a.median, 1.037, 0.0005);  // median ratio
  EXPECT_GT(time.effect.ci_low_pct, 0.0);
  EXPECT_TRUE(is_regression(time.effect.verdict));
}

TEST(CompareReport, FewerRunsThanTheTestNeedsGiveNoVerdictAndSaySo) {
  MetricSamples samples{"time_s", metric_info("time_s"), {1.0, 1.01, 1.02}, {2.0, 2.01, 2.02}};
  const ComparisonResult report = analyze_unpaired({samples}, {});
  const Effect& effect = report.metrics[0].effect;
  EXPECT_FALSE(effect.enough_samples);
  EXPECT_EQ(effect.verdict, Verdict::kInconclusive);
  EXPECT_NE(summary_sentence(report).find("at least 4 runs per side"), std::string::npos);
  // No interval of [-100 %, +∞ %] is printed: the table says why there is none.
  EXPECT_EQ(format_ci(report.metrics[0]), "n/a (too few runs)");
  const std::string table = render_compare_table(report);
  EXPECT_NE(table.find("n/a (too few runs)"), std::string::npos) << table;
  EXPECT_EQ(table.find("∞"), std::string::npos) << table;
  EXPECT_NE(render_compare_markdown(report).find("| n/a (too few runs) |"), std::string::npos);
}

TEST(CompareReport, SaysWhenHolmsCorrectionIsWhatLeftAnEffectUndecided) {
  ComparisonResult report;
  report.paired = true;
  for (const char* name : {"ops_per_sec_real", "ops_per_sec_cpu"}) {
    MetricComparison metric;
    metric.name = name;
    metric.a.n = metric.b.n = 12;
    metric.effect.estimate_pct = -4.0;
    metric.effect.ci_low_pct = -8.0;
    metric.effect.ci_high_pct = 0.5;
    metric.effect.runs_needed = 30;
    report.metrics.push_back(metric);
  }
  report.metrics[0].effect.p = 0.03;  // below α = 0.05 alone, 0.06 after Holm for two metrics
  report.metrics[0].effect.p_holm = 0.06;
  report.metrics[1].effect.p = report.metrics[1].effect.p_holm = 0.4;
  const std::string held_back = metric_sentence(report.metrics[0], report);
  EXPECT_NE(held_back.find("alone its p = 0.030 would be below α = 0.05, but Holm's correction "
                           "for the 2 metrics compared raises it to 0.060"),
            std::string::npos)
      << held_back;
  EXPECT_NE(held_back.find("≈18 more pairs would resolve ±1 %"), std::string::npos) << held_back;
  EXPECT_EQ(metric_sentence(report.metrics[1], report).find("Holm"), std::string::npos);
}

TEST(CompareReport, AThresholdMustCarryItsUnit) {
  EXPECT_DOUBLE_EQ(parse_threshold("1%", "--threshold"), 0.01);
  try {
    parse_threshold("1", "--threshold");
    FAIL() << "a bare number was taken";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--threshold 1: write the unit, e.g. 1%"),
              std::string::npos)
        << error.what();
  }
}

RunObservation observation_in(const std::string& group, const std::string& metric) {
  RunObservation run;
  run.group = group;
  run.metrics[metric] = 1.0;
  return run;
}

TEST(CompareReport, NothingInCommonNamesWhatEachSideMeasured) {
  const SampleSet numbers{"times.txt", "numbers", {observation_in("", "value")}};
  const SampleSet two_stressors{
      "suite.json",
      "clonebench-json",
      {observation_in("fork", "ops_per_sec_real"), observation_in("clone", "ops_per_sec_real")}};
  const SampleSet empty{"empty.json", "clonebench-json", {}};
  const auto message = [](const SampleSet& a, const SampleSet& b) {
    try {
      select_metrics(a, b, {}, std::nullopt);
    } catch (const UsageError& error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(numbers, two_stressors),
            "A (times.txt) measured values without a name but B (suite.json) measured fork, clone: "
            "nothing in common");
  EXPECT_EQ(message(empty, two_stressors),
            "A (empty.json) measured nothing but B (suite.json) measured fork, clone: nothing in "
            "common");
}

TEST(CompareReport, GroupsOnOneSideOnlyAreNamedAndNeverCompared) {
  const SampleSet a{"mixed",
                    "store",
                    {observation_in("fork", "ops_per_sec_real"),
                     observation_in("fork (rss 16M)", "ops_per_sec_real"),
                     observation_in("fork (rss 16M)", "ops_per_sec_real")}};
  const SampleSet b{"other",
                    "store",
                    {observation_in("fork", "ops_per_sec_real"),
                     observation_in("fork (instances 2)", "ops_per_sec_real")}};
  const std::vector<MetricSamples> metrics = select_metrics(a, b, {}, std::nullopt);
  ASSERT_EQ(metrics.size(), 1u);
  EXPECT_EQ(metrics.front().name, "fork/ops_per_sec_real");
  EXPECT_EQ(group_match_notes(a, b),
            (std::vector<std::string>{"not compared: fork (rss 16M) is only in A (mixed), 2 runs",
                                      "not compared: fork (instances 2) is only in B (other), 1 "
                                      "run"}));
}

TEST(CompareReport, OneGroupASideOfDifferentSettingsIsComparedAndSaidToBe) {
  const SampleSet a{"12", "store", {observation_in("fork", "ops_per_sec_real")}};
  const SampleSet b{"13", "store", {observation_in("fork (rss 64M)", "ops_per_sec_real")}};
  EXPECT_EQ(select_metrics(a, b, {}, std::nullopt).size(), 1u);
  EXPECT_EQ(group_match_notes(a, b),
            (std::vector<std::string>{"A (12) measured fork and B (13) measured fork (rss 64M): "
                                      "the comparison is between these different settings"}));
  EXPECT_TRUE(group_match_notes(a, a).empty());
}

TEST(CompareReport, HolmAdjustsAcrossMetrics) {
  const ComparisonResult report = clonebench_report();
  ASSERT_EQ(report.metrics.size(), 2U);
  const double p0 = report.metrics[0].effect.p, p1 = report.metrics[1].effect.p;
  // Two metrics: the smaller p doubles, the larger is at least that (step-down maximum).
  const double smaller = std::min(1.0, 2 * std::min(p0, p1));
  const double larger = std::max(smaller, std::max(p0, p1));
  EXPECT_DOUBLE_EQ(std::min(report.metrics[0].effect.p_holm, report.metrics[1].effect.p_holm),
                   smaller);
  EXPECT_DOUBLE_EQ(std::max(report.metrics[0].effect.p_holm, report.metrics[1].effect.p_holm),
                   larger);
  EXPECT_GE(report.metrics[0].effect.p_holm, p0);
  EXPECT_GE(report.metrics[1].effect.p_holm, p1);
  // B's rate is ≈ 3.1 % higher in every run: faster, beyond 1 %.
  EXPECT_EQ(report.metrics[0].effect.verdict, Verdict::kFaster);
  EXPECT_NEAR(report.metrics[0].effect.estimate_pct, 3.1, 0.2);
}

TEST(CompareReport, PairedAnalysisOfTheSignedRankVectorMatchesTheReference) {
  // docs/statistics.md ("Test vectors"): d = ln B − ln A with W+ = 6, exact p = 0.0008544921875.
  const std::vector<double> d = {-0.00674, 0.00729,  -0.00982, -0.02941, -0.0035,
                                 -0.01168, -0.02743, -0.03282, -0.02064, -0.00622,
                                 -0.01758, -0.004,   -0.01281, -0.00816, -0.00297};
  MetricSamples samples{"time_s", metric_info("time_s"), {}, {}};
  for (std::size_t i = 0; i < d.size(); ++i) {
    samples.a.push_back(1.0 + 0.01 * static_cast<double>(i));
    samples.b.push_back(samples.a.back() * std::exp(d[i]));
  }
  const ComparisonResult report = analyze_paired({samples}, {});
  EXPECT_TRUE(report.paired);
  EXPECT_NEAR(report.metrics[0].effect.p, 0.0008544921875, 1e-12);
  EXPECT_LT(report.metrics[0].effect.ci_high_pct, 0.0);
  EXPECT_EQ(report.metrics[0].effect.runs_needed,
            pairs_needed(report.metrics[0].effect.sigma_log, std::log1p(0.01), 0.05));
}

TEST(CompareReport, GateExitCodesFollowTheVerdicts) {
  // The hyperfine sample is slower-small: its 95 % CI (+0.55 % to +15.16 %) admits a change
  // below the 1 % threshold, so even --fail-on slower passes.
  const ComparisonResult small = hyperfine_report();
  ASSERT_EQ(small.metrics[0].effect.verdict, Verdict::kSlowerSmall);
  EXPECT_EQ(gate_exit_code(small, {}), 0);
  EXPECT_EQ(gate_exit_code(small, {"slower"}), 0);
  // Every B run 10 % slower than every A run (±0.3 % noise): slower beyond 1 %, exit 3.
  MetricSamples clear{"time_s",
                      metric_info("time_s"),
                      {1.000, 1.003, 0.998, 1.001, 0.999, 1.002},
                      {1.100, 1.103, 1.098, 1.101, 1.099, 1.102}};
  const ComparisonResult slower = analyze_unpaired({clear}, {});
  ASSERT_EQ(slower.metrics[0].effect.verdict, Verdict::kSlower);
  EXPECT_EQ(gate_exit_code(slower, {}), 0);
  EXPECT_EQ(gate_exit_code(slower, {"slower"}), 3);
  EXPECT_EQ(gate_exit_code(slower, {"inconclusive"}), 0);
  EXPECT_EQ(gate_exit_code(slower, {"inconclusive", "slower"}), 3);
  // Two runs a side can never reach p < 0.05: inconclusive, exit 4 when asked.
  MetricSamples few{"time_s", metric_info("time_s"), {1.0, 1.1}, {1.05, 1.0}};
  const ComparisonResult undecided = analyze_unpaired({few}, {});
  ASSERT_EQ(undecided.metrics[0].effect.verdict, Verdict::kInconclusive);
  EXPECT_EQ(gate_exit_code(undecided, {"inconclusive"}), 4);
  EXPECT_EQ(gate_exit_code(undecided, {"slower"}), 0);
  EXPECT_DOUBLE_EQ(parse_threshold("1%", "--threshold"), 0.01);
  EXPECT_DOUBLE_EQ(parse_threshold("0.5 %", "--threshold"), 0.005);
  EXPECT_THROW(parse_threshold("abc", "--threshold"), UsageError);
}

TEST(CompareReport, RendersMatchTheGoldenFiles) {
  const ComparisonResult hyperfine = hyperfine_report();
  expect_golden("report-hyperfine.table.txt", render_compare_table(hyperfine));
  expect_golden("report-hyperfine.benchstat.txt", render_compare_benchstat(hyperfine));
  expect_golden("report-hyperfine.md", render_compare_markdown(hyperfine));
  expect_golden("report-hyperfine.json", render_compare_json(hyperfine));
  const ComparisonResult clonebench = clonebench_report();
  expect_golden("report-clonebench.table.txt", render_compare_table(clonebench));
  expect_golden("report-clonebench.benchstat.txt", render_compare_benchstat(clonebench));
  expect_golden("report-clonebench.json", render_compare_json(clonebench));
}

}  // namespace
}  // namespace clonebench
