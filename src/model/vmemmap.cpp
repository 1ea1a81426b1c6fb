#include "model/vmemmap.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.hpp"

namespace clonebench::model {
namespace {

constexpr std::uint64_t kVmemmapAlignment = std::uint64_t{2} << 20;
// Stands in for the anon_vma pointer; only bit 0 (anonymous) is ever tested.
constexpr std::uint64_t kAnonVma = 0xffff888000100000ull | kMappingAnon;

[[noreturn]] void fail(const std::string& what) {
  throw RuntimeError(what + ": " + std::strerror(errno));
}

std::uint64_t zone_bits(std::uint64_t zone) {
  return zone << kZoneShift;
}

}  // namespace

Vmemmap::Vmemmap(std::uint64_t nr_pages) : nr_pages_(nr_pages) {
  if (nr_pages == 0 || nr_pages % kPagesPerPmd != 0) {
    throw RuntimeError("model: the simulated memory must be a non-zero multiple of 2 MiB");
  }
  const std::uint64_t bytes = nr_pages * sizeof(PageDescriptor);
  memfd_ = memfd_create("clonebench-vmemmap", MFD_CLOEXEC);
  if (memfd_ < 0) {
    fail("model: memfd_create for the simulated vmemmap");
  }
  if (ftruncate(memfd_, static_cast<off_t>(bytes)) != 0) {
    close(memfd_);
    fail("model: sizing the simulated vmemmap");
  }
  // Reserve enough address space to place the mapping on a 2 MiB boundary.
  reservation_bytes_ = bytes + kVmemmapAlignment;
  reservation_ = mmap(nullptr, reservation_bytes_, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (reservation_ == MAP_FAILED) {
    close(memfd_);
    fail("model: reserving address space for the simulated vmemmap");
  }
  const auto start = reinterpret_cast<std::uintptr_t>(reservation_);
  const auto aligned = (start + kVmemmapAlignment - 1) & ~(kVmemmapAlignment - 1);
  void* mapped = mmap(reinterpret_cast<void*>(aligned), bytes, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_FIXED, memfd_, 0);
  if (mapped == MAP_FAILED) {
    munmap(reservation_, reservation_bytes_);
    close(memfd_);
    fail("model: mapping the simulated vmemmap");
  }
  // 4 KiB vmemmap pages, as after HVO split the PMD mappings: honest dTLB behaviour.
  madvise(mapped, bytes, MADV_NOHUGEPAGE);
  base_ = static_cast<PageDescriptor*>(mapped);
}

Vmemmap::~Vmemmap() {
  munmap(reservation_, reservation_bytes_);
  close(memfd_);
}

void Vmemmap::make_small_anon(std::uint64_t pfn) {
  PageDescriptor& page = base_[pfn];
  page = PageDescriptor{};
  page.flags = zone_bits(kZoneNormal) | (std::uint64_t{1} << kPgAnonExclusive);
  page.mapping = kAnonVma;
  page.mapcount = 0;
  page.refcount = 1;
}

void Vmemmap::make_compound(std::uint64_t pfn, unsigned order) {
  const std::uint64_t nr = std::uint64_t{1} << order;
  PageDescriptor* head = base_ + pfn;
  head[0] = PageDescriptor{};
  head[0].flags = zone_bits(kZoneNormal) | (std::uint64_t{1} << kPgHead);
  const std::uint64_t tail_value = reinterpret_cast<std::uintptr_t>(head) | 1u;
  // The folio's descriptors are naturally aligned (the vmemmap is 2 MiB aligned, the folio
  // aligned to its size), so clearing the low bits of any of them gives the head.
  const std::uint64_t tail_mask = ~(nr * sizeof(PageDescriptor) - 1) | 1u;
  for (std::uint64_t i = 1; i < nr; ++i) {
    head[i] = PageDescriptor{};
    head[i].flags = zone_bits(kZoneNormal);
    head[i].compound_head = tail_value;
    head[i].private_data = tail_mask;
  }
  head[1].flags |= order;  // folio_order() reads the low byte of page[1].flags
  head[1].folio_nr_pages = nr;
}

void Vmemmap::make_large_anon(std::uint64_t pfn, unsigned order) {
  make_compound(pfn, order);
  const std::uint64_t nr = std::uint64_t{1} << order;
  PageDescriptor* head = base_ + pfn;
  head[0].mapping = kAnonVma;
  head[0].refcount = static_cast<std::int32_t>(nr);
  head[1].large_mapcount = static_cast<std::int32_t>(nr) - 1;
  head[1].entire_mapcount = -1;
  for (std::uint64_t i = 0; i < nr; ++i) {
    head[i].flags |= std::uint64_t{1} << kPgAnonExclusive;
    head[i].mapcount = 0;
  }
}

void Vmemmap::make_hvo_hugetlb(std::uint64_t pfn) {
  if (pfn % kPagesPerPmd != 0 || pfn + kPagesPerPmd > nr_pages_) {
    throw RuntimeError("model: a HugeTLB folio must be 2 MiB aligned inside the simulated memory");
  }
  make_compound(pfn, kPmdOrder);
  PageDescriptor* head = base_ + pfn;
  head[0].mapping = kAnonVma;
  head[0].refcount = 1;
  head[0].mapcount = kHugetlbPageType;
  // HugeTLB keeps PG_anon_exclusive on the head only (what c0bff412e67b accounts for).
  head[0].flags |= std::uint64_t{1} << kPgAnonExclusive;
  head[1].entire_mapcount = 0;
  const std::uint64_t vmemmap_bytes = kPagesPerPmd * sizeof(PageDescriptor);
  const auto first = reinterpret_cast<char*>(head);
  const auto offset = static_cast<off_t>(pfn * sizeof(PageDescriptor));
  for (std::uint64_t page = 1; page < vmemmap_bytes / kPageSize; ++page) {
    void* alias = mmap(first + page * kPageSize, kPageSize, PROT_READ, MAP_SHARED | MAP_FIXED,
                       memfd_, offset);
    if (alias == MAP_FAILED) {
      fail("model: remapping a HugeTLB folio's vmemmap page onto its first page");
    }
  }
  // The kernel frees the remapped pages; so does the model (best effort: the aliases are what
  // matters for the walks).
  fallocate(memfd_, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset + kPageSize,
            static_cast<off_t>(vmemmap_bytes - kPageSize));
}

}  // namespace clonebench::model
