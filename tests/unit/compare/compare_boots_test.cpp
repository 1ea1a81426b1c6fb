// Boots as the units of a comparison (docs/statistics.md, "Boots are the units"): the boot-level
// estimate, interval and p-value against values computed independently by
// tests/data/compare/boots/boot_level_cases.py (enumeration of the exact null, checked against
// scipy), hand-worked spreads, the one-boot rule and what --assume-no-boot-effect changes.

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "compare/bisect.hpp"
#include "compare/boot_analysis.hpp"
#include "compare/gate.hpp"
#include "compare/wording.hpp"
#include "core/error.hpp"
#include "support/test_data.hpp"

namespace clonebench {
namespace {

nlohmann::json boot_cases() {
  std::ifstream in(testing::data_path("compare/boots/boot_level_cases.json"));
  return nlohmann::json::parse(in);
}

// One metric whose runs are grouped into boots named <side><index>.
MetricSamples samples_of(const nlohmann::json& a, const nlohmann::json& b) {
  MetricSamples samples;
  samples.name = "ops_per_sec_real";
  samples.info = metric_info("ops_per_sec_real");
  for (const auto& [side, values, boots] : {std::tuple{&a, &samples.a, &samples.a_boots},
                                            std::tuple{&b, &samples.b, &samples.b_boots}}) {
    for (std::size_t boot = 0; boot < side->size(); ++boot) {
      for (double value : (*side)[boot]) {
        values->push_back(value);
        boots->push_back((side == &a ? "a" : "b") + std::to_string(boot));
      }
    }
  }
  return samples;
}

// `runs` runs per side, each side in one boot, B `change` times A, with a small deterministic
// wobble so that no two values tie.
MetricSamples one_boot_each(double change, const std::string& boot_a, const std::string& boot_b,
                            int runs = 10) {
  MetricSamples samples;
  samples.name = "ops_per_sec_real";
  samples.info = metric_info("ops_per_sec_real");
  for (int i = 0; i < runs; ++i) {
    const double wobble = 1 + 0.001 * ((i * 7) % runs) / runs;
    samples.a.push_back(1000 * wobble);
    samples.b.push_back(1000 * change * wobble * (1 + 1e-6 * i));
    samples.a_boots.push_back(boot_a);
    samples.b_boots.push_back(boot_b);
  }
  return samples;
}

void expect_close(double actual, const nlohmann::json& expected, const std::string& what) {
  ASSERT_FALSE(expected.is_null()) << what;
  EXPECT_NEAR(actual, expected.get<double>(),
              1e-9 * std::max(1.0, std::abs(expected.get<double>())))
      << what;
}

TEST(BootLevelComparison, MatchesTheIndependentlyComputedEstimateIntervalAndP) {
  const nlohmann::json document = boot_cases();
  ASSERT_TRUE(document["checked_with_scipy"].get<bool>());
  for (const auto& [name, entry] : document["cases"].items()) {
    SCOPED_TRACE(name);
    const MetricSamples samples = samples_of(entry["input"]["a"], entry["input"]["b"]);
    const ComparisonResult report = analyze_with_boots({samples}, {}, {});
    const MetricComparison& metric = report.metrics.at(0);
    const nlohmann::json& expected = entry["expected"];
    ASSERT_TRUE(metric.boots.has_value());
    EXPECT_EQ(metric.boots->design, BootDesign::kBootLevel);
    expect_close(metric.effect.estimate_pct, expected["estimate_pct"], "estimate");
    expect_close(metric.effect.ci_low_pct, expected["ci_low_pct"], "CI low");
    expect_close(metric.effect.ci_high_pct, expected["ci_high_pct"], "CI high");
    expect_close(metric.effect.p, expected["p"], "p");
    for (const auto& [spread, key] :
         {std::pair{&metric.boots->a, "spread_a"}, std::pair{&metric.boots->b, "spread_b"}}) {
      EXPECT_EQ(spread->boots, expected[key]["boots"].get<std::size_t>());
      EXPECT_EQ(spread->runs, expected[key]["runs"].get<std::size_t>());
      expect_close(spread->within_sd_log, expected[key]["within_sd_log"], key);
      expect_close(spread->between_sd_log, expected[key]["between_sd_log"], key);
    }
    // The side summaries still describe the runs, not the boots.
    EXPECT_EQ(metric.a.n, samples.a.size());
  }
}

TEST(BootLevelComparison, SummarizesEachBootByTheMedianOfItsRunsInOrderOfAppearance) {
  const std::vector<double> values = {std::exp(0.0), std::exp(0.1), std::exp(0.02), std::exp(0.1)};
  const std::vector<std::string> boots = {"x", "y", "x", "y"};
  const std::vector<double> summaries = boot_summaries(values, boots);
  ASSERT_EQ(summaries.size(), 2u);
  EXPECT_NEAR(summaries[0], std::exp(0.01), 1e-12);
  EXPECT_NEAR(summaries[1], std::exp(0.1), 1e-12);
}

TEST(BootLevelComparison, SplitsTheSpreadIntoWithinAndBetweenBootsByHand) {
  // Boot x: 0 and 0.02 around 0.01; boot y: 0.1 twice. Within: √((2·0.01²)/2) = 0.01.
  // Boot means 0.01 and 0.1: variance 0.09²/2 = 0.00405, less 0.01²/2 → √0.004.
  const std::vector<double> logs = {0.0, 0.02, 0.1, 0.1};
  const std::vector<std::string> boots = {"x", "x", "y", "y"};
  const BootSpread spread = boot_spread(logs, boots);
  EXPECT_EQ(spread.boots, 2u);
  EXPECT_EQ(spread.runs, 4u);
  EXPECT_NEAR(spread.within_sd_log, 0.01, 1e-12);
  EXPECT_NEAR(spread.between_sd_log, 0.06324555320336758, 1e-12);
}

TEST(BootLevelComparison, LeavesTheBetweenSpreadUnknownWithOneBootAndTheWithinWithOneRunEach) {
  const std::vector<double> logs = {0.0, 0.1};
  EXPECT_TRUE(std::isnan(boot_spread(logs, std::vector<std::string>{"x", "x"}).between_sd_log));
  EXPECT_TRUE(std::isnan(boot_spread(logs, std::vector<std::string>{"x", "y"}).within_sd_log));
}

TEST(OneBootPerSide, CapsAClearRunLevelChangeAtInconclusive) {
  const ComparisonResult report =
      analyze_with_boots({one_boot_each(0.95, "boot-1", "boot-2")}, {}, {});
  const MetricComparison& metric = report.metrics.at(0);
  ASSERT_TRUE(metric.boots.has_value());
  EXPECT_EQ(metric.boots->design, BootDesign::kOneBootPerSide);
  EXPECT_EQ(metric.boots->run_level_verdict, Verdict::kSlower);
  EXPECT_EQ(metric.effect.verdict, Verdict::kInconclusive);
  EXPECT_EQ(verdict_text(metric), "inconclusive (one boot per side)");
  EXPECT_NE(metric_sentence(metric, report).find("Within one boot the runs say: B is slower"),
            std::string::npos);
  EXPECT_EQ(gate_exit_code(report, {"slower"}), kExitOk);
  EXPECT_EQ(gate_exit_code(report, {"inconclusive"}), kExitInconclusive);
  EXPECT_EQ(bisect_exit_code(report), kBisectSkip);
}

TEST(OneBootPerSide, AlsoCapsEquivalenceBecauseABootEffectCouldHideAChange) {
  const ComparisonResult report =
      analyze_with_boots({one_boot_each(1.0, "boot-1", "boot-2", 30)}, {}, {});
  EXPECT_EQ(report.metrics.at(0).boots->run_level_verdict, Verdict::kEquivalent);
  EXPECT_EQ(report.metrics.at(0).effect.verdict, Verdict::kInconclusive);
}

TEST(OneBootPerSide, KeepsTheRunLevelVerdictWhenNoBootEffectIsAssumedAndSaysSo) {
  BootOptions options;
  options.assume_no_boot_effect = true;
  const ComparisonResult report =
      analyze_with_boots({one_boot_each(0.95, "boot-1", "boot-2")}, {}, options);
  const MetricComparison& metric = report.metrics.at(0);
  EXPECT_EQ(metric.effect.verdict, Verdict::kSlower);
  EXPECT_EQ(verdict_text(metric), "slower (no boot effect assumed)");
  EXPECT_NE(metric_sentence(metric, report).find("--assume-no-boot-effect"), std::string::npos);
  EXPECT_EQ(gate_exit_code(report, {"slower"}), kExitSlower);
  EXPECT_EQ(bisect_exit_code(report), kBisectBad);
}

TEST(OneBootPerSide, DoesNotApplyWhenBothSidesRanInTheSameBoot) {
  const ComparisonResult report =
      analyze_with_boots({one_boot_each(0.95, "boot-1", "boot-1")}, {}, {});
  EXPECT_EQ(report.metrics.at(0).boots->design, BootDesign::kSameBoot);
  EXPECT_EQ(report.metrics.at(0).effect.verdict, Verdict::kSlower);
}

TEST(OneBootPerSide, SaysHowManyBootsAKnownBetweenBootSpreadAsksFor) {
  BootOptions options;
  options.known_spread["ops_per_sec_real"] = {0.01, 0.005, "stored label k (3 boots) on h"};
  const ComparisonResult report =
      analyze_with_boots({one_boot_each(0.95, "boot-1", "boot-2")}, {}, options);
  const BootAnalysis& boots = *report.metrics.at(0).boots;
  // ⌈2·(z_.975 + z_.8)²·(σ/ln 1.01)²·π/3⌉ + 1 with σ² = 0.01² + 0.005²/10 (10 runs a boot).
  ASSERT_TRUE(boots.boots_needed.has_value());
  EXPECT_EQ(*boots.boots_needed, 19u);
  EXPECT_EQ(boots.spread_source, "stored label k (3 boots) on h");
  EXPECT_NE(metric_sentence(report.metrics.at(0), report).find("≈19 boots per side"),
            std::string::npos);
}

TEST(OneBootPerSide, TakesTheSpreadFromASideThatHasSeveralBoots) {
  MetricSamples samples = one_boot_each(0.95, "boot-1", "boot-2", 4);
  samples.a_boots = {"boot-1", "boot-1", "boot-3", "boot-3"};
  const ComparisonResult report = analyze_with_boots({samples}, {}, {});
  const BootAnalysis& boots = *report.metrics.at(0).boots;
  EXPECT_EQ(boots.design, BootDesign::kOneBootPerSide);
  EXPECT_EQ(boots.spread_source, "side A's own boots");
  EXPECT_TRUE(boots.boots_needed.has_value());
}

TEST(OneBootPerSide, SaysNoSpreadIsKnownWhenNothingMeasuredOne) {
  const ComparisonResult report =
      analyze_with_boots({one_boot_each(0.95, "boot-1", "boot-2")}, {}, {});
  EXPECT_FALSE(report.metrics.at(0).boots->boots_needed.has_value());
  EXPECT_NE(metric_sentence(report.metrics.at(0), report).find("no between-boot spread is known"),
            std::string::npos);
}

TEST(BootLevelComparison, LeavesInputsWithoutBootsAsTheRunLevelAnalysisHasThem) {
  MetricSamples samples = one_boot_each(0.95, "", "");
  samples.a_boots.clear();
  samples.b_boots.clear();
  const ComparisonResult with_boots = analyze_with_boots({samples}, {}, {});
  const ComparisonResult plain = analyze_unpaired({samples}, {});
  EXPECT_FALSE(with_boots.metrics.at(0).boots.has_value());
  EXPECT_EQ(render_report(with_boots, "json"), render_report(plain, "json"));
}

TEST(BootLevelComparison, NamesBootsAsTheUnitsInEveryFormat) {
  const nlohmann::json document = boot_cases();
  const nlohmann::json& input = document["cases"]["b_two_percent_slower"]["input"];
  const ComparisonResult report = analyze_with_boots({samples_of(input["a"], input["b"])}, {}, {});
  EXPECT_NE(render_report(report, "table").find("boots    ops_per_sec_real: A 5 boots (15 runs)"),
            std::string::npos);
  EXPECT_NE(render_report(report, "markdown").find("Boots: ops_per_sec_real: A 5 boots"),
            std::string::npos);
  const nlohmann::json json = nlohmann::json::parse(render_report(report, "json"));
  EXPECT_EQ(json["metrics"][0]["boots"]["units"], "boots");
  EXPECT_EQ(json["metrics"][0]["boots"]["a"]["boots"], 5);
  EXPECT_NE(json["metrics"][0]["sentence"].get<std::string>().find("5 vs 5 boots, 15 vs 15 runs"),
            std::string::npos);
}

TEST(BootLevelComparison, SaysTooFewBootsNotRunsInTheCiColumnWhenBootsAreTheUnits) {
  // Two boots per side with many runs each: plenty of runs, too few boots for an interval.
  const nlohmann::json a = {{1000, 1001, 1002, 1003}, {1004, 1005, 1006, 1007}};
  const nlohmann::json b = {{900, 901, 902, 903}, {904, 905, 906, 907}};
  const ComparisonResult report = analyze_with_boots({samples_of(a, b)}, {}, {});
  const MetricComparison& metric = report.metrics.at(0);
  ASSERT_EQ(metric.boots->design, BootDesign::kBootLevel);
  ASSERT_FALSE(metric.effect.enough_samples);
  EXPECT_EQ(format_ci(metric), "n/a (too few boots)");
  for (const char* format : {"table", "markdown"}) {
    const std::string text = render_report(report, format);
    EXPECT_NE(text.find("n/a (too few boots)"), std::string::npos) << format;
    EXPECT_EQ(text.find("too few runs"), std::string::npos) << format;
  }
}

TEST(BootLevelComparison, KeepsTooFewRunsWhereRunsAreTheUnits) {
  MetricSamples samples = one_boot_each(0.95, "", "", 2);
  samples.a_boots.clear();
  samples.b_boots.clear();
  const ComparisonResult report = analyze_with_boots({samples}, {}, {});
  EXPECT_EQ(format_ci(report.metrics.at(0)), "n/a (too few runs)");
}

TEST(Bisect, MapsEachVerdictToGitBisectRunsExitCode) {
  EXPECT_EQ(bisect_code(Verdict::kSlower), 1);
  EXPECT_EQ(bisect_code(Verdict::kSlowerSmall), 125);
  EXPECT_EQ(bisect_code(Verdict::kInconclusive), 125);
  EXPECT_EQ(bisect_code(Verdict::kEquivalent), 0);
  EXPECT_EQ(bisect_code(Verdict::kFaster), 0);
  EXPECT_EQ(bisect_code(Verdict::kFasterSmall), 0);
}

TEST(Bisect, CallsTheComparisonBadWhenAnyMetricIsBadAndSkipsWhenAnyIsUndecided) {
  ComparisonResult report;
  report.metrics.resize(2);
  report.metrics[0].effect.verdict = Verdict::kEquivalent;
  report.metrics[1].effect.verdict = Verdict::kInconclusive;
  EXPECT_EQ(bisect_exit_code(report), kBisectSkip);
  report.metrics[0].effect.verdict = Verdict::kSlower;
  EXPECT_EQ(bisect_exit_code(report), kBisectBad);
  report.metrics[0].effect.verdict = Verdict::kFaster;
  report.metrics[1].effect.verdict = Verdict::kEquivalent;
  EXPECT_EQ(bisect_exit_code(report), kBisectGood);
}

TEST(Bisect, TurnsARuntimeFailureIntoAbortButLetsBadInputThrough) {
  EXPECT_EQ(run_for_bisect([]() -> int { throw RuntimeError("qemu vanished"); }), kBisectAbort);
  EXPECT_THROW(run_for_bisect([]() -> int { throw UsageError("--a: no such file"); }), UsageError);
  EXPECT_EQ(run_for_bisect([] { return kBisectSkip; }), kBisectSkip);
}

}  // namespace
}  // namespace clonebench
