// One variant of the per-PTE walks of fork (copy_pte_range/copy_present_ptes) and exit
// (zap_pte_range/zap_present_ptes plus the mmu_gather flush), compiled once per variant with its
// own macros and flags by src/model/CMakeLists.txt. Every symbol carries the variant suffix, so
// the variants stay distinct functions in one binary.

#include "model/kernel_primitives.hpp"
#include "model/walk_context.hpp"

using clonebench::model::GatherEntry;
using clonebench::model::PageDescriptor;
using clonebench::model::WalkContext;
namespace k = clonebench::model::kernel;
namespace m = clonebench::model;

extern "C" {
void CB_SYMBOL(copy_walk)(WalkContext* context);
void CB_SYMBOL(zap_walk)(WalkContext* context);
PageDescriptor* CB_SYMBOL(page_folio)(const PageDescriptor* page);
bool CB_SYMBOL(page_anon_exclusive)(const PageDescriptor* page);
}

#if CB_HEAD_MODE == 0
// What GCC made of the 6.11 `inline _compound_head`: a real function, the fake-head check
// (with its static-key NOP) inside it.
extern "C" __attribute__((noinline)) CB_NOTRACE std::uintptr_t CB_SYMBOL(compound_head)(
    const PageDescriptor* page) {
  return k::compound_head_branchy(page);
}
#endif

