// The analysis of `ab --preset hvo-key`: when an effect is attributed to the key, the per-round
// per-page slopes and their HL summary (checked against values computed by hand), and a whole
// synthetic experiment with a known per-PTE cost of the key.

#include "ab/hvo_key_analysis.hpp"

#include <gtest/gtest.h>

#include <random>

namespace clonebench {
namespace {

HvoKeyEffect effect_with_ci(double lo, double hi) {
  HvoKeyEffect effect;
  effect.ci_pct = {lo, hi};
  return effect;
}

TEST(HvoKeyAttribution, TheKeyTakesTheEffectOnlyWhenTheControlShowsNone) {
  EXPECT_EQ(hvo_key_attribution(effect_with_ci(-3.3, -1.4), effect_with_ci(-1.4, 0.7)),
            "attributed to the key");
  EXPECT_EQ(hvo_key_attribution(effect_with_ci(-3.3, -1.4), effect_with_ci(-2.0, -0.5)),
            "not attributed: the control also differs");
  EXPECT_EQ(hvo_key_attribution(effect_with_ci(-1.0, 0.4), effect_with_ci(-1.4, 0.7))
                .rfind("inconclusive", 0),
            0u);
  HvoKeyEffect unbounded;
  unbounded.ci_pct = {std::nullopt, std::nullopt};
  EXPECT_EQ(hvo_key_attribution(effect_with_ci(-3.3, -1.4), unbounded).rfind("inconclusive", 0),
            0u);
}

RunObservation run_taking_ns(double ns_per_op) {
  RunObservation run;
  run.group = "fork";
  run.metrics[kHvoKeySlopeMetric] = 1e9 / ns_per_op;
  return run;
}

TEST(HvoKeySlopes, AreTheTimePerOperationDifferenceOverThePageDifference) {
  // 4096 pages more cost 409.6 µs more per operation: 100 ns per page.
  const std::vector<double> slopes =
      per_page_slopes_ns({run_taking_ns(200'000)}, {run_taking_ns(200'000 + 409'600)}, 1024, 5120);
  ASSERT_EQ(slopes.size(), 1u);
  EXPECT_NEAR(slopes[0], 100.0, 1e-6);
}

TEST(HvoKeySlopes, AreSummarisedByTheMedianOfTheirWalshAverages) {
  // Walsh averages of {1, 2, 3, 10}: 1 1.5 2 2 2.5 3 5.5 6 6.5 10, median (2.5 + 3) / 2.
  const HvoKeySlope slope = summarise_slopes("off", {1, 2, 3, 10}, 0.05);
  EXPECT_DOUBLE_EQ(slope.estimate_ns, 2.75);
  EXPECT_EQ(slope.rounds, 4u);
  EXPECT_FALSE(slope.ci_ns.bounded());  // 4 rounds cannot reach 95 %
}

// Rounds where the key adds `key_ns` per page and nothing else differs, with noise per run.
HvoKeyRounds synthetic_rounds(std::size_t count, double key_ns, std::uint64_t seed) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> noise(1.0, 0.002);
  HvoKeyRounds rounds;
  const double pages[2] = {4096, 16384};
  for (std::size_t round = 0; round < count; ++round) {
    for (HvoArm arm : kHvoArms) {
      for (int size : {0, 1}) {
        const double per_page = 90.0 + (arm == HvoArm::kOn ? key_ns : 0.0);
        rounds.runs[static_cast<int>(arm)][size].push_back(
            run_taking_ns((100'000 + per_page * pages[size]) * noise(generator)));
      }
    }
  }
  return rounds;
}

TEST(HvoKeyRoundsAnalysis, FindsAKnownPerPteCostAndAttributesItToTheKey) {
  HvoKeySummary summary;
  analyse_hvo_key_rounds(synthetic_rounds(60, 3.0, 7), {16 << 20, 64 << 20}, {}, {}, summary);
  EXPECT_EQ(summary.rounds, 60u);
  EXPECT_EQ(summary.key.verdict, "slower");
  EXPECT_LT(summary.key.estimate_pct, 0);
  EXPECT_EQ(summary.attribution, "attributed to the key");
  ASSERT_EQ(summary.per_page.size(), 5u);
  const HvoKeySlope& key_cost = summary.per_page[3];
  EXPECT_EQ(key_cost.name, "on - off");
  ASSERT_TRUE(key_cost.ci_ns.bounded());
  EXPECT_LT(*key_cost.ci_ns.lo, 3.0);
  EXPECT_GT(*key_cost.ci_ns.hi, 3.0);
  const HvoKeySlope& control_cost = summary.per_page[4];
  EXPECT_EQ(control_cost.name, "control - off");
  EXPECT_LT(*control_cost.ci_ns.lo, 0.0);
  EXPECT_GT(*control_cost.ci_ns.hi, 0.0);
}

TEST(HvoKeyRoundsAnalysis, WithoutAnEffectNothingIsAttributed) {
  HvoKeySummary summary;
  analyse_hvo_key_rounds(synthetic_rounds(40, 0.0, 11), {16 << 20, 64 << 20}, {}, {}, summary);
  EXPECT_NE(summary.attribution, "attributed to the key");
}

}  // namespace
}  // namespace clonebench
