#include "machine/hvo_state.hpp"

#include <fmt/core.h>

namespace clonebench {

HvoKeyState derive_hvo_key_state(const HvoObservation& observation) {
  if (observation.hugetlb_pages && *observation.hugetlb_pages == 0) {
    return {false,
            "exact: no HugeTLB page exists, and the key counts HVO-optimized HugeTLB folios"};
  }
  if (observation.config_optimize_vmemmap && *observation.config_optimize_vmemmap != "y") {
    return {false,
            "exact: CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not set, so no folio is "
            "optimized and the fake-head check is not compiled in"};
  }
  if (!observation.hugetlb_pages) {
    return {std::nullopt, "unknown: the HugeTLB pools could not be read"};
  }
  const auto pages = *observation.hugetlb_pages;
  if (!observation.sysctl_file_exists) {
    if (observation.config_optimize_vmemmap == "y") {
      return {false,
              "inferred: HVO is compiled in but vm.hugetlb_optimize_vmemmap is not "
              "registered, so no HugeTLB page size can be optimized"};
    }
    return {std::nullopt, "unknown: kernel config and vm.hugetlb_optimize_vmemmap both unreadable"};
  }
  if (observation.sysctl && *observation.sysctl != 0) {
    return {true, fmt::format("inferred: {} HugeTLB pages exist and HVO is enabled now; exact if "
                              "they were allocated while it was enabled",
                              pages)};
  }
  return {std::nullopt, fmt::format("unknown: {} HugeTLB pages exist but HVO is disabled now; "
                                    "pages allocated while it was enabled keep the key on",
                                    pages)};
}

}  // namespace clonebench
