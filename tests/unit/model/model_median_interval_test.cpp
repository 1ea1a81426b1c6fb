// The order-statistic interval for a median, checked against binomial values worked out by
// hand (and found in the usual tables), not by this implementation.

#include <gtest/gtest.h>

#include <vector>

#include "model/median_interval.hpp"

namespace clonebench::model {
namespace {

TEST(MedianInterval, UsesTheSecondAndNinthOfTenSamples) {
  // P(B(10, 1/2) <= 1) = 11/1024, so [x(2), x(9)] covers 1 - 22/1024 = 97.85 %;
  // [x(3), x(8)] would cover only 1 - 2 * 56/1024 = 89.06 %.
  EXPECT_EQ(median_interval_rank(10, 0.95), 2u);
  EXPECT_NEAR(median_interval_coverage(10, 2), 1 - 22.0 / 1024, 1e-12);
  EXPECT_NEAR(median_interval_coverage(10, 3), 1 - 112.0 / 1024, 1e-12);
}

TEST(MedianInterval, UsesTheSixthAndFifteenthOfTwentySamples) {
  // P(B(20, 1/2) <= 5) = 21700/1048576 = 0.020695; P(<= 6) = 60460/1048576 = 0.057659.
  EXPECT_EQ(median_interval_rank(20, 0.95), 6u);
  EXPECT_NEAR(median_interval_coverage(20, 6), 1 - 2 * 21700.0 / 1048576, 1e-12);
  EXPECT_NEAR(median_interval_coverage(20, 7), 1 - 2 * 60460.0 / 1048576, 1e-12);
}

TEST(MedianInterval, FallsBackToTheRangeWhenTooFewSamplesExist) {
  // Three samples: min..max covers 1 - 2/8 = 75 %, the best there is.
  EXPECT_EQ(median_interval_rank(3, 0.95), 1u);
  EXPECT_NEAR(median_interval_coverage(3, 1), 0.75, 1e-12);
  // Six is the smallest n where min..max reaches 95 %: 1 - 2/64 = 96.875 %.
  EXPECT_EQ(median_interval_rank(5, 0.95), 1u);
  EXPECT_NEAR(median_interval_coverage(6, 1), 1 - 2.0 / 64, 1e-12);
}

TEST(MedianInterval, ReturnsTheSampleMedianAndTheChosenOrderStatistics) {
  const std::vector<double> samples{9, 1, 8, 2, 7, 3, 6, 4, 5, 10};
  const MedianInterval interval = median_interval(samples, 0.95);
  EXPECT_DOUBLE_EQ(interval.estimate, 5.5);
  EXPECT_DOUBLE_EQ(interval.low, 2);
  EXPECT_DOUBLE_EQ(interval.high, 9);
  const std::vector<double> odd{3, 1, 2};
  EXPECT_DOUBLE_EQ(median_interval(odd, 0.95).estimate, 2);
}

TEST(MedianInterval, RejectsAnEmptySample) {
  EXPECT_THROW(median_interval(std::vector<double>{}, 0.95), std::invalid_argument);
}

}  // namespace
}  // namespace clonebench::model
