#include "core/units.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

TEST(Duration, PlainNumbersAreSeconds) {
  EXPECT_DOUBLE_EQ(parse_duration_s("60", "--timeout"), 60);
}

TEST(Duration, AcceptsStressNgSuffixes) {
  EXPECT_DOUBLE_EQ(parse_duration_s("60s", "--timeout"), 60);
  EXPECT_DOUBLE_EQ(parse_duration_s("2m", "--timeout"), 120);
  EXPECT_DOUBLE_EQ(parse_duration_s("1h", "--timeout"), 3600);
  EXPECT_DOUBLE_EQ(parse_duration_s("1d", "--timeout"), 86400);
  EXPECT_DOUBLE_EQ(parse_duration_s("500ms", "--timeout"), 0.5);
  EXPECT_DOUBLE_EQ(parse_duration_s("1.5s", "--timeout"), 1.5);
}

TEST(Duration, AcceptsCompoundForms) {
  EXPECT_DOUBLE_EQ(parse_duration_s("1m30s", "--timeout"), 90);
  EXPECT_DOUBLE_EQ(parse_duration_s("11m49s", "--timeout"), 709);
}

TEST(Duration, RejectsGarbageNamingTheFlag) {
  for (const char* bad : {"", "abc", "10x", "s", "-5", "1m30", "1..2s"}) {
    try {
      parse_duration_s(bad, "--timeout");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--timeout"), std::string::npos) << error.what();
    }
  }
}

TEST(Size, UsesBinaryMultiples) {
  EXPECT_EQ(parse_size_bytes("0", "--rss"), 0U);
  EXPECT_EQ(parse_size_bytes("4096", "--rss"), 4096U);
  EXPECT_EQ(parse_size_bytes("64K", "--rss"), 65536U);
  EXPECT_EQ(parse_size_bytes("128M", "--rss"), 134217728U);
  EXPECT_EQ(parse_size_bytes("128m", "--rss"), 134217728U);
  EXPECT_EQ(parse_size_bytes("1G", "--rss"), 1073741824U);
  EXPECT_EQ(parse_size_bytes("2GiB", "--rss"), 2147483648U);
  EXPECT_EQ(parse_size_bytes("512MB", "--rss"), 536870912U);
  EXPECT_EQ(parse_size_bytes("1.5K", "--rss"), 1536U);
}

TEST(Size, RejectsGarbageAndOverflowNamingTheFlag) {
  for (const char* bad : {"", "M", "12Q", "-1M", "99999999999T", "1 M"}) {
    EXPECT_THROW(parse_size_bytes(bad, "--rss"), UsageError) << bad;
  }
}

TEST(Integer, EnforcesItsRange) {
  EXPECT_EQ(parse_integer("5", "--runs", 1, 10), 5);
  EXPECT_THROW(parse_integer("0", "--runs", 1, 10), UsageError);
  EXPECT_THROW(parse_integer("11", "--runs", 1, 10), UsageError);
  EXPECT_THROW(parse_integer("5x", "--runs", 1, 10), UsageError);
  EXPECT_THROW(parse_integer("", "--runs", 1, 10), UsageError);
}

TEST(Seed, TakesDecimalOrTheHexTheToolPrintsUpToTwoToTheSixtyThreeMinusOne) {
  EXPECT_EQ(parse_seed("42", "--seed"), 42U);
  EXPECT_EQ(parse_seed("0x2a", "--seed"), 42U);
  EXPECT_EQ(parse_seed("0X2A", "--seed"), 42U);
  EXPECT_EQ(parse_seed("9223372036854775807", "--seed"), 9223372036854775807U);
  EXPECT_EQ(parse_seed("0x7fffffffffffffff", "--seed"), 9223372036854775807U);
  for (const char* bad : {"", "0x", "-1", "9223372036854775808", "0x8000000000000000",
                          "18446744073709551616", "12ab", "0xg", " 1"}) {
    EXPECT_THROW(parse_seed(bad, "--seed"), UsageError) << bad;
  }
  try {
    parse_seed("0x8000000000000000", "--seed");
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--seed"), std::string::npos);
  }
}

TEST(Format, PicksTheLargestFittingUnit) {
  EXPECT_EQ(format_size(128ULL << 20), "128 MiB");
  EXPECT_EQ(format_size(1536), "1.5 KiB");
  EXPECT_EQ(format_duration_ns(1500), "1.50 µs");
  EXPECT_EQ(format_duration_ns(250e6), "250 ms");
}

TEST(Real, AcceptsFiniteNumbersInRangeOnly) {
  EXPECT_DOUBLE_EQ(parse_real("0.05", "--alpha", 0.0001, 0.5), 0.05);
  EXPECT_DOUBLE_EQ(parse_real("1e-3", "--alpha", 0.0001, 0.5), 0.001);
  for (const char* bad : {"nan", "-nan", "inf", "infinity", "1e999", "0.6", "", "0.05x", " 0.1"}) {
    try {
      parse_real(bad, "--alpha", 0.0001, 0.5);
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--alpha"), std::string::npos);
    }
  }
}

}  // namespace
}  // namespace clonebench
