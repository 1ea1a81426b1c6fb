#include "stressors/clone_flags.hpp"

#include <linux/sched.h>

namespace clonebench {

const std::vector<std::uint64_t>& clone_single_flags() {
  static const std::vector<std::uint64_t> kFlags = {
      0,
      CLONE_FS,
      CLONE_FILES,
      CLONE_SIGHAND,
      CLONE_PIDFD,
      CLONE_PARENT,
      CLONE_THREAD,
      CLONE_NEWNS,
      CLONE_SYSVSEM,
      CLONE_PARENT_SETTID,
      CLONE_CHILD_CLEARTID,
      CLONE_DETACHED,
      CLONE_UNTRACED,
      CLONE_CHILD_SETTID,
      CLONE_NEWCGROUP,
      CLONE_NEWUTS,
      CLONE_NEWIPC,
      CLONE_NEWUSER,
      CLONE_NEWPID,
      CLONE_NEWNET,
      CLONE_IO,
      CLONE_CLEAR_SIGHAND,
      CLONE_INTO_CGROUP,
      CLONE_NEWTIME,
  };
  return kFlags;
}

const std::vector<std::uint64_t>& stress_ng_debian12_single_flags() {
  static const std::vector<std::uint64_t> kFlags = [] {
    std::vector<std::uint64_t> flags;
    for (const std::uint64_t flag : clone_single_flags()) {
      if (flag != CLONE_CLEAR_SIGHAND && flag != CLONE_INTO_CGROUP) {
        flags.push_back(flag);
      }
    }
    return flags;
  }();
  return kFlags;
}

std::uint64_t clone_permuted_flags() {
  return CLONE_FS | CLONE_PIDFD | CLONE_PTRACE | CLONE_VFORK | CLONE_PARENT | CLONE_SYSVSEM |
         CLONE_DETACHED | CLONE_UNTRACED | CLONE_IO | CLONE_FILES;
}

std::vector<std::uint64_t> flag_permutations(std::uint64_t flags) {
  std::vector<int> bits;
  for (int bit = 0; bit < 64; ++bit) {
    if ((flags >> bit) & 1U) {
      bits.push_back(bit);
    }
  }
  std::vector<std::uint64_t> permutations(std::size_t{1} << bits.size());
  for (std::size_t j = 0; j < permutations.size(); ++j) {
    std::uint64_t value = 0;
    for (std::size_t rank = 0; rank < bits.size(); ++rank) {
      if ((j >> rank) & 1U) {
        value |= std::uint64_t{1} << bits[rank];
      }
    }
    permutations[j] = value;
  }
  return permutations;
}

CloneFlagChooser::CloneFlagChooser(std::uint64_t seed)
    : CloneFlagChooser(MwcRandom(seed), clone_single_flags()) {}

CloneFlagChooser::CloneFlagChooser(const MwcRandom& random,
                                   const std::vector<std::uint64_t>& single_flags)
    : random_(random),
      single_flags_(&single_flags),
      permutations_(flag_permutations(clone_permuted_flags())) {}

CloneChoice CloneFlagChooser::next(bool clone3_available) noexcept {
  const std::uint32_t draw = random_.next();
  const bool high_bit = (draw & 0x80000000U) != 0;
  CloneChoice choice;
  choice.use_clone3 = clone3_available && high_bit;
  if (high_bit || permutations_.empty()) {
    choice.flags = (*single_flags_)[draw % single_flags_->size()];
  } else {
    choice.flags = permutations_[permutation_index_];
    permutation_index_ = (permutation_index_ + 1) % permutations_.size();
  }
  return choice;
}

}  // namespace clonebench
