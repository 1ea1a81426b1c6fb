// Runs needed and minimum detectable effect, against the table of docs/statistics.md ("Runs
// needed and the minimum detectable effect": runs per arm, unpaired Mann–Whitney, α = .05,
// power .8: ⌈15.7·(σ/Δ)²·π/3⌉ + 1, floor 6).

#include <gtest/gtest.h>

#include <cmath>

#include "stats/sample_size.hpp"

namespace clonebench {
namespace {

TEST(SampleSize, RunsPerSideMatchTheReferenceTable) {
  struct Cell {
    double cv_pct, delta_pct;
    std::size_t runs;
  };
  const Cell table[] = {{0.5, 1, 6},  {0.5, 2, 6},  {0.5, 3, 6}, {1, 1, 18}, {1, 2, 6},  {1, 3, 6},
                        {1.5, 1, 38}, {1.5, 2, 11}, {1.5, 3, 6}, {2, 1, 67}, {2, 2, 18}, {2, 3, 9}};
  for (const Cell& cell : table) {
    EXPECT_EQ(runs_needed_per_side(cell.cv_pct / 100, cell.delta_pct / 100, 0.05), cell.runs)
        << "CV " << cell.cv_pct << " % Δ " << cell.delta_pct << " %";
  }
}

TEST(SampleSize, PairsNeededUseHalfTheVarianceFactorOfTwoArms) {
  // (1.95996 + 0.84162)² = 7.849; σ_d = 1.4 %, Δ = 1 %: 7.849·1.96·π/3 = 16.11 → 17 + 1 = 18.
  EXPECT_EQ(pairs_needed(0.014, 0.01, 0.05), 18U);
  // Tiny noise still needs the 6 pairs a signed-rank test needs to reach 5 % at all.
  EXPECT_EQ(pairs_needed(0.0001, 0.05, 0.05), 6U);
  EXPECT_EQ(min_pairs_for_alpha(0.05), 6U);
  EXPECT_EQ(min_runs_per_side_for_alpha(0.05), 4U);
  EXPECT_EQ(min_runs_per_side_for_alpha(0.01), 5U);
}

TEST(SampleSize, MinimumDetectableEffectInvertsRunsNeeded) {
  // docs/statistics.md ("Runs needed and the minimum detectable effect"): Δ_min = 2.80·σ·√(2/n)
  // for a t-test; the rank test needs √(π/3) more.
  const double mde = minimum_detectable_effect_unpaired(0.01, 20, 20, 0.05);
  EXPECT_NEAR(mde, 2.8016 * 0.01 * std::sqrt(2.0 / 20) * std::sqrt(M_PI / 3), 1e-5);
  // Detecting exactly that effect needs (about) the runs we have.
  const std::size_t runs = runs_needed_per_side(0.01, mde, 0.05);
  EXPECT_GE(runs, 20U);
  EXPECT_LE(runs, 22U);
  const double paired = minimum_detectable_effect_paired(0.01, 30, 0.05);
  EXPECT_NEAR(paired, 2.8016 * 0.01 / std::sqrt(30.0) * std::sqrt(M_PI / 3), 1e-5);
}

}  // namespace
}  // namespace clonebench
