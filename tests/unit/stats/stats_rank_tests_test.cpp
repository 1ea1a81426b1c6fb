// The rank tests against the test vectors of docs/statistics.md ("Test vectors"). Expected values
// were computed with scipy 1.10 (mannwhitneyu / wilcoxon, agreeing with an independent exact
// implementation); the hand-derived ones say how they were derived.

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "stats/mann_whitney.hpp"
#include "stats/ranks.hpp"
#include "stats/signed_rank.hpp"

namespace clonebench {
namespace {

const std::vector<double> kTwelveX = {1.00612, 1.00748, 0.98487, 1.0095,  0.99355, 1.01062,
                                      1.00566, 0.9987,  1.02008, 1.00894, 1.00032, 1.00249};
const std::vector<double> kTwelveY = {1.01425, 1.00418, 0.9995,  0.99218, 0.99564, 0.99152,
                                      0.97506, 0.99886, 0.99416, 0.97677, 0.98371, 0.9876};

TEST(Ranks, GiveTiedValuesTheAverageOfTheirRanksAndCountTheTieTerm) {
  const std::vector<double> values = {3.0, 1.0, 3.0, 2.0, 3.0};
  const Ranking ranking = rank_with_ties(values);
  EXPECT_EQ(ranking.ranks, (std::vector<double>{4.0, 1.0, 4.0, 2.0, 4.0}));
  EXPECT_DOUBLE_EQ(ranking.tie_term, 3.0 * 3 * 3 - 3);  // one group of three
}

TEST(MannWhitney, GivesTheExactPValueForFiveAgainstFiveWithoutOverlap) {
  // scipy: U_x = 0, exact two-sided p = 2/252.
  const std::vector<double> x = {10.2, 10.5, 10.1, 10.4, 10.3};
  const std::vector<double> y = {10.6, 10.9, 10.7, 10.8, 11.0};
  const MannWhitneyResult result = mann_whitney_u(x, y);
  EXPECT_TRUE(result.exact);
  EXPECT_DOUBLE_EQ(result.u_x, 0.0);
  EXPECT_NEAR(result.p, 2.0 / 252.0, 1e-15);
}

TEST(MannWhitney, GivesTheExactPValueForTwelveAgainstTwelve) {
  // scipy: U_x = 115, exact p = 0.012093976826780706.
  const MannWhitneyResult result = mann_whitney_u(kTwelveX, kTwelveY);
  EXPECT_TRUE(result.exact);
  EXPECT_DOUBLE_EQ(result.u_x, 115.0);
  EXPECT_NEAR(result.p, 0.012093976826780706, 1e-13);
}

TEST(MannWhitney, UsesTheNormalApproximationWithTieAndContinuityCorrectionWhenValuesTie) {
  // scipy: U_x = 58, asymptotic p with continuity correction = 0.13291945818531892.
  const std::vector<double> x = {1.83, 0.50, 1.62, 2.48, 1.68, 1.88, 1.55, 3.06, 1.30};
  const std::vector<double> y = {0.878, 0.647, 0.598, 2.05, 1.06, 1.29, 1.06, 3.14, 1.29};
  const MannWhitneyResult result = mann_whitney_u(x, y);
  EXPECT_FALSE(result.exact);
  EXPECT_DOUBLE_EQ(result.u_x, 58.0);
  EXPECT_NEAR(result.p, 0.13291945818531892, 1e-12);
}

TEST(MannWhitney, FallsBackToTheNormalApproximationAboveFiftyPerSide) {
  // 51 per side exceeds the exact limit; the expected value is the tie-free normal formula
  // worked by hand for this interleaved design.
  std::vector<double> x, y;
  for (int i = 0; i < 51; ++i) {
    x.push_back(1.0 + 0.001 * i);
    y.push_back(1.0005 + 0.001 * i);
  }
  const MannWhitneyResult result = mann_whitney_u(x, y);
  EXPECT_FALSE(result.exact);
  // U_x: x_i beats y_j when i > j, i.e. 51·50/2 = 1275 pairs; z = (1326 − 1300.5 − 0.5)/σ.
  EXPECT_DOUBLE_EQ(result.u_x, 1275.0);
  const double sigma = std::sqrt(51.0 * 51.0 * 103.0 / 12.0);
  EXPECT_NEAR(result.p, std::erfc((1326.0 - 1300.5 - 0.5) / sigma / std::sqrt(2.0)), 1e-12);
}

TEST(MannWhitney, ExactNullSumsToOneAndIsSymmetric) {
  const std::vector<double> pmf = mann_whitney_null_pmf(7, 4);
  double total = 0;
  for (double p : pmf) {
    total += p;
  }
  EXPECT_NEAR(total, 1.0, 1e-14);
  ASSERT_EQ(pmf.size(), 29U);
  for (std::size_t u = 0; u < pmf.size(); ++u) {
    EXPECT_NEAR(pmf[u], pmf[pmf.size() - 1 - u], 1e-15);
  }
  // C(11, 4) = 330 arrangements, exactly one with U = 0.
  EXPECT_NEAR(pmf[0], 1.0 / 330.0, 1e-16);
}

TEST(MannWhitney, MinimumPValuesMatchTheReferenceTable) {
  // docs/statistics.md ("Test vectors"): 1, .333, .1, .0286, .00794, .0022 for n = 1..6 per
  // side (2/C(2n, n)).
  EXPECT_DOUBLE_EQ(mann_whitney_min_p(1, 1), 1.0);
  EXPECT_NEAR(mann_whitney_min_p(2, 2), 1.0 / 3.0, 1e-12);
  EXPECT_NEAR(mann_whitney_min_p(3, 3), 0.1, 1e-12);
  EXPECT_NEAR(mann_whitney_min_p(4, 4), 2.0 / 70.0, 1e-12);
  EXPECT_NEAR(mann_whitney_min_p(5, 5), 2.0 / 252.0, 1e-12);
  EXPECT_NEAR(mann_whitney_min_p(6, 6), 2.0 / 924.0, 1e-12);
}

TEST(MannWhitney, HyperfineSampleMatchesTheReference) {
  // docs/statistics.md ("Test vectors", scipy): U_A = 19, exact p = 0.0185, asymptotic with
  // continuity correction p = 0.021. No ties, so this implementation uses the exact value.
  const std::vector<double> a = {0.011503843, 0.01174507,  0.015077941, 0.011884507, 0.011912359,
                                 0.012581331, 0.011235345, 0.011271218, 0.01152909,  0.011811408};
  const std::vector<double> b = {0.011752962, 0.011848474, 0.011950155, 0.016431327, 0.012130792,
                                 0.015080535, 0.012224421, 0.012195017, 0.013601692, 0.012894765};
  const MannWhitneyResult result = mann_whitney_u(a, b);
  EXPECT_DOUBLE_EQ(result.u_x, 19.0);
  EXPECT_TRUE(result.exact);
  EXPECT_NEAR(result.p, 0.0185, 0.00005);
}

TEST(MannWhitney, ConfidenceRankForTwelveAgainstTwelveIsThirtyEight) {
  // docs/statistics.md ("Test vectors"): k = 38 from ⌊72 − 1.95996·√(144·25/12)⌋; the exact
  // table gives the same (the two-sided 5 % critical value of U for 12/12 is 37, so k − 1 = 37).
  EXPECT_EQ(mann_whitney_ci_rank(12, 12, 0.05, false, 0.0), 38U);
  EXPECT_EQ(mann_whitney_ci_rank(12, 12, 0.05, true, 0.0), 38U);
  // Too small to reach 5 %: 3/3 has P(U = 0) = 0.05 > 0.025, so no finite bound.
  EXPECT_EQ(mann_whitney_ci_rank(3, 3, 0.05, true, 0.0), 0U);
}

TEST(SignedRank, GivesTheExactPValueForFifteenPairs) {
  // scipy: W+ = 6, exact two-sided p = 0.0008544921875 (= 28/32768).
  const std::vector<double> d = {-0.00674, 0.00729,  -0.00982, -0.02941, -0.0035,
                                 -0.01168, -0.02743, -0.03282, -0.02064, -0.00622,
                                 -0.01758, -0.004,   -0.01281, -0.00816, -0.00297};
  const SignedRankResult result = wilcoxon_signed_rank(d);
  EXPECT_TRUE(result.exact);
  EXPECT_EQ(result.n, 15U);
  EXPECT_DOUBLE_EQ(result.w_plus, 6.0);
  EXPECT_NEAR(result.p, 0.0008544921875, 1e-16);
}

TEST(SignedRank, DropsZeroDifferencesAndUsesTheNormalApproximationForTies) {
  // Hand-computed: d = {0, 1, 1, -2, 3, 3, 3}: zero dropped, n = 6, |d| ranks 1.5 1.5 3 5 5 5,
  // W+ = 1.5 + 1.5 + 15 = 18, mean 10.5, tie term (8 − 2) + (27 − 3) = 30,
  // σ² = 6·7·13/24 − 30/48 = 22.125, z = (7.5 − 0.5)/√22.125.
  const std::vector<double> d = {0, 1, 1, -2, 3, 3, 3};
  const SignedRankResult result = wilcoxon_signed_rank(d);
  EXPECT_FALSE(result.exact);
  EXPECT_EQ(result.n, 6U);
  EXPECT_DOUBLE_EQ(result.w_plus, 18.0);
  EXPECT_NEAR(result.p, std::erfc(7.0 / std::sqrt(22.125) / std::sqrt(2.0)), 1e-14);
}

TEST(SignedRank, NullDistributionCountsSubsetSums) {
  // n = 4: sums of subsets of {1,2,3,4}; 16 subsets, sum 5 reached by {1,4} and {2,3}.
  const std::vector<double> pmf = signed_rank_null_pmf(4);
  ASSERT_EQ(pmf.size(), 11U);
  EXPECT_DOUBLE_EQ(pmf[5], 2.0 / 16.0);
  EXPECT_DOUBLE_EQ(pmf[0], 1.0 / 16.0);
  EXPECT_DOUBLE_EQ(signed_rank_min_p(5), 2.0 / 32.0);
  EXPECT_DOUBLE_EQ(signed_rank_min_p(6), 2.0 / 64.0);
}

TEST(SignedRank, ConfidenceRankComesFromTheExactNull) {
  // n = 15 at 5 %: the two-sided critical value of T is 25 (standard tables), so k = 26.
  EXPECT_EQ(signed_rank_ci_rank(15, 0.05, true, 0.0), 26U);
  // Five pairs can never reach 5 % (min p = 1/16): infinite interval.
  EXPECT_EQ(signed_rank_ci_rank(5, 0.05, true, 0.0), 0U);
}

TEST(ExactCiRank, IsTheLastValueWhoseLowerTailStaysWithinHalfOfAlpha) {
  const std::vector<double> pmf{0.25, 0.5, 0.25};
  EXPECT_EQ(exact_ci_rank(pmf, 0.5), 1U);  // P(S <= 0) = 0.25 sits on alpha/2: still within
  EXPECT_EQ(exact_ci_rank(pmf, 0.4), 0U);
  EXPECT_EQ(exact_ci_rank(pmf, 2.0), 3U);
}

}  // namespace
}  // namespace clonebench
