#pragma once
// What a copy or zap walk works on: the caller's live state in copy_pte_range/zap_pte_range
// terms. Passed by pointer to the variant translation units, which are compiled with their own
// flags and therefore share nothing but this plain struct.

#include <cstddef>
#include <cstdint>

#include "model/page_descriptor.hpp"

namespace clonebench::model {

// zap_pte_range gathers pages and frees them in batches (the mmu_gather); 512 as in the recipe.
inline constexpr std::size_t kGatherBatch = 512;

struct GatherEntry {
  PageDescriptor* page;
  std::uint32_t nr_pages;
};

struct WalkContext {
  PageDescriptor* vmemmap = nullptr;
  std::uint64_t max_pfn = 0;             // highest_memmap_pfn: vm_normal_page checks it
  std::uint64_t* parent_ptes = nullptr;  // source table of the copy walk
  std::uint64_t* child_ptes = nullptr;   // written by the copy walk, torn down by the zap walk
  std::size_t nr_ptes = 0;
  const std::uint64_t* mm_flags = nullptr;   // MMF_HAS_PINNED is looked up here per anon folio
  const int* need_resched = nullptr;         // polled every 32 units of progress, as copy_pte_range
  std::int64_t rss_anon = 0;                 // the child's MM_ANONPAGES counter
  std::int64_t lruvec_anon_mapped = 0;       // NR_ANON_MAPPED, updated by rmap removal
  std::uint64_t tlb_start = 0, tlb_end = 0;  // range recorded by tlb_remove_tlb_entries
  GatherEntry* gather = nullptr;             // kGatherBatch entries
  std::size_t gather_nr = 0;
  std::uint64_t freed_folios = 0;  // folios whose last reference went at a flush
  std::uint64_t resched_polls = 0;
  std::uint64_t large_batches = 0;  // folio_pte_batch runs longer than one PTE
};

// MMF_HAS_PINNED: set only when some page of the mm was ever FOLL_PIN'ed; never here.
inline constexpr std::uint64_t kMmfHasPinned = 1ull << 28;

}  // namespace clonebench::model
