#include "model/page_table.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <utility>

#include "core/error.hpp"
#include "core/name_table.hpp"

namespace clonebench::model {
namespace {

constexpr std::array<std::pair<Layout, std::string_view>, 3> kLayoutNames{{
    {Layout::kSeq, "seq"},
    {Layout::kRuns, "runs"},
    {Layout::kRandom, "random"},
}};

using Rng = std::mt19937_64;

std::uint64_t uniform(Rng& rng, std::uint64_t below) {
  return std::uniform_int_distribution<std::uint64_t>(0, below - 1)(rng);
}

// Frames for the small pages, in virtual order, never inside `taken` (large folios).
std::vector<std::uint64_t> small_frames(Layout layout, std::uint64_t count,
                                        std::vector<bool>& taken, Rng& rng) {
  std::vector<std::uint64_t> frames;
  frames.reserve(count);
  const std::uint64_t limit = taken.size();
  if (layout == Layout::kSeq) {
    for (std::uint64_t pfn = 0; pfn < limit && frames.size() < count; ++pfn) {
      if (!taken[pfn]) {
        taken[pfn] = true;
        frames.push_back(pfn);
      }
    }
    return frames;
  }
  while (frames.size() < count) {
    const std::uint64_t run =
        layout == Layout::kRandom
            ? 1
            : std::min<std::uint64_t>(16 + uniform(rng, 48), count - frames.size());
    const std::uint64_t start = uniform(rng, limit - run + 1);
    bool free_run = true;
    for (std::uint64_t i = 0; i < run && free_run; ++i) {
      free_run = !taken[start + i];
    }
    if (!free_run) {
      continue;  // at most half the memory is taken, so a retry succeeds quickly
    }
    for (std::uint64_t i = run; i-- > 0;) {
      taken[start + i] = true;
      frames.push_back(start + i);
    }
  }
  return frames;
}

}  // namespace

std::optional<Layout> parse_layout(std::string_view text) {
  return value_named(kLayoutNames, text);
}

std::string_view layout_name(Layout layout) {
  return name_in(kLayoutNames, layout, "?");
}

PageTables populate_region(Vmemmap& vmemmap, const RegionSpec& spec,
                           std::uint64_t reserved_top_blocks) {
  const std::uint64_t nr_ptes = (spec.region_bytes + kPageSize - 1) / kPageSize;
  const std::uint64_t usable_blocks = vmemmap.nr_pages() / kPagesPerPmd - reserved_top_blocks;
  const std::uint64_t usable_pages = usable_blocks * kPagesPerPmd;
  if (nr_ptes == 0 || nr_ptes * 2 > usable_pages) {
    throw RuntimeError("model: the region must be non-empty and at most half the simulated memory");
  }
  Rng rng(spec.seed);
  // Which virtual 2 MiB blocks are large folios, and which physical blocks back them.
  const std::uint64_t full_blocks = nr_ptes / kPagesPerPmd;
  const std::uint64_t large_count = full_blocks * spec.large_folio_pct / 100;
  std::vector<std::uint64_t> virtual_blocks(full_blocks);
  std::iota(virtual_blocks.begin(), virtual_blocks.end(), 0);
  std::shuffle(virtual_blocks.begin(), virtual_blocks.end(), rng);
  std::vector<bool> is_large_block(full_blocks + 1, false);
  for (std::uint64_t i = 0; i < large_count; ++i) {
    is_large_block[virtual_blocks[i]] = true;
  }
  std::vector<std::uint64_t> physical_blocks(usable_blocks);
  std::iota(physical_blocks.begin(), physical_blocks.end(), 0);
  if (spec.layout != Layout::kSeq) {
    std::shuffle(physical_blocks.begin(), physical_blocks.end(), rng);
  }
  std::vector<bool> taken(usable_pages, false);
  for (std::uint64_t i = 0; i < large_count; ++i) {
    std::fill_n(taken.begin() + static_cast<std::ptrdiff_t>(physical_blocks[i] * kPagesPerPmd),
                kPagesPerPmd, true);
  }
  const std::uint64_t small_count = nr_ptes - large_count * kPagesPerPmd;
  const auto frames = small_frames(spec.layout, small_count, taken, rng);

  PageTables tables;
  tables.parent.resize(nr_ptes);
  tables.child.assign(nr_ptes, 0);
  std::uint64_t next_small = 0, next_large = 0;
  for (std::uint64_t pte = 0; pte < nr_ptes; pte += kPagesPerPmd) {
    const std::uint64_t block = pte / kPagesPerPmd;
    const std::uint64_t end = std::min(nr_ptes, pte + kPagesPerPmd);
    if (block < full_blocks && is_large_block[block]) {
      const std::uint64_t first_pfn = physical_blocks[next_large++] * kPagesPerPmd;
      vmemmap.make_large_anon(first_pfn, kPmdOrder);
      for (std::uint64_t i = pte; i < end; ++i) {
        tables.parent[i] = make_pte(first_pfn + (i - pte), true);
      }
      ++tables.large_folios;
      continue;
    }
    for (std::uint64_t i = pte; i < end; ++i) {
      const std::uint64_t pfn = frames[next_small++];
      vmemmap.make_small_anon(pfn);
      tables.parent[i] = make_pte(pfn, true);
      ++tables.small_pages;
    }
  }
  return tables;
}

}  // namespace clonebench::model
