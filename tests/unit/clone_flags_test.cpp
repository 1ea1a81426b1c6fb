#include "stressors/clone_flags.hpp"

#include <gtest/gtest.h>
#include <linux/sched.h>

#include <set>

namespace clonebench {
namespace {

TEST(MwcRandom, ReproducesStressNgsGeneratorWithDefaultSeeds) {
  // Expected values worked out with Python from stress-ng's recurrence (reference/stress-ng.md §1).
  MwcRandom random(0);
  EXPECT_EQ(random.next(), 820856226U);
  EXPECT_EQ(random.next(), 2331188998U);
  EXPECT_EQ(random.next(), 4033440000U);
}

TEST(MwcRandom, TakesZFromTheHighAndWFromTheLowHalfOfTheSeed) {
  MwcRandom random(0x123456789abcdef0ULL);
  EXPECT_EQ(random.next(), 1185408444U);
}

TEST(CloneFlags, TheOneFlagTableHasStressNgsTwentyFourEntriesInOrder) {
  const auto& flags = clone_single_flags();
  ASSERT_EQ(flags.size(), 24U);
  EXPECT_EQ(flags[0], 0U);
  EXPECT_EQ(flags[1], static_cast<std::uint64_t>(CLONE_FS));
  EXPECT_EQ(flags[6], static_cast<std::uint64_t>(CLONE_THREAD));
  EXPECT_EQ(flags[23], static_cast<std::uint64_t>(CLONE_NEWTIME));
}

TEST(CloneFlags, PermutationsAreEveryDistinctSubsetOfTheTenFlags) {
  const auto permutations = flag_permutations(clone_permuted_flags());
  ASSERT_EQ(permutations.size(), 1024U);
  const std::set<std::uint64_t> unique(permutations.begin(), permutations.end());
  EXPECT_EQ(unique.size(), 1024U);
  EXPECT_EQ(permutations[0], 0U);
  EXPECT_EQ(permutations[1023], clone_permuted_flags());
  // Bit k of the index sets the k-th lowest flag: 1 is CLONE_FS (0x200), 2 CLONE_FILES (0x400).
  EXPECT_EQ(permutations[1], static_cast<std::uint64_t>(CLONE_FS));
  EXPECT_EQ(permutations[2], static_cast<std::uint64_t>(CLONE_FILES));
  EXPECT_EQ(permutations[3], static_cast<std::uint64_t>(CLONE_FS | CLONE_FILES));
  for (auto value : permutations) {
    EXPECT_EQ(value & ~clone_permuted_flags(), 0U);
  }
}

TEST(CloneFlagChooser, Clone3AlwaysGetsAOneFlagEntryAndCloneTheNextPermutation) {
  CloneFlagChooser chooser(7);
  const auto permutations = flag_permutations(clone_permuted_flags());
  const auto& single = clone_single_flags();
  const std::set<std::uint64_t> single_set(single.begin(), single.end());
  std::size_t next_permutation = 0;
  int clone3_calls = 0;
  for (int i = 0; i < 2000; ++i) {
    const CloneChoice choice = chooser.next(true);
    if (choice.use_clone3) {
      ++clone3_calls;
      EXPECT_TRUE(single_set.count(choice.flags) == 1);
    } else {
      EXPECT_EQ(choice.flags, permutations[next_permutation]);
      next_permutation = (next_permutation + 1) % permutations.size();
    }
  }
  // One random bit decides: the clone3 count is binomial(2000, 1/2), mean 1000 and standard
  // deviation √500 ≈ 22.4; within ±4 standard deviations.
  EXPECT_GT(clone3_calls, 1000 - 90);
  EXPECT_LT(clone3_calls, 1000 + 90);
}

TEST(CloneFlagChooser, WithoutClone3TheRandomTableStillFeedsLegacyClone) {
  CloneFlagChooser chooser(7);
  for (int i = 0; i < 100; ++i) {
    EXPECT_FALSE(chooser.next(false).use_clone3);
  }
}

}  // namespace
}  // namespace clonebench
