#include "core/number_text.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace clonebench {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

TEST(IntervalDecimals, ShowTwoSignificantDigitsOfTheHalfWidth) {
  EXPECT_EQ(interval_decimals(1.36, 1.59), 2);      // ±0.115
  EXPECT_EQ(interval_decimals(42.24, 108.08), 0);   // ±33
  EXPECT_EQ(interval_decimals(-1.0, 5.9), 1);       // ±3.45
  EXPECT_EQ(interval_decimals(-9.4, 6.6), 1);       // ±8.0
  EXPECT_EQ(interval_decimals(0.0001, 0.0004), 5);  // ±0.00015
}

// 1.8074 - 1.8072 is 0.00019999… in binary: a half-width a hair below 10^-4 is 10^-4, not a
// reason for a sixth decimal.
TEST(IntervalDecimals, AreNotShiftedByTheBinaryErrorOfADecimalDifference) {
  EXPECT_EQ(interval_decimals(1.8072, 1.8074), 5);  // ±0.0001
  EXPECT_EQ(interval_decimals(0.7, 0.9), 2);        // ±0.1 (0.09999… in binary)
  EXPECT_EQ(interval_decimals(0.1, 0.3), 2);        // ±0.1
  EXPECT_EQ(interval_decimals(9.9, 10.1), 2);       // ±0.1
}

// Two significant digits of a half-width of 100 or more end left of the point: ±205.9 is
// ±210, tens; ±266400 is ±270000, ten thousands; ±2261 is ±2300, hundreds (issue 35: "3930 ±
// 2261").
TEST(IntervalDecimals, RoundIntegerDigitsTheIntervalDoesNotVouchFor) {
  EXPECT_EQ(interval_decimals(207.61, 619.4), -1);
  EXPECT_EQ(interval_decimals(-30808, 501993), -4);
  EXPECT_EQ(interval_decimals(3930 - 2261, 3930 + 2261), -2);
  EXPECT_EQ(interval_decimals(80, 119.8), 0);  // ±19.9: units
}

TEST(IntervalDecimals, AreUnknownWithoutAFiniteWidth) {
  EXPECT_EQ(interval_decimals(1, 1), std::nullopt);
  EXPECT_EQ(interval_decimals(2, 1), std::nullopt);
  EXPECT_EQ(interval_decimals(-kInf, 1), std::nullopt);
  EXPECT_EQ(interval_decimals(0, std::numeric_limits<double>::quiet_NaN()), std::nullopt);
}

TEST(EstimateText, SharesTheIntervalsDigitsBetweenEstimateAndBounds) {
  EXPECT_EQ(estimate_text(413.519, 207.610, 619.402, "ns"), "410 ns [210, 620]");
  EXPECT_EQ(estimate_text(1.4812, 1.3604, 1.5911), "1.48 [1.36, 1.59]");
  EXPECT_EQ(estimate_text(55.91, 42.24, 108.08, "ns/page"), "56 ns/page [42, 108]");
}

TEST(EstimateText, SignsAChangeWhenAsked) {
  EXPECT_EQ(estimate_text(2.41, -1.04, 5.93, "%", NumberSign::kAlways), "+2.4 % [-1.0, +5.9]");
  EXPECT_EQ(estimate_text(-0.001, -1.04, 0.93, "%", NumberSign::kAlways), "0.00 % [-1.04, +0.93]");
}

// 3930 ± 2261: the half-width's two significant digits are thousands and hundreds, so the
// estimate and both ends are rounded to hundreds: 3930 → 3900, 1669 → 1700, 6191 → 6200.
TEST(EstimateText, RoundsIntegerDigitsToTheIntervalsWidth) {
  EXPECT_EQ(estimate_text(3930, 1669, 6191), "3900 [1700, 6200]");
  EXPECT_EQ(estimate_text(-3950, -6250, -1650), "-4000 [-6300, -1700]");  // half away from zero
  EXPECT_EQ(number_in_interval(40, -2261, 2261), "0");                    // no "-0", no "00"
}

