#pragma once
// stress-ng's clone flag tables and flag choice (docs/measurement.md), kept apart from the
// syscalls so that they can be tested as data.

#include <array>
#include <cstdint>
#include <vector>

#include "stressors/mwc_random.hpp"

namespace clonebench {

// The one-flag table `flags[]`, in stress-ng's order, every entry defined (24).
const std::vector<std::uint64_t>& clone_single_flags();
// The same table as stress-ng 0.15.06 is built on Debian 12: glibc 2.36's headers define neither
// CLONE_CLEAR_SIGHAND nor CLONE_INTO_CGROUP, so it has 22 entries and `draw % 22` picks one.
const std::vector<std::uint64_t>& stress_ng_debian12_single_flags();
// FS|PIDFD|PTRACE|VFORK|PARENT|SYSVSEM|DETACHED|UNTRACED|IO|FILES.
std::uint64_t clone_permuted_flags();
// Every subset of a flag set, in stress-ng's order (perms[j] has bit i when bit rank(i) of j is
// set).
std::vector<std::uint64_t> flag_permutations(std::uint64_t flags);

// What one creating call does next: one random draw decides both the entry point and the table.
struct CloneChoice {
  bool use_clone3 = false;
  std::uint64_t flags = 0;
};

class CloneFlagChooser {
 public:
  // clean: clonebench's seeding and the full one-flag table.
  explicit CloneFlagChooser(std::uint64_t seed);
  CloneFlagChooser(const MwcRandom& random, const std::vector<std::uint64_t>& single_flags);
  // clone3 always takes a flag from the one-flag table; legacy clone() the next permutation.
  CloneChoice next(bool clone3_available) noexcept;

 private:
  MwcRandom random_;
  const std::vector<std::uint64_t>* single_flags_;
  std::vector<std::uint64_t> permutations_;
  std::size_t permutation_index_ = 0;
};

}  // namespace clonebench
