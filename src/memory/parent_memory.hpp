#pragma once
// The forking process's own memory: a region of a chosen kind and size, populated before the
// first child is created, and what /proc/self/smaps says the process really is.

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "record/parent.hpp"

namespace clonebench {

// The flag's range; what vm.max_map_count allows is checked too (memory/map_count_limit.hpp).
// 65,536 is the largest VMA count of the published maple-tree experiment's order (sweep --preset
// vma-fork, which raises vm.max_map_count for it as root: memory/map_count_guard.hpp).
inline constexpr std::uint64_t kMaxParentVmas = 65536;

// The process as it is now: what the worker is before its region, the baseline of every run.
struct ProcessFootprint {
  std::uint64_t vma_count = 0, rss_kb = 0, anonymous_kb = 0;
};
// Reads /proc/self/smaps_rollup and /proc/self/maps.
ProcessFootprint measure_footprint();

// Hugepagesize from /proc/meminfo text, in bytes.
std::uint64_t huge_page_bytes(const std::string& meminfo);
// The refusal of a hugetlb parent that does not fit: how many huge pages are free and the
// `sysctl vm.nr_hugepages=N` that would make `needed_pages` more fit.
std::string hugetlb_advice(const std::string& meminfo, std::uint64_t needed_pages);

// RAII: the mappings of one shape, populated on construction, unmapped on destruction.
class ParentRegion {
 public:
  ParentRegion() = default;
  // Maps and populates; throws UsageError (e.g. hugetlb with no reserved pages, saying how to
  // reserve them) or RuntimeError.
  explicit ParentRegion(const ParentShape& shape);
  ~ParentRegion();
  ParentRegion(ParentRegion&& other) noexcept;
  ParentRegion& operator=(ParentRegion&& other) noexcept;
  ParentRegion(const ParentRegion&) = delete;
  ParentRegion& operator=(const ParentRegion&) = delete;

  // Reads /proc/self/smaps_rollup, /proc/self/smaps (for the region) and /proc/self/maps, with
  // `baseline` as the process before the region was mapped.
  ParentMemory measure(const ProcessFootprint& baseline = {}) const;
  const ParentShape& shape() const noexcept { return shape_; }

 private:
  struct Mapping {
    void* address = nullptr;
    std::size_t bytes = 0;
  };
  void release() noexcept;
  void map_piece(void* address, std::size_t bytes, std::uint64_t file_offset,
                 const std::string& meminfo);
  void unmap_holes(std::uintptr_t base, std::uint64_t span) noexcept;
  void verify_mapping_count(std::uintptr_t base, std::uint64_t span) const;
  ParentShape shape_;
  std::vector<Mapping> mappings_;
  int file_fd_ = -1;
};

// Pure parsers, tested with golden inputs. Field values are in kB as the kernel prints them.
// shared_kb is Shared_Clean + Shared_Dirty plus the whole Rss of MAP_SHARED entries ('s' in the
// permissions): smaps calls a shmem page "Private" while only one process maps it, yet fork never
// copies its entries, which is what the number is for.
struct SmapsTotals {
  std::uint64_t rss_kb = 0, anonymous_kb = 0, anon_huge_kb = 0, shared_kb = 0, hugetlb_kb = 0;
};
// Sums the fields of every entry in smaps or smaps_rollup text. Throws RuntimeError on text that
// is not smaps.
SmapsTotals parse_smaps(std::string_view text);
// Sums only the entries whose address range lies within [begin, end).
SmapsTotals parse_smaps_range(std::string_view text, std::uintptr_t begin, std::uintptr_t end);
std::uint64_t count_maps_lines(std::string_view maps_text);
// Counts only the mappings that lie within [begin, end).
std::uint64_t count_maps_lines_in(std::string_view maps_text, std::uintptr_t begin,
                                  std::uintptr_t end);
// Sums only the entries that lie within one of `ranges` ([begin, end) pairs, any order).
using AddressRange = std::pair<std::uintptr_t, std::uintptr_t>;
SmapsTotals parse_smaps_ranges(std::string_view text, const std::vector<AddressRange>& ranges);

}  // namespace clonebench
