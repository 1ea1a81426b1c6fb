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
  effect.estimate_pct = (lo + hi) / 2;
  effect.ci_pct = {lo, hi};
  return effect;
}

HvoKeySlope slope_with_ci(const char* name, double estimate, double lo, double hi) {
  return {name, estimate, {lo, hi}, 20};
}

// A summary of 20 rounds whose per-page "control - off" holds 0 unless given otherwise.
HvoKeySummary judged(HvoKeyEffect key, HvoKeyEffect control,
                     HvoKeySlope control_cost = slope_with_ci("control - off", 1, -5, 7)) {
  HvoKeySummary summary;
  summary.rounds = 20;
  summary.key = key;
  summary.control = control;
  summary.per_page = {slope_with_ci("on - off", 2, -1, 5), control_cost};
  return summary;
}

TEST(HvoKeyAttribution, TheKeyTakesTheEffectOnlyWhenTheControlShowsNone) {
  EXPECT_EQ(
      hvo_key_attribution(judged(effect_with_ci(-3.3, -1.4), effect_with_ci(-1.4, 0.7)), 0, 1),
      "attributed to the key");
  EXPECT_EQ(hvo_key_attribution(judged(effect_with_ci(-1.0, 0.4), effect_with_ci(-1.4, 0.7)), 0, 1)
                .rfind("inconclusive", 0),
            0u);
  HvoKeyEffect unbounded;
  unbounded.ci_pct = {std::nullopt, std::nullopt};
  EXPECT_EQ(hvo_key_attribution(judged(effect_with_ci(-3.3, -1.4), unbounded), 0, 1)
                .rfind("inconclusive", 0),
            0u);
}

// The control's key is off: when it differs from off, whatever the key's own interval says,
// nothing can be put on the key, and the sentence says why with the control's interval.
TEST(HvoKeyAttribution, AControlThatDiffersMakesEverythingUnattributableAndSaysWhy) {
  for (const HvoKeySummary& summary :
       {judged(effect_with_ci(-3.3, -1.4), effect_with_ci(-2.0, -0.5)),
        judged(effect_with_ci(-1.0, 0.4), effect_with_ci(0.5, 2.0)),
        judged(effect_with_ci(-1.0, 0.4), effect_with_ci(-1.4, 0.7),
               slope_with_ci("control - off", 177.58, 16.594, 352.273))}) {
    const std::string attribution = hvo_key_attribution(summary, 0, 1);
    EXPECT_EQ(attribution.rfind("not attributable: the control differs from off", 0), 0u)
        << attribution;
    EXPECT_NE(attribution.find("cannot attribute any difference to the key"), std::string::npos)
        << attribution;
    EXPECT_NE(attribution.find("although its key is off"), std::string::npos) << attribution;
  }
  const std::string per_page =
      hvo_key_attribution(judged(effect_with_ci(-1.0, 0.4), effect_with_ci(-1.4, 0.7),
                                 slope_with_ci("control - off", 177.58, 16.594, 352.273)),
                          0, 1);
  // Half-width 168: tens (core/number_text.hpp).
  EXPECT_NE(per_page.find("control - off +180 ns [+20, +350] per page"), std::string::npos)
      << per_page;
}

// As compare does: how many more rounds would resolve the threshold.
TEST(HvoKeyAttribution, AnUnresolvedKeySaysHowManyMoreRoundsWouldResolveIt) {
  const std::string attribution =
      hvo_key_attribution(judged(effect_with_ci(-1.0, 0.4), effect_with_ci(-1.4, 0.7)), 65, 1);
  EXPECT_NE(attribution.find("≈45 more rounds would resolve ±1 %"), std::string::npos)
      << attribution;
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

// Rounds where the key adds `key_ns` per page and the control `control_ns` (0: nothing else
// differs), with noise per run.
HvoKeyRounds synthetic_rounds(std::size_t count, double key_ns, std::uint64_t seed,
                              double control_ns = 0) {
  std::mt19937_64 generator(seed);
  std::normal_distribution<double> noise(1.0, 0.002);
  HvoKeyRounds rounds;
  const double pages[2] = {4096, 16384};
  for (std::size_t round = 0; round < count; ++round) {
    for (HvoArm arm : kHvoArms) {
      for (int size : {0, 1}) {
        const double per_page = 90.0 + (arm == HvoArm::kOn ? key_ns : 0.0) +
                                (arm == HvoArm::kControl ? control_ns : 0.0);
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

// The control differs from off although its key is off: the experiment says that nothing can
// be attributed and why, not merely that the key's effect is unresolved.
TEST(HvoKeyRoundsAnalysis, AControlThatDiffersMakesTheKeyUnattributable) {
  HvoKeySummary summary;
  analyse_hvo_key_rounds(synthetic_rounds(40, 0.0, 13, 6.0), {16 << 20, 64 << 20}, {}, {}, summary);
  EXPECT_EQ(summary.attribution.rfind("not attributable: the control differs from off", 0), 0u)
      << summary.attribution;
  EXPECT_NE(summary.attribution.find("cannot attribute any difference to the key"),
            std::string::npos)
      << summary.attribution;
}

TEST(HvoKeyRoundsAnalysis, WithoutAnEffectNothingIsAttributed) {
  HvoKeySummary summary;
  analyse_hvo_key_rounds(synthetic_rounds(40, 0.0, 11), {16 << 20, 64 << 20}, {}, {}, summary);
  EXPECT_NE(summary.attribution, "attributed to the key");
}

}  // namespace
}  // namespace clonebench
