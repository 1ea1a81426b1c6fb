#pragma once
// The parent's page tables: one entry per 4 KiB of the region, pointing at pages of the simulated
// memory laid out as the page allocator would hand them out. The child's tables are an array of
// the same length, written by the copy walk and cleared by the zap walk.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "model/vmemmap.hpp"

namespace clonebench::model {

// seq: physical order follows virtual order. runs: shuffled runs of 16-63 pages, each reversed,
// as per-CPU free lists hand pages out LIFO. random: uniform over the simulated memory.
enum class Layout { kSeq, kRuns, kRandom };

std::optional<Layout> parse_layout(std::string_view text);
std::string_view layout_name(Layout layout);

struct RegionSpec {
  std::uint64_t region_bytes = 0;
  Layout layout = Layout::kRandom;
  unsigned large_folio_pct = 0;  // share of 2 MiB-aligned blocks mapped as order-9 folios by PTEs
  std::uint64_t seed = 1;
};

struct PageTables {
  std::vector<std::uint64_t> parent;
  std::vector<std::uint64_t> child;
  std::uint64_t small_pages = 0;
  std::uint64_t large_folios = 0;
};

// Lays out and initializes the region's pages in `vmemmap`, avoiding the last
// `reserved_top_blocks` 2 MiB blocks (kept for the HugeTLB pool). Throws RuntimeError when the
// region does not fit in half of the remaining memory (the random layouts need room to scatter).
PageTables populate_region(Vmemmap& vmemmap, const RegionSpec& spec,
                           std::uint64_t reserved_top_blocks);

}  // namespace clonebench::model
