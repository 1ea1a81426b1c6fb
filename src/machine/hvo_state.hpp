#pragma once
// Whether the HVO static key hugetlb_optimize_vmemmap_key is on (docs/model.md, "The HVO static
// key"). While it is on, every _compound_head() on the fork path pays a load and a branch for
// the fake-head check. The kernel does not expose the key, so it is derived from what user space
// can see, and the derivation says whether the answer is exact.

#include <cstdint>
#include <optional>
#include <string>

namespace clonebench {

// What user space can observe about HVO. nullopt: could not be read.
struct HvoObservation {
  std::optional<std::string> config_optimize_vmemmap;  // CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP
  std::optional<std::int64_t> sysctl;                  // vm.hugetlb_optimize_vmemmap (0/1)
  bool sysctl_file_exists = false;  // the sysctl is registered only if an hstate is optimizable
  std::optional<std::int64_t> hugetlb_pages;  // sum of nr_hugepages + surplus over every pool
};

struct HvoKeyState {
  std::optional<bool> key_on;  // nullopt when it cannot be told from user space
  std::string basis;           // "exact: ..." / "inferred: ..." / "unknown: ..." and why
};

// The key is a reference count of HVO-optimized HugeTLB folios: on exactly while one exists.
// Exact when no HugeTLB page exists or HVO is not compiled in; otherwise inferred from the
// current sysctl, since the key depends on the setting at the time each page was allocated.
HvoKeyState derive_hvo_key_state(const HvoObservation& observation);

}  // namespace clonebench
