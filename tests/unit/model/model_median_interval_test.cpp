// The model's median and interval, which take their order statistics from stats/ (one median
// interval in the code base), checked against binomial values worked out by hand (and found in
// the usual tables), not by the implementation.

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "model/model_run.hpp"

namespace clonebench::model {
namespace {

std::vector<double> one_to(int n) {
  std::vector<double> samples;
  for (int i = n; i >= 1; --i) {
    samples.push_back(i);  // in reverse: the interval must not depend on the order
  }
  return samples;
}

TEST(ModelMedianInterval, UsesTheSecondAndNinthOfTenSamples) {
  // P(B(10, 1/2) <= 1) = 11/1024, so [x(2), x(9)] covers 1 - 22/1024 = 97.85 %;
  // [x(3), x(8)] would cover only 1 - 2 * 56/1024 = 89.06 %.
  const MedianInterval interval = median_interval(one_to(10), 0.95);
  EXPECT_DOUBLE_EQ(interval.estimate, 5.5);
  EXPECT_DOUBLE_EQ(interval.low, 2);
  EXPECT_DOUBLE_EQ(interval.high, 9);
  EXPECT_NEAR(interval.coverage, 1 - 22.0 / 1024, 1e-12);
}

TEST(ModelMedianInterval, UsesTheSixthAndFifteenthOfTwentySamples) {
  // P(B(20, 1/2) <= 5) = 21700/1048576, so [x(6), x(15)] covers 95.86 %; P(<= 6) = 60460/1048576
  // leaves [x(7), x(14)] at 88.47 %.
  const MedianInterval interval = median_interval(one_to(20), 0.95);
  EXPECT_DOUBLE_EQ(interval.low, 6);
  EXPECT_DOUBLE_EQ(interval.high, 15);
  EXPECT_NEAR(interval.coverage, 1 - 2 * 21700.0 / 1048576, 1e-12);
}

TEST(ModelMedianInterval, FallsBackToTheRangeWhenTooFewSamplesExist) {
  // Three samples: min..max covers 1 - 2/8 = 75 %, the best there is.
  const MedianInterval three = median_interval(std::vector<double>{3, 1, 2}, 0.95);
  EXPECT_DOUBLE_EQ(three.estimate, 2);
  EXPECT_DOUBLE_EQ(three.low, 1);
  EXPECT_DOUBLE_EQ(three.high, 3);
  EXPECT_NEAR(three.coverage, 0.75, 1e-12);
  // Six is the smallest n where min..max reaches 95 %: 1 - 2/64 = 96.875 %.
  const MedianInterval six = median_interval(one_to(6), 0.95);
  EXPECT_DOUBLE_EQ(six.low, 1);
  EXPECT_DOUBLE_EQ(six.high, 6);
  EXPECT_NEAR(six.coverage, 1 - 2.0 / 64, 1e-12);
}

TEST(ModelMedianInterval, RejectsAnEmptySample) {
  EXPECT_THROW(median_interval(std::vector<double>{}, 0.95), std::invalid_argument);
}

}  // namespace
}  // namespace clonebench::model
