// Numbers in reports and comparisons: five significant digits, never scientific notation, so
// that a reap of 557840 µs reads beside a create of 45.78 µs.
#include <gtest/gtest.h>

#include "compare/wording.hpp"

namespace clonebench {
namespace {

TEST(PlainNumber, LargeValuesAreWrittenOutWhole) {
  EXPECT_EQ(plain_number(557840.4), "557840");
  EXPECT_EQ(plain_number(12345678.9), "12345679");
  EXPECT_EQ(format_value(557840.4, "µs"), "557840 µs");
}

TEST(PlainNumber, SmallValuesKeepFiveSignificantDigitsWithoutTrailingZeros) {
  EXPECT_EQ(plain_number(45.78), "45.78");
  EXPECT_EQ(plain_number(61.23456), "61.235");
  EXPECT_EQ(plain_number(12.0), "12");
  EXPECT_EQ(plain_number(0.000123456), "0.00012346");
  EXPECT_EQ(plain_number(-2.5), "-2.5");
  EXPECT_EQ(plain_number(0), "0");
}

}  // namespace
}  // namespace clonebench