TEST(FixedText, RoundsToTensAndHundredsWithNegativeDecimals) {
  EXPECT_EQ(fixed_text(3930, -2), "3900");
  EXPECT_EQ(fixed_text(2261, -2), "2300");
  EXPECT_EQ(fixed_text(557840.2, -4), "560000");
  EXPECT_EQ(fixed_text(-49, -2), "0");
  EXPECT_EQ(fixed_text(150, -2, NumberSign::kAlways), "+200");
}

TEST(EstimateText, WritesInfiniteEndsAndFallsBackToTheEstimatesDigits) {
  EXPECT_EQ(estimate_text(159.529, -30.808, kInf, "ns"), "160 ns [-30.8, inf]");
  EXPECT_EQ(estimate_text(3.25, -kInf, kInf, "%", NumberSign::kAlways), "+3.25 % [-inf, +inf]");
}

TEST(EstimateText, NeverUsesScientificNotation) {
  EXPECT_EQ(estimate_text(1e6, 0.9e6, 1.1e6), "1000000 [900000, 1100000]");
  EXPECT_EQ(estimate_text(4.06e-5, 3.1e-5, 5.2e-5), "0.000041 [0.000031, 0.000052]");
}

TEST(FixedText, HasNoNegativeZero) {
  EXPECT_EQ(fixed_text(-0.004, 2), "0.00");
  EXPECT_EQ(fixed_text(-0.004, 2, NumberSign::kAlways), "0.00");
  EXPECT_EQ(fixed_text(-0.006, 2), "-0.01");
  EXPECT_EQ(fixed_text(0.006, 2, NumberSign::kAlways), "+0.01");
}

// Vectors worked by hand: the digit at the third significant place, rounded half away from
// zero, and every zero up to it shown (issue 35: "0.00406 %" beside "1 %").
TEST(SignificantText, KeepsThreeSignificantDigitsTrailingZerosIncluded) {
  EXPECT_EQ(significant_text(0.00406), "0.00406");
  EXPECT_EQ(significant_text(1.0), "1.00");
  EXPECT_EQ(significant_text(15.0), "15.0");
  EXPECT_EQ(significant_text(12.34), "12.3");
  EXPECT_EQ(significant_text(1.5), "1.50");
  EXPECT_EQ(significant_text(0.99807), "0.998");  // an R²
  EXPECT_EQ(significant_text(413.519), "414");
  EXPECT_EQ(significant_text(557840.2), "557840");
  EXPECT_EQ(significant_text(0), "0");
}

TEST(SignificantText, CarriesARoundingIntoTheNextDigit) {
  EXPECT_EQ(significant_text(9.996), "10.0");
  EXPECT_EQ(significant_text(0.09996), "0.100");
  EXPECT_EQ(significant_text(-9.996, 2), "-10");
}

// 48.262 to 207.0: half-width 79.4, two significant digits of it are tens and units, so no
// decimals; 0.990 to 0.999: half-width 0.0045, whose two significant digits end at the fourth
// decimal.
TEST(NumberInInterval, WritesAnEndOrAnEstimateWithTheIntervalsDigits) {
  EXPECT_EQ(number_in_interval(48.262, 48.262, 207.0), "48");
  EXPECT_EQ(number_in_interval(207.0, 48.262, 207.0), "207");
  EXPECT_EQ(number_in_interval(0.99807, 0.990, 0.999), "0.9981");
  EXPECT_EQ(number_in_interval(-5.86, -91.27, -5.86, NumberSign::kAlways), "-6");
  EXPECT_EQ(number_in_interval(2.5, 1, 1), "2.50");  // no width: three significant digits
}

TEST(SignificantText, SignsAChangeWhenAsked) {
  EXPECT_EQ(significant_text(2.63, 2, NumberSign::kAlways), "+2.6");
  EXPECT_EQ(significant_text(-2.63, 2, NumberSign::kAlways), "-2.6");
}

}  // namespace
}  // namespace clonebench