namespace {

constexpr std::size_t kPtesPerTable = 512;
constexpr int kEbusy = 16;

// vm_normal_page(): out of line in the kernel and ftrace-able; computes the struct page address
// without touching it, so the first miss on the line lands in _compound_head.
__attribute__((noinline)) PageDescriptor* vm_normal_page(const WalkContext* vma,
                                                         std::uint64_t pte) {
  const std::uint64_t pfn = m::pte_pfn(pte);
  if (__builtin_expect((pte & m::kPteSpecial) != 0, 0)) {
    return nullptr;
  }
  if (__builtin_expect(pfn > vma->max_pfn, 0)) {
    return nullptr;
  }
  return vma->vmemmap + pfn;
}

// folio_pte_batch(): how many PTEs from `pte` on map consecutive pages of `folio`, bounded by
// the folio's end and the table's end; no per-PTE page_folio.
inline std::size_t folio_pte_batch(const PageDescriptor* vmemmap, const PageDescriptor* folio,
                                   const std::uint64_t* ptep, std::uint64_t pte,
                                   std::size_t max_nr) {
  const std::uint64_t folio_pfn = static_cast<std::uint64_t>(folio - vmemmap);
  const std::uint64_t folio_end = folio_pfn + k::folio_nr_pages(folio);
  const std::uint64_t limit = folio_end - m::pte_pfn(pte);
  if (limit < max_nr) {
    max_nr = limit;
  }
  constexpr std::uint64_t kIgnored = m::kPteDirty | m::kPteAccessed;
  std::uint64_t expected = (pte & ~kIgnored) + (std::uint64_t{1} << m::kPageShift);
  std::size_t nr = 1;
  while (nr < max_nr && (k::read_once(ptep[nr]) & ~kIgnored) == expected) {
    expected += std::uint64_t{1} << m::kPageShift;
    ++nr;
  }
  return nr;
}

// __folio_try_dup_anon_rmap() at PTE level: share the anon page with the child unless it may be
// DMA-pinned (then fork must copy it; -EBUSY).
inline int try_dup_anon_rmap_ptes(const WalkContext* vma, PageDescriptor* folio,
                                  PageDescriptor* page, std::size_t nr) {
  const bool maybe_pinned =
      __builtin_expect(!k::folio_is_device_private(folio), 1) &&
      __builtin_expect((k::read_once(*vma->mm_flags) & m::kMmfHasPinned) != 0, 0) &&
      k::read_once(folio->refcount) >= 1024;
  if (__builtin_expect(maybe_pinned, 0)) {
    for (std::size_t i = 0; i < nr; ++i) {
      if (k::page_anon_exclusive(page + i)) {
        return -kEbusy;
      }
    }
  }
  if (!k::folio_test_large(folio)) {
    if (k::page_anon_exclusive(page)) {
      k::clear_page_anon_exclusive(page);
    }
    k::atomic_add(&page->mapcount, 1);
    return 0;
  }
  for (std::size_t i = 0; i < nr; ++i) {
    if (k::page_anon_exclusive(page + i)) {
      k::clear_page_anon_exclusive(page + i);
    }
    k::atomic_add(&page[i].mapcount, 1);
  }
  k::atomic_add(&folio[1].large_mapcount, static_cast<std::int32_t>(nr));
  return 0;
}

// __copy_present_ptes(): write-protect a writable COW source entry (atomically, the parent may
// race with hardware A/D updates), make the child entry old, store nr consecutive entries.
inline void copy_present_entries(std::uint64_t* dst, std::uint64_t* src, std::uint64_t pte,
                                 std::size_t nr) {
  if (pte & m::kPteWrite) {
    for (std::size_t i = 0; i < nr; ++i) {
      __atomic_fetch_and(&src[i], ~m::kPteWrite, __ATOMIC_RELAXED);
    }
    pte &= ~m::kPteWrite;
  }
  pte &= ~m::kPteAccessed;
  for (std::size_t i = 0; i < nr; ++i) {
    dst[i] = pte + (std::uint64_t{i} << m::kPageShift);
  }
}

// copy_present_ptes(): returns how many entries were handled (0: the page had to be copied,
// which the model counts instead of allocating).
inline std::size_t copy_present_ptes(const WalkContext* vma, std::uint64_t* dst, std::uint64_t* src,
                                     std::uint64_t pte, std::size_t max_nr,
                                     std::int64_t& rss_anon) {
  PageDescriptor* page = vm_normal_page(vma, pte);
  if (__builtin_expect(page == nullptr, 0)) {
    copy_present_entries(dst, src, pte, 1);
    return 1;
  }
  PageDescriptor* folio = k::page_folio(page);
  std::size_t nr = 1;
  if (k::folio_test_large(folio) && max_nr != 1) {
    nr = folio_pte_batch(vma->vmemmap, folio, src, pte, max_nr);
  }
  k::atomic_add(&folio->refcount, static_cast<std::int32_t>(nr));
  if (k::folio_test_anon(folio)) {
    if (__builtin_expect(try_dup_anon_rmap_ptes(vma, folio, page, nr) != 0, 0)) {
      k::atomic_add(&folio->refcount, -static_cast<std::int32_t>(nr));
      return 0;
    }
    rss_anon += static_cast<std::int64_t>(nr);
  }
  copy_present_entries(dst, src, pte, nr);
  return nr;
}

// copy_pte_range() for one page table: the caller's loop and its live state.
void copy_pte_range(WalkContext* context, std::size_t first, std::size_t end) {
  std::uint64_t* src = context->parent_ptes + first;
  std::uint64_t* dst = context->child_ptes + first;
  std::size_t left = end - first;
  std::int64_t rss_anon = 0;
  std::uint64_t progress = 0;
  std::uint64_t polls = 0;
  std::uint64_t batches = 0;
  while (left != 0) {
    std::size_t nr = 1;
    if (progress >= 32) {
      progress = 0;
      polls += static_cast<std::uint64_t>(k::read_once(*context->need_resched) == 0);
    }
    const std::uint64_t pte = k::read_once(*src);
    if (pte == 0) {
      ++progress;
    } else {
      nr = copy_present_ptes(context, dst, src, pte, left, rss_anon);
      if (__builtin_expect(nr == 0, 0)) {
        nr = 1;  // copied instead of shared: the child entry stays empty
      }
      batches += nr > 1;
      progress += 8 * nr;
    }
    src += nr;
    dst += nr;
    left -= nr;
  }
  context->rss_anon += rss_anon;
  context->resched_polls += polls;
  context->large_batches += batches;
}

// tlb_flush_mmu() -> free_pages_and_swap_cache() -> folios_put_refs(): one page_folio per
// gathered entry, a swap-cache test, and the reference drop that frees a folio at zero.
__attribute__((noinline)) void flush_gather(WalkContext* tlb) {
  constexpr unsigned kPgSwapcache = 15;
  for (std::size_t i = 0; i < tlb->gather_nr; ++i) {
    const GatherEntry entry = tlb->gather[i];
    PageDescriptor* folio = k::page_folio(entry.page);
    if (__builtin_expect(k::test_bit(folio->flags, kPgSwapcache), 0)) {
      continue;  // free_swap_cache() would try to drop it from the swap cache
    }
    if (k::atomic_sub_and_test(&folio->refcount, static_cast<std::int32_t>(entry.nr_pages))) {
      ++tlb->freed_folios;
    }
  }
  tlb->gather_nr = 0;
}

// folio_remove_rmap_ptes(): drop nr page mappings; only the last mapping of a page changes the
// lruvec statistics.
inline void remove_rmap_ptes(WalkContext* tlb, PageDescriptor* folio, PageDescriptor* page,
                             std::size_t nr) {
  std::int64_t last = 0;
  if (!k::folio_test_large(folio)) {
    last = k::atomic_dec_negative(&page->mapcount);
  } else {
    k::atomic_add(&folio[1].large_mapcount, -static_cast<std::int32_t>(nr));
    for (std::size_t i = 0; i < nr; ++i) {
      last += k::atomic_dec_negative(&page[i].mapcount);
    }
  }
  if (last != 0) {
    tlb->lruvec_anon_mapped -= last;
  }
}

// zap_present_ptes() + zap_present_folio_ptes() for the entries at `pte`.
inline std::size_t zap_present_ptes(WalkContext* tlb, std::uint64_t* ptep, std::uint64_t pte,
                                    std::size_t max_nr, std::int64_t& rss_anon) {
  PageDescriptor* page = vm_normal_page(tlb, pte);
  if (__builtin_expect(page == nullptr, 0)) {
    *ptep = 0;
    return 1;
  }
  PageDescriptor* folio = k::page_folio(page);
  std::size_t nr = 1;
  if (k::folio_test_large(folio)) {
    nr = folio_pte_batch(tlb->vmemmap, folio, ptep, pte, max_nr);
  }
  if (k::folio_test_anon(folio)) {
    rss_anon -= static_cast<std::int64_t>(nr);
  }
  for (std::size_t i = 0; i < nr; ++i) {
    ptep[i] = 0;  // full-mm teardown: no other CPU can use these tables any more
  }
  const auto address = static_cast<std::uint64_t>(ptep - tlb->child_ptes) << m::kPageShift;
  tlb->tlb_start = address < tlb->tlb_start ? address : tlb->tlb_start;
  tlb->tlb_end = address + (nr << m::kPageShift);
  remove_rmap_ptes(tlb, folio, page, nr);
  tlb->gather[tlb->gather_nr++] = GatherEntry{page, static_cast<std::uint32_t>(nr)};
  if (tlb->gather_nr == m::kGatherBatch) {
    flush_gather(tlb);
  }
  return nr;
}

void zap_pte_range(WalkContext* tlb, std::size_t first, std::size_t end) {
  std::uint64_t* ptep = tlb->child_ptes + first;
  std::size_t left = end - first;
  std::int64_t rss_anon = 0;
  std::uint64_t polls = 0;
  while (left != 0) {
    std::size_t nr = 1;
    const std::uint64_t pte = k::read_once(*ptep);
    if (pte != 0) {
      polls += static_cast<std::uint64_t>(k::read_once(*tlb->need_resched) == 0);
      nr = zap_present_ptes(tlb, ptep, pte, left, rss_anon);
    }
    ptep += nr;
    left -= nr;
  }
  tlb->rss_anon += rss_anon;
  tlb->resched_polls += polls;
}

}  // namespace

extern "C" void CB_SYMBOL(copy_walk)(WalkContext* context) {
  for (std::size_t first = 0; first < context->nr_ptes; first += kPtesPerTable) {
    const std::size_t end =
        first + kPtesPerTable < context->nr_ptes ? first + kPtesPerTable : context->nr_ptes;
    copy_pte_range(context, first, end);
  }
}

extern "C" void CB_SYMBOL(zap_walk)(WalkContext* context) {
  context->tlb_start = ~std::uint64_t{0};
  for (std::size_t first = 0; first < context->nr_ptes; first += kPtesPerTable) {
    const std::size_t end =
        first + kPtesPerTable < context->nr_ptes ? first + kPtesPerTable : context->nr_ptes;
    zap_pte_range(context, first, end);
  }
  if (context->gather_nr != 0) {
    flush_gather(context);  // tlb_finish_mmu()
  }
}

// For the tests: the variant's own page_folio and PageAnonExclusive, out of line.
extern "C" PageDescriptor* CB_SYMBOL(page_folio)(const PageDescriptor* page) {
  return k::page_folio(page);
}

extern "C" bool CB_SYMBOL(page_anon_exclusive)(const PageDescriptor* page) {
  return k::page_anon_exclusive(page);
}
