#pragma once
// The three machine states of `ab --preset hvo-key` and the switch between them. The HVO static
// key (hugetlb_optimize_vmemmap_key) counts the HugeTLB folios allocated while
// vm.hugetlb_optimize_vmemmap was 1: it is on exactly while one exists.
//   off      no HugeTLB page at all                      key off (exact)
//   on       2 pages allocated with HVO on                key on
//   control  the same 2 pages allocated with HVO off      key off: HugeTLB pages, no optimized one
// The switch saves the pools and the sysctl first and hands them to a guardian (memory/thp_guard),
// so they are put back on every way out, SIGKILL of the tool included. Before (and after) each
// run the state is read back and judged by derive_hvo_key_state (machine/hvo_state.hpp), the same
// inference `clonebench kernel` shows.

#include <cstdint>
#include <optional>
#include <string>

#include "machine/hugetlb_pool.hpp"
#include "memory/thp_guard.hpp"

namespace clonebench {

enum class HvoArm { kOff, kOn, kControl };
inline constexpr HvoArm kHvoArms[] = {HvoArm::kOff, HvoArm::kOn, HvoArm::kControl};

const char* hvo_arm_name(HvoArm arm) noexcept;  // "off" | "on" | "control"

inline constexpr std::int64_t kHvoKeyPages = 2;       // HugeTLB pages of the on and control arms
inline constexpr std::uint64_t kHvoKeyPageKb = 2048;  // of this size (the x86-64 PMD size)

// What a look at the machine found for an arm.
struct HvoCheck {
  bool ok = false;
  std::optional<bool> key_on;  // as derive_hvo_key_state judges it
  std::string basis;           // its words, or what did not match
  std::int64_t pages = 0;      // HugeTLB pages that exist
};

// Throws UsageError (exit 2) with the reason when this machine cannot run the experiment: not
// root, HVO not compiled in or its sysctl absent, or HugeTLB pages already in use by a process.
void check_hvo_key_machine(const HugetlbRoots& roots,
                           const std::optional<std::string>& config_optimize_vmemmap);

class HvoKeySwitch {
 public:
  // Saves the current state (under `lock`, taken before) and starts the guardian. Throws
  // RuntimeError when it cannot.
  HvoKeySwitch(MachineSettingsLock& lock, HugetlbRoots roots,
               std::optional<std::string> config_optimize_vmemmap);

  // Puts the machine in `arm`'s state and checks it; throws RuntimeError when a file cannot be
  // written. A state that did not materialise (too few pages) is a failed check, not an error.
  HvoCheck enter(HvoArm arm);
  // Reads the machine and checks it is in `arm`'s state.
  HvoCheck check(HvoArm arm) const;
  // Writes the saved state back now (the destructor does it too); throws RuntimeError.
  void restore();
  pid_t guardian_pid() const noexcept { return guard_.guardian_pid(); }
  const HugetlbState& saved() const noexcept { return saved_; }

 private:
  HugetlbRoots roots_;
  std::optional<std::string> config_;
  HugetlbState saved_;
  ThpGuard guard_;
  std::optional<HvoArm> entered_;
  bool allocated_empty_ = false;  // the last pool was allocated from no HugeTLB page at all
};

// Enters `on` once and throws UsageError (exit 2) naming the pool obtained when the pages cannot
// be allocated; leaves the machine in `off`.
void probe_hvo_key_pool(HvoKeySwitch& hvo_switch);

}  // namespace clonebench
