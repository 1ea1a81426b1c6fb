// Sizing a folio from the kpageflags words of its aligned block of 512 frames.

#include "memory/folio_probe.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace clonebench {
namespace {

constexpr std::uint64_t kHead = 1ull << 15, kTail = 1ull << 16;

// A block: frames 0-15 one 16-page folio, 16-19 single pages, 32-95 a 64-page folio.
std::vector<std::uint64_t> block() {
  std::vector<std::uint64_t> flags(512, 0);
  flags[0] = kHead;
  for (int i = 1; i < 16; ++i) {
    flags[i] = kTail;
  }
  flags[32] = kHead;
  for (int i = 33; i < 96; ++i) {
    flags[i] = kTail;
  }
  return flags;
}

TEST(FolioProbe, SizesTheFolioOfAHeadATailAndASinglePage) {
  const std::vector<std::uint64_t> flags = block();
  EXPECT_EQ(folio_pages_in_block(flags, 0), 16u);
  EXPECT_EQ(folio_pages_in_block(flags, 9), 16u);
  EXPECT_EQ(folio_pages_in_block(flags, 17), 1u);
  EXPECT_EQ(folio_pages_in_block(flags, 95), 64u);
  EXPECT_EQ(folio_pages_in_block(flags, 96), 1u);
}

TEST(FolioProbe, ATailWithoutItsHeadInTheBlockIsNotSized) {
  std::vector<std::uint64_t> flags(512, kTail);
  EXPECT_EQ(folio_pages_in_block(flags, 3), 1u);
}

TEST(FolioProbe, TheDominantOrderIsTheOneMostSamplesSatIn) {
  FolioOrderCounts counts{};
  EXPECT_EQ(dominant_folio_order(counts), -1);
  counts[4] = 7;
  counts[0] = 3;
  EXPECT_EQ(dominant_folio_order(counts), 4);
}

}  // namespace
}  // namespace clonebench
