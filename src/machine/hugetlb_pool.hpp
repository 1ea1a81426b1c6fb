#pragma once
// The HugeTLB pools and the HVO switch as one machine-wide state that `ab --preset hvo-key`
// changes and puts back: vm.hugetlb_optimize_vmemmap and each page size's nr_hugepages. Roots are
// parameters so that tests can use a directory shaped like /proc/sys/vm and
// /sys/kernel/mm/hugepages. Writing the values back on every way out, SIGKILL included, is
// ThpGuard's job (memory/thp_guard.hpp): it writes any list of (file, value) in order.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "machine/hvo_state.hpp"
#include "memory/thp_settings.hpp"

namespace clonebench {

inline constexpr std::string_view kProcSysVm = "/proc/sys/vm";
inline constexpr std::string_view kHugepagesRoot = "/sys/kernel/mm/hugepages";

struct HugetlbPool {
  std::uint64_t page_kb = 0;  // from the directory name hugepages-<N>kB
  std::string directory;      // <root>/hugepages-<N>kB
  std::int64_t nr = 0, free = 0, surplus = 0;
};

struct HugetlbState {
  std::optional<std::int64_t> optimize_vmemmap;  // nullopt: the sysctl is not registered
  std::vector<HugetlbPool> pools;                // ascending page size
  std::int64_t total_pages() const;              // nr + surplus over every pool
  std::int64_t pages_in_use() const;             // nr − free over every pool
};

struct HugetlbRoots {
  std::string proc_sys_vm{kProcSysVm};
  std::string hugepages{kHugepagesRoot};
};

// Throws RuntimeError naming the file when a pool's counters cannot be read.
HugetlbState read_hugetlb_state(const HugetlbRoots& roots);

// What derive_hvo_key_state needs, from `state` and the kernel config's value of
// CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP (nullopt: config unreadable).
HvoObservation hvo_observation_of(const HugetlbState& state,
                                  const std::optional<std::string>& config_optimize_vmemmap);

// The writes that put `saved` back, in order: every pool emptied (so that the switch can take
// effect on a clean slate), the switch as it was, then every pool's size as it was. Pages of a
// restored pool are allocated anew, under the restored switch.
std::vector<ThpSetting> hugetlb_restore_writes(const HugetlbState& saved,
                                               const HugetlbRoots& roots);

// The writes that make `pages` pages of `page_kb` the only HugeTLB pages, allocated with HVO
// `optimize` (0/1): every pool emptied, the switch set, then the one pool sized.
std::vector<ThpSetting> hugetlb_pool_writes(const HugetlbState& now, const HugetlbRoots& roots,
                                            std::int64_t optimize, std::uint64_t page_kb,
                                            std::int64_t pages);

}  // namespace clonebench
