#include <gtest/gtest.h>

#include <string>

#include "core/error.hpp"
#include "sweep/size_list.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kSizeMiB = 1u << 20;

TEST(SizeList, ParsesACommaListInTheGivenOrder) {
  EXPECT_EQ(parse_size_list("0,16M,64M,256M", "--rss"),
            (std::vector<std::uint64_t>{0, 16 * kSizeMiB, 64 * kSizeMiB, 256 * kSizeMiB}));
  EXPECT_EQ(parse_size_list("64M,0", "--rss"), (std::vector<std::uint64_t>{64 * kSizeMiB, 0}));
}

TEST(SizeList, ParsesARangeAsEvenlySpacedPointsIncludingBothEnds) {
  const auto sizes = parse_size_list("0:512M:8", "--rss");
  ASSERT_EQ(sizes.size(), 8u);
  EXPECT_EQ(sizes.front(), 0u);
  EXPECT_EQ(sizes.back(), 512 * kSizeMiB);
  // 512 MiB / 7 is not a whole number of pages: each point is rounded down to 4 KiB.
  EXPECT_EQ(sizes[1], 512 * kSizeMiB / 7 / 4096 * 4096);
  EXPECT_EQ(
      parse_size_list("16M:64M:4", "--rss"),
      (std::vector<std::uint64_t>{16 * kSizeMiB, 32 * kSizeMiB, 48 * kSizeMiB, 64 * kSizeMiB}));
}

TEST(SizeList, RejectsBadListsNamingTheFlag) {
  for (const char* text : {"", "0,", "16M", "16M,16M", "0:512M", "0:512M:1", "512M:0:4",
                           "0:512M:8:1", "0,16M:64M:4", "abc,16M", "0:512M:100", "100,200"}) {
    try {
      parse_size_list(text, "--rss");
      FAIL() << "accepted '" << text << "'";
    } catch (const UsageError& error) {
      EXPECT_EQ(std::string(error.what()).rfind("--rss", 0), 0u) << error.what();
    }
  }
}

// --vmas and --folio refuse a repeat; so does --rss, also one that rounding makes.
TEST(SizeList, RefusesASizeGivenTwiceNamingIt) {
  for (const auto& [text, named] : {std::pair{"0,1M,1M", "1024 KiB is given twice"},
                                    std::pair{"0,8192,8193", "8 KiB is given twice"},
                                    std::pair{"0:8K:5", "0 KiB is given twice"}}) {
    try {
      parse_size_list(text, "--rss");
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find(named), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace clonebench
