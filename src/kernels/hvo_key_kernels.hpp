#pragma once
// `kernels --preset hvo-key --a IMAGE [SPEC]`: the in-guest twin of `ab --preset hvo-key`. One
// image booted with the HVO static key off (A) and on (B: "hugetlb_free_vmemmap=on hugepages=2"
// on its command line, checked from every guest's pool and switch), each boot running SPEC at
// its parent size and at a quarter of it. With --measure instructions the key's cost comes out
// exact: in instructions per operation at each size, and per 4 KiB page (PTE) of the parent, from
// each boot's slope between the two sizes with boots as the units.

#include <cstdint>
#include <optional>
#include <string>

#include "kernels/kernel_image.hpp"
#include "kernels/kernels_result.hpp"

namespace clonebench {

inline constexpr const char* kKernelsHvoKeyAppend = "hugetlb_free_vmemmap=on hugepages=2";
inline constexpr const char* kKernelsHvoKeyDefaultSpec = "fork --rss 64M --timeout 0.3s";

// Refuses (UsageError naming `flag` and the file) an image whose kernel configuration, found
// beside it as Debian and `make install` leave it (config-<release> for vmlinuz-<release>),
// lacks CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP=y. Returns the configuration's path, or "" when
// none was found (the guests' reports decide then).
std::string refuse_image_without_hvo(const KernelImage& image, const std::string& flag);

// Throws UsageError when a boot's guest contradicts its side: B's key must be on (the kernel
// cannot turn it on otherwise) and A's off.
void check_hvo_key_boot(const BootRecord& boot, const KernelsResult& result);

// The key's cost per 4 KiB page of the parent (PteCost, kernels_result.hpp): for each boot, the
// slope of its instructions per operation between the two sizes (median of its runs at each),
// per page; then the shift of B's slopes against A's (Hodges–Lehmann, Mann–Whitney interval),
// boots as the units.
// nullopt when a side has no boot with both sizes. `small_job`, `large_job`: the jobs' names.
std::optional<PteCost> hvo_key_pte_cost(const KernelsResult& result, const std::string& small_job,
                                        const std::string& large_job, std::uint64_t small_bytes,
                                        std::uint64_t large_bytes, double alpha);

// The lines the table adds: the per-PTE cost with its interval, in instructions.
std::string render_pte_cost(const PteCost& cost, double alpha);

}  // namespace clonebench
