#include "stressors/clone_flags.hpp"

#include <gtest/gtest.h>
#include <linux/sched.h>

#include <array>
#include <set>
#include <vector>

namespace clonebench {
namespace {

TEST(MwcRandom, ReproducesStressNgsGeneratorWithDefaultSeeds) {
  // Expected values worked out with Python from stress-ng's recurrence (docs/measurement.md,
  // "clone: stress-ng's semantics, reaped correctly").
  MwcRandom random(0);
  EXPECT_EQ(random.next(), 820856226U);
  EXPECT_EQ(random.next(), 2331188998U);
  EXPECT_EQ(random.next(), 4033440000U);
}

TEST(MwcRandom, TakesZFromTheHighAndWFromTheLowHalfOfTheSeed) {
  MwcRandom random(0x123456789abcdef0ULL);
  EXPECT_EQ(random.next(), 1185408444U);
}

TEST(MwcRandom, StressNgsByteDrawsAreTheBytesOfOneDrawLowestFirst) {
  MwcRandom words(0);
  MwcRandom bytes(0);
  // 820856226 = 0x30ed45a2 (the first default-seeded draw above), 2331188998 = 0x8af31f06.
  EXPECT_EQ(words.next(), 0x30ed45a2U);
  const std::array<std::uint8_t, 8> expected_bytes = {0xa2, 0x45, 0xed, 0x30,
                                                      0x06, 0x1f, 0xf3, 0x8a};
  for (const std::uint8_t expected : expected_bytes) {
    EXPECT_EQ(bytes.next8(), expected);
  }
}

TEST(MwcRandom, StressNgsSeedKeepsAZeroHalfSoASmallSeedNeverSetsTheTopBit) {
  MwcRandom random = MwcRandom::stress_ng_seeded(5);  // z = 0, w = 5
  // w = 18000 * 5 = 90000 after the first step; z stays 0, so the draw is w.
  EXPECT_EQ(random.next(), 90000U);
  for (int i = 0; i < 100000; ++i) {
    EXPECT_LT(random.next(), 0x80000000U);
  }
  // clonebench's own rule replaces the zero half with stress-ng's default instead.
  EXPECT_NE(MwcRandom(5).next(), 90000U);
}

TEST(CloneFlags, StressNgOnDebian12HasTwentyTwoOneFlagEntries) {
  const auto& flags = stress_ng_debian12_single_flags();
  ASSERT_EQ(flags.size(), 22U);
  const std::set<std::uint64_t> entries(flags.begin(), flags.end());
  EXPECT_EQ(entries.count(CLONE_CLEAR_SIGHAND), 0U);
  EXPECT_EQ(entries.count(CLONE_INTO_CGROUP), 0U);
  EXPECT_EQ(flags[20], static_cast<std::uint64_t>(CLONE_IO));
  EXPECT_EQ(flags[21], static_cast<std::uint64_t>(CLONE_NEWTIME));
}

// Observed, not computed: the first 19 creating calls of
// `strace -f stress-ng --clone 1 --clone-ops 12 --seed 81985529216486895` (0x0123456789abcdef),
// stress-ng 0.15.06 from Debian 12, in the order it made them.
TEST(CloneFlagChooser, ReproducesTheCallsStressNg0_15_06MadeForASeed) {
  struct Call {
    bool clone3;
    std::uint64_t flags;
  };
  const std::vector<Call> observed = {{true, CLONE_NEWTIME},
                                      {false, 0},
                                      {false, CLONE_FS},
                                      {true, CLONE_CHILD_SETTID},
                                      {false, CLONE_FILES},
                                      {false, CLONE_FS | CLONE_FILES},
                                      {false, CLONE_PIDFD},
                                      {true, CLONE_NEWPID},
                                      {true, CLONE_SIGHAND},
                                      {true, CLONE_NEWUTS},
                                      {false, CLONE_FS | CLONE_PIDFD},
                                      {true, CLONE_NEWTIME},
                                      {true, CLONE_THREAD},
                                      {false, CLONE_FILES | CLONE_PIDFD},
                                      {false, CLONE_FS | CLONE_FILES | CLONE_PIDFD},
                                      {false, CLONE_PTRACE},
                                      {true, CLONE_NEWIPC},
                                      {false, CLONE_FS | CLONE_PTRACE},
                                      {true, CLONE_FILES}};
  CloneFlagChooser chooser(MwcRandom::stress_ng_seeded(0x0123456789abcdefULL),
                           stress_ng_debian12_single_flags());
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const CloneChoice choice = chooser.next(true);
    EXPECT_EQ(choice.use_clone3, observed[i].clone3) << "call " << i;
    EXPECT_EQ(choice.flags, observed[i].flags) << "call " << i;
  }
}

// Observed: `--seed 5` made stress-ng 0.15.06 call legacy clone() only, with the permutations in
// order (0, FS, FILES, FS|FILES, PIDFD, ... FS|FILES|PTRACE for the first twelve).
TEST(CloneFlagChooser, ASeedBelowTwoToTheThirtyTwoNeverUsesClone3UnderStressNgsRule) {
  CloneFlagChooser chooser(MwcRandom::stress_ng_seeded(5), stress_ng_debian12_single_flags());
  const std::vector<std::uint64_t> observed = {0,
                                               CLONE_FS,
                                               CLONE_FILES,
                                               CLONE_FS | CLONE_FILES,
                                               CLONE_PIDFD,
                                               CLONE_FS | CLONE_PIDFD,
                                               CLONE_FILES | CLONE_PIDFD,
                                               CLONE_FS | CLONE_FILES | CLONE_PIDFD,
                                               CLONE_PTRACE,
                                               CLONE_FS | CLONE_PTRACE,
                                               CLONE_FILES | CLONE_PTRACE,
                                               CLONE_FS | CLONE_FILES | CLONE_PTRACE};
  for (std::size_t i = 0; i < observed.size(); ++i) {
    const CloneChoice choice = chooser.next(true);
    EXPECT_FALSE(choice.use_clone3) << "call " << i;
    EXPECT_EQ(choice.flags, observed[i]) << "call " << i;
  }
  for (int i = 0; i < 5000; ++i) {
    EXPECT_FALSE(chooser.next(true).use_clone3);
  }
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
