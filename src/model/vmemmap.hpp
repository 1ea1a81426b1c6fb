#pragma once
// The simulated vmemmap: one PageDescriptor per 4 KiB page of a simulated physical memory,
// 2 MiB aligned as VMEMMAP_START, backed by a memfd so that HugeTLB vmemmap optimization (HVO)
// can be made the kernel's way: vmemmap pages 1..7 of a 2 MiB HugeTLB folio remapped read-only
// onto its vmemmap page 0, which turns every 64th struct page into a fake head.

#include <cstdint>

#include "model/page_descriptor.hpp"

namespace clonebench::model {

inline constexpr unsigned kPmdOrder = 9;  // 2 MiB folios: 512 pages
inline constexpr std::uint64_t kPagesPerPmd = std::uint64_t{1} << kPmdOrder;

class Vmemmap {
 public:
  // `nr_pages` descriptors, a multiple of 512. Throws RuntimeError when memfd or mmap fails.
  explicit Vmemmap(std::uint64_t nr_pages);
  ~Vmemmap();
  Vmemmap(const Vmemmap&) = delete;
  Vmemmap& operator=(const Vmemmap&) = delete;

  PageDescriptor* base() const noexcept { return base_; }
  std::uint64_t nr_pages() const noexcept { return nr_pages_; }
  PageDescriptor* page(std::uint64_t pfn) const noexcept { return base_ + pfn; }

  // An order-0 anonymous page mapped once by its owner: exclusive, refcount 1, _mapcount 0.
  void make_small_anon(std::uint64_t pfn);
  // An anonymous order-`order` folio at `pfn` (aligned), every page mapped once by a PTE, as a
  // THP after a split or an mTHP: PG_anon_exclusive per page, one reference per mapping.
  void make_large_anon(std::uint64_t pfn, unsigned order);
  // A 2 MiB HugeTLB folio at `pfn` (512-aligned), then HVO: its vmemmap pages 1..7 become
  // read-only aliases of page 0. The descriptors of the folio must not be written afterwards.
  void make_hvo_hugetlb(std::uint64_t pfn);

 private:
  void make_compound(std::uint64_t pfn, unsigned order);

  int memfd_ = -1;
  void* reservation_ = nullptr;
  std::uint64_t reservation_bytes_ = 0;
  PageDescriptor* base_ = nullptr;
  std::uint64_t nr_pages_ = 0;
};

}  // namespace clonebench::model
