#pragma once
// Raises vm.max_map_count for as long as the object lives, so that a parent with more mappings
// than the limit allows can be built (the vma-fork preset's 65,536 VMAs). The value found is
// put back on every way out by the same guardian that restores the THP switches (thp_guard.hpp):
// the destructor on a normal end, an error or an interrupt, the guardian process when the tool
// is SIGKILLed. `path` is a parameter so that tests can use a plain file.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "memory/thp_guard.hpp"

namespace clonebench {

inline constexpr std::string_view kMaxMapCountPath = "/proc/sys/vm/max_map_count";

// The vm.max_map_count a parent of `vmas` mappings needs while it is made (the inverse of
// max_vmas_under(), map_count_limit.hpp).
std::uint64_t map_count_needed(std::uint64_t vmas);

class MapCountRaise {
 public:
  // Raises the value in `path` to `wanted` when it is lower (then the guardian starts first);
  // leaves it alone otherwise. `lock` is held from before the value is read. Throws
  // RuntimeError when it cannot read, guard or write it.
  MapCountRaise(MachineSettingsLock& lock, std::uint64_t wanted,
                std::string path = std::string(kMaxMapCountPath));
  // The value found, and whether it was raised.
  std::uint64_t found() const noexcept { return found_; }
  bool raised() const noexcept { return guard_.has_value(); }
  pid_t guardian_pid() const noexcept { return guard_ ? guard_->guardian_pid() : -1; }

 private:
  std::uint64_t found_ = 0;
  std::optional<ThpGuard> guard_;  // restores on destruction
};

}  // namespace clonebench
