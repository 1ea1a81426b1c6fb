#pragma once
// stress-ng's clone flag tables and flag choice (reference/stress-ng.md §3.3–3.4), kept apart from
// the syscalls so that they can be tested as data.

#include <array>
#include <cstdint>
#include <vector>

namespace clonebench {

// stress-ng's multiply-with-carry generator, so the same seed gives the same flag sequence.
class MwcRandom {
 public:
  explicit MwcRandom(std::uint64_t seed) noexcept;
  std::uint32_t next() noexcept {
    z_ = 36969 * (z_ & 65535) + (z_ >> 16);
    w_ = 18000 * (w_ & 65535) + (w_ >> 16);
    return (z_ << 16) + w_;
  }

 private:
  std::uint32_t z_ = 362436069;
  std::uint32_t w_ = 521288629;
};

// The one-flag table `flags[]`, in stress-ng's order.
const std::vector<std::uint64_t>& clone_single_flags();
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
  explicit CloneFlagChooser(std::uint64_t seed);
  // clone3 always takes a flag from the one-flag table; legacy clone() the next permutation.
  CloneChoice next(bool clone3_available) noexcept;

 private:
  MwcRandom random_;
  std::vector<std::uint64_t> permutations_;
  std::size_t permutation_index_ = 0;
};

}  // namespace clonebench
