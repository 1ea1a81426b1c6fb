#include "trace/trace_census.hpp"

#include <linux/sched.h>

namespace clonebench {

CreationKind classify_clone_flags(std::uint64_t clone_flags) noexcept {
  if ((clone_flags & CLONE_THREAD) != 0) {
    return CreationKind::kThread;
  }
  const std::uint64_t vfork_like = CLONE_VM | CLONE_VFORK;
  if ((clone_flags & vfork_like) == vfork_like) {
    return CreationKind::kVfork;
  }
  if ((clone_flags & CLONE_VM) != 0) {
    return CreationKind::kOtherClone;
  }
  return CreationKind::kFork;
}

}  // namespace clonebench
