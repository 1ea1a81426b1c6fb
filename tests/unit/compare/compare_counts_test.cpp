// Comparisons of near-exact data and of instruction counts (kernels --measure instructions): a
// count is named as what it is (fewer or more instructions, never faster or slower), a trend far
// below the threshold is no drift worth a warning, and a between-boot spread floored at zero
// says it is not above the within-boot noise instead of "0.00 %".

#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "compare/boot_analysis.hpp"
#include "compare/compare_json.hpp"
#include "compare/renderers.hpp"
#include "compare/wording.hpp"
#include "record/instruction_metrics.hpp"

namespace clonebench {
namespace {

// Four boots a side, two runs each, of instructions per fork: B executes `change` times A's,
// each boot a little different (0.01 %), the runs of a boot alike.
MetricSamples counted_boots(double change) {
  MetricSamples samples;
  samples.name = std::string(kInstructionsPerOp);
  samples.info = metric_info(kInstructionsPerOp);
  for (int boot = 0; boot < 4; ++boot) {
    for (int run = 0; run < 2; ++run) {
      const double wobble = 1 + 1e-4 * boot + 1e-6 * run;
      samples.a.push_back(1.8e6 * wobble);
      samples.b.push_back(1.8e6 * change * wobble * (1 + 3e-5));
      samples.a_boots.push_back("a" + std::to_string(boot));
      samples.b_boots.push_back("b" + std::to_string(boot));
    }
  }
  return samples;
}

CompareOptions interleaved() {
  CompareOptions options;
  options.interleaved = true;
  return options;
}

TEST(InstructionCounts, AreLowerIsBetterInstructionsNotATimeOrARate) {
  const MetricInfo info = metric_info(kInstructionsPerOp);
  EXPECT_EQ(info.direction, Direction::kLowerIsBetter);
  EXPECT_EQ(info.unit, "instructions");
  EXPECT_EQ(metric_info(instruction_phase_metric_name("create")).unit, "instructions");
}

TEST(InstructionCounts, SayFewerOrMoreInstructionsInEveryOutputNeverFasterOrSlower) {
  for (const double change : {0.95, 1.05}) {
    const ComparisonResult report = analyze_with_boots({counted_boots(change)}, interleaved(), {});
    const MetricComparison& metric = report.metrics.at(0);
    const std::string words = change < 1 ? "fewer" : "more";
    EXPECT_EQ(verdict_text(metric), words);
    const std::string table = render_compare_table(report);
    const std::string json = compare_to_json(report).dump();
    for (const std::string& output : {table, json, metric_sentence(metric, report)}) {
      EXPECT_EQ(output.find("faster"), std::string::npos) << output;
      EXPECT_EQ(output.find("slower"), std::string::npos) << output;
      EXPECT_NE(output.find(words), std::string::npos) << output;
    }
    EXPECT_NE(metric_sentence(metric, report).find("B executes " + words + " instructions than A"),
              std::string::npos);
    EXPECT_NE(table.find("instructions"), std::string::npos);
  }
}

TEST(InstructionCounts, KeepTheVerdictsOwnNamesForTimesAndRates) {
  EXPECT_EQ(verdict_word(Verdict::kFaster, metric_info("ops_per_sec_real")), "faster");
  EXPECT_EQ(verdict_word(Verdict::kSlowerSmall, metric_info("real_time_s")), "slower-small");
  EXPECT_EQ(verdict_word(Verdict::kSlowerSmall, metric_info(kInstructionsPerOp)), "more-small");
  EXPECT_EQ(verdict_word(Verdict::kEquivalent, metric_info(kInstructionsPerOp)), "equivalent");
}

// Eight times whose values rise by `total` over the experiment, in order.
MetricSamples rising_times(double total) {
  MetricSamples samples;
  samples.name = "real_time_s";
  samples.info = metric_info("real_time_s");
  for (int i = 0; i < 8; ++i) {
    samples.a.push_back(2.0 * (1 + total * i / 7));
    samples.b.push_back(2.0 * (1 + total * i / 7) * 1.0001);
  }
  return samples;
}

bool warns_of_drift(const ComparisonResult& report) {
  return std::any_of(report.warnings.begin(), report.warnings.end(),
                     [](const std::string& w) { return w.find("drifted") != std::string::npos; });
}

TEST(NearExactData, DoesNotCallATrendFarBelowTheThresholdADrift) {
  // Ordered, so Spearman's ρ is 1, but a creep of 0.05 %: a twentieth of the 1 % threshold.
  EXPECT_FALSE(warns_of_drift(analyze_unpaired({rising_times(5e-4)}, interleaved())));
  // The same order over 5 % is a drift worth saying.
  const ComparisonResult drifting = analyze_unpaired({rising_times(0.05)}, interleaved());
  ASSERT_TRUE(warns_of_drift(drifting));
  EXPECT_NE(drifting.warnings.front().find("of A drifted"), std::string::npos);
}

TEST(InstructionCounts, NeverDriftWhateverOrderTheyCameIn) {
  // A count does not depend on when it was taken: an order among boots is chance, at any size.
  MetricSamples samples = rising_times(0.05);
  samples.name = std::string(kInstructionsPerOp);
  samples.info = metric_info(kInstructionsPerOp);
  const ComparisonResult report = analyze_unpaired({samples}, interleaved());
  EXPECT_FALSE(warns_of_drift(report));
  EXPECT_NE(noise_line(report.metrics.at(0), report).find("does not drift"), std::string::npos);
}

TEST(BootSpread, SaysABetweenBootSpreadFlooredAtZeroIsNotAboveTheWithinBootNoise) {
  // B's two boots have medians 692.58 and 466.64 half the time each: their means agree, the runs
  // within each vary wildly, so S²(means) − S²(within)/runs is negative and floored at 0.
  MetricSamples samples;
  samples.name = "ops_per_sec_real";
  samples.info = metric_info("ops_per_sec_real");
  const std::vector<std::vector<double>> a = {{600, 610}, {605, 612}};
  const std::vector<std::vector<double>> b = {{692.58, 466.64, 690.1, 470.2},
                                              {466.9, 691.7, 468.3, 689.9}};
  for (std::size_t boot = 0; boot < 2; ++boot) {
    for (const double value : a[boot]) {
      samples.a.push_back(value);
      samples.a_boots.push_back("a" + std::to_string(boot));
    }
    for (const double value : b[boot]) {
      samples.b.push_back(value);
      samples.b_boots.push_back("b" + std::to_string(boot));
    }
  }
  const ComparisonResult report = analyze_with_boots({samples}, interleaved(), {});
  const MetricComparison& metric = report.metrics.at(0);
  ASSERT_TRUE(metric.boots);
  EXPECT_TRUE(metric.boots->b.between_within_noise);
  const std::string line = boot_line(metric, report);
  EXPECT_NE(line.find(", B not above the within-boot noise"), std::string::npos) << line;
  EXPECT_EQ(line.find("B 0.00 %"), std::string::npos) << line;
  const nlohmann::ordered_json json = compare_to_json(report);
  EXPECT_FALSE(json["metrics"][0]["boots"]["b"]["between_boot_above_noise"].get<bool>());
}

}  // namespace
}  // namespace clonebench
