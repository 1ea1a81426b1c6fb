// The verdict table (docs/statistics.md, "Verdicts") for both metric directions.

#include <gtest/gtest.h>

#include "compare/verdict.hpp"

namespace clonebench {
namespace {

VerdictInput interval(double low, double high, Direction direction, bool significant) {
  VerdictInput input;
  input.ci_low_pct = low;
  input.ci_high_pct = high;
  // A 90 % interval is narrower; shrink by 20 % around the middle for these cases.
  const double middle = (low + high) / 2;
  input.ci90_low_pct = middle + (low - middle) * 0.8;
  input.ci90_high_pct = middle + (high - middle) * 0.8;
  input.significant = significant;
  input.threshold_pct = 1;
  input.direction = direction;
  return input;
}

constexpr auto kTime = Direction::kLowerIsBetter;
constexpr auto kRate = Direction::kHigherIsBetter;

TEST(Verdict, TimesThatDropBeyondTheThresholdAreFaster) {
  EXPECT_EQ(decide_verdict(interval(-2.4, -1.2, kTime, true)), Verdict::kFaster);
  EXPECT_EQ(decide_verdict(interval(1.2, 2.4, kTime, true)), Verdict::kSlower);
}

TEST(Verdict, RatesThatRiseBeyondTheThresholdAreFaster) {
  EXPECT_EQ(decide_verdict(interval(1.2, 2.4, kRate, true)), Verdict::kFaster);
  EXPECT_EQ(decide_verdict(interval(-2.4, -1.2, kRate, true)), Verdict::kSlower);
}

TEST(Verdict, ARealChangeThatMayBeBelowTheThresholdIsSmall) {
  EXPECT_EQ(decide_verdict(interval(-1.5, -0.4, kTime, true)), Verdict::kFasterSmall);
  EXPECT_EQ(decide_verdict(interval(0.2, 0.6, kTime, true)), Verdict::kSlowerSmall);
  EXPECT_EQ(decide_verdict(interval(-1.5, -0.4, kRate, true)), Verdict::kSlowerSmall);
}

TEST(Verdict, NoChangeWithATightIntervalIsEquivalent) {
  EXPECT_EQ(decide_verdict(interval(-0.6, 0.5, kTime, false)), Verdict::kEquivalent);
}

TEST(Verdict, NoChangeWithAWideIntervalIsInconclusive) {
  EXPECT_EQ(decide_verdict(interval(-0.4, 2.5, kTime, false)), Verdict::kInconclusive);
}

TEST(Verdict, AnIntervalExcludingZeroWithoutSignificanceAfterHolmIsNotAChange) {
  // Holm can make p ≥ alpha although the single-metric CI excludes 0: no change is claimed.
  EXPECT_EQ(decide_verdict(interval(0.1, 2.5, kTime, false)), Verdict::kInconclusive);
}

TEST(Verdict, TooFewSamplesNeverGiveAVerdict) {
  VerdictInput input = interval(-3, -2, kTime, true);
  input.enough_samples = false;
  EXPECT_EQ(decide_verdict(input), Verdict::kInconclusive);
  EXPECT_FALSE(is_regression(decide_verdict(input)));
  EXPECT_TRUE(is_regression(Verdict::kSlowerSmall));
  EXPECT_EQ(verdict_name(Verdict::kFasterSmall), "faster-small");
}

}  // namespace
}  // namespace clonebench
