// Diagnostics: centre, spread, outliers, drift, Holm, benchstat's median CI. Expected values are
// worked by hand (shown) or taken from docs/statistics.md (benchstat's table, "Test vectors").

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"
#include "stats/multiple_testing.hpp"
#include "stats/normal_distribution.hpp"

namespace clonebench {
namespace {

TEST(Descriptive, MedianMeanAndStandardDeviationOfASmallSample) {
  const std::vector<double> v = {4, 1, 3, 2};
  EXPECT_DOUBLE_EQ(median(v), 2.5);
  EXPECT_DOUBLE_EQ(mean(v), 2.5);
  EXPECT_DOUBLE_EQ(standard_deviation(v), std::sqrt(5.0 / 3.0));
  EXPECT_DOUBLE_EQ(quantile(v, 0.25), 1.75);  // numpy: position 0.75 between 1 and 2
  EXPECT_DOUBLE_EQ(median_absolute_deviation(v), 1.0);
}

TEST(Descriptive, RobustCvIgnoresOneWildValue) {
  // Median 10, |dev| = 0.1 0.1 0 0.1 0.1 ... MAD 0.1 → robust CV 1.4826·0.1/10.
  const std::vector<double> v = {9.9, 10.1, 10.0, 9.9, 10.1, 50.0, 10.0};
  EXPECT_NEAR(robust_cv(v), 1.4826 * 0.1 / 10.0, 1e-12);
  EXPECT_GT(log_cv(v), 0.5);  // the ordinary CV is ruined by 50
}

TEST(Descriptive, LogCvIsTheExponentiatedSdOfLogs) {
  const std::vector<double> v = {1.0, std::exp(0.02)};
  // sd of {0, 0.02} is 0.02/√2.
  EXPECT_NEAR(log_cv(v), std::expm1(0.02 / std::sqrt(2.0)), 1e-15);
}

TEST(Descriptive, CountsOutliersByTukeyFencesAndKeepsThem) {
  // 1..8 plus 20 and 40: Q1 = 3.25, Q3 = 7.75 (numpy's linear rule) → IQR 4.5; mild above
  // 14.5, severe above 21.25.
  const std::vector<double> v = {1, 2, 3, 4, 5, 6, 7, 8, 20, 40};
  const OutlierCounts counts = count_outliers(v);
  EXPECT_EQ(counts.high_mild, 1U);
  EXPECT_EQ(counts.high_severe, 1U);
  EXPECT_EQ(counts.low_mild + counts.low_severe, 0U);
}

TEST(Descriptive, DriftOfAMonotoneSeriesIsPerfectlyCorrelated) {
  const std::vector<double> rising = {1, 2, 3, 5, 8, 13};
  const Drift drift = drift_of(rising);
  EXPECT_DOUBLE_EQ(drift.rho, 1.0);
  EXPECT_DOUBLE_EQ(drift.p, 0.0);
}

TEST(Descriptive, DriftPValueUsesTheTApproximation) {
  // Ranks of values by position: 2 1 4 3 6 5 → d² sum = 6, ρ = 1 − 6·6/(6·35) = 29/35.
  const std::vector<double> v = {2, 1, 4, 3, 6, 5};
  const Drift drift = drift_of(v);
  const double rho = 29.0 / 35.0;
  EXPECT_NEAR(drift.rho, rho, 1e-14);
  const double t = rho * std::sqrt(4.0 / (1 - rho * rho));
  // Student t with 4 degrees of freedom in closed form: F(t) = ½ + t(t² + 6)/(2(t² + 4)^{3/2}),
  // so the two-sided p is 1 − t(t² + 6)/(t² + 4)^{3/2}.
  const double expected = 1.0 - t * (t * t + 6) / std::pow(t * t + 4, 1.5);
  EXPECT_NEAR(drift.p, expected, 1e-12);
}

TEST(Distributions, NormalQuantileInvertsTheCdf) {
  EXPECT_NEAR(normal_quantile(0.975), 1.959963984540054, 1e-13);
  EXPECT_NEAR(normal_quantile(0.8), 0.8416212335729143, 1e-13);
  EXPECT_NEAR(normal_quantile(1e-10), -6.361340902404056, 1e-9);
  EXPECT_NEAR(normal_cdf(normal_quantile(0.3)), 0.3, 1e-15);
}

TEST(Distributions, TheNamedQuantileOfA95PercentIntervalIsTheQuantileAt0975) {
  EXPECT_NEAR(kNormalQuantile975, normal_quantile(0.975), 1e-15);
  EXPECT_NEAR(normal_cdf(kNormalQuantile975), 0.975, 1e-15);
}

TEST(Distributions, StudentTWithOneDegreeIsCauchy) {
  // sf(t; 1) = ½ − atan(t)/π.
  for (double t : {0.1, 1.0, 3.0, 12.0}) {
    EXPECT_NEAR(student_t_sf(t, 1.0), 0.5 - std::atan(t) / M_PI, 1e-13) << t;
  }
  EXPECT_NEAR(student_t_sf(-1.0, 1.0), 0.75, 1e-13);
}

TEST(Holm, AdjustsStepDownAndKeepsOrder) {
  // p = .01 .04 .03 .005 → sorted .005 .01 .03 .04 × 4 3 2 1 = .02 .03 .06 .04 → monotone
  // .02 .03 .06 .06.
  const std::vector<double> p = {0.01, 0.04, 0.03, 0.005};
  const std::vector<double> adjusted = holm_adjust(p);
  EXPECT_NEAR(adjusted[0], 0.03, 1e-15);
  EXPECT_NEAR(adjusted[1], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[2], 0.06, 1e-15);
  EXPECT_NEAR(adjusted[3], 0.02, 1e-15);
  EXPECT_DOUBLE_EQ(holm_adjust(std::vector<double>{0.7, 0.6})[0], 1.0);
}

TEST(MedianInterval, MatchesBenchstatsTable) {
  // docs/statistics.md ("Test vectors"): n → orders and actual confidence at 0.95.
  struct Row {
    std::size_t n, lo, hi;
    double confidence;
  };
  const Row rows[] = {{6, 1, 6, .969},   {8, 1, 7, .961},   {10, 2, 9, .979},
                      {15, 4, 12, .965}, {20, 6, 15, .959}, {30, 10, 21, .957}};
  for (const Row& row : rows) {
    const OrderInterval interval = median_order_interval(row.n, 0.95);
    EXPECT_EQ(interval.lo_order, row.lo) << row.n;
    EXPECT_EQ(interval.hi_order, row.hi) << row.n;
    EXPECT_NEAR(interval.confidence, row.confidence, 0.0005) << row.n;
  }
  // n = 5: the whole sample only covers 93.75 %, so one bound is infinite (benchstat "± ∞").
  const OrderInterval five = median_order_interval(5, 0.95);
  EXPECT_TRUE(five.lo_order == 0 || five.hi_order == 6);
  const std::vector<double> values = {5, 1, 4, 2, 3};
  EXPECT_TRUE(std::isinf(median_interval(values, 0.95).lo) ||
              std::isinf(median_interval(values, 0.95).hi));
}

TEST(Descriptive, ValuesNearTheLargestDoubleGiveFiniteMeanSpreadAndCv) {
  // The plain sum of these overflows to infinity; the mean of equal halves is exact.
  const std::vector<double> v = {1.7e308, 1.5e308, 1.7e308, 1.5e308};
  EXPECT_DOUBLE_EQ(mean(v), 1.6e308);
  EXPECT_NEAR(standard_deviation(v) / 1e307, std::sqrt(4.0 / 3.0), 1e-12);
  // MAD 1.7e308 about a median of 1e300: 1.4826 · MAD alone would overflow.
  const std::vector<double> wide = {-1.7e308, -1.7e308, -1.7e308, 1e300, 1.7e308, 1.7e308, 1.7e308};
  EXPECT_NEAR(robust_cv(wide) / 1e8, 1.4826 * 1.7, 1e-6);
  const std::vector<double> opposite = {-1.7e308, 1.7e308};
  EXPECT_DOUBLE_EQ(median(opposite), 0.0);
  EXPECT_DOUBLE_EQ(mean(opposite), 0.0);
}

}  // namespace
}  // namespace clonebench
