#pragma once
// The simulated `struct page`: 64 bytes, 64-byte aligned, with the x86-64 field offsets of Linux
// 6.11 for the fields the fork/exit walks touch (docs/model.md, "What is simulated"). The walks
// are compiled against these offsets, so the cache lines and load addresses match the kernel's.

#include <cstddef>
#include <cstdint>

namespace clonebench::model {

struct alignas(64) PageDescriptor {
  std::uint64_t flags;          // @0: PG_head, PG_anon_exclusive, zone bits
  std::uint64_t compound_head;  // @8: on a tail page, the head's address | 1
  // @16: lru.prev on a small page; on page[1] of a folio the folio's _large_mapcount (low half)
  // and _entire_mapcount. The model never uses lru, so the folio meaning is the only one.
  std::int32_t large_mapcount;
  std::int32_t entire_mapcount;
  std::uint64_t mapping;  // @24: anon_vma pointer with bit 0 set for anonymous memory
  // @32: index on a small page; on page[1] _folio_nr_pages (low half). The model never needs
  // index, so it stores the folio size here.
  std::uint64_t folio_nr_pages;
  // @40: private. The model never needs it on a tail page and stores there the tail's word in
  // the encoding of the fake-head elimination series (a mask with bit 0 set: head = own address
  // & mask), which the kernel keeps at @8. Both encodings cannot share @8, and one line is one
  // line: the fake-head-free variant's load misses or hits exactly as the others' load of @8.
  std::uint64_t private_data;
  std::int32_t mapcount;     // @48: _mapcount (mappings - 1), overlaid by page_type
  std::int32_t refcount;     // @52
  std::uint64_t memcg_data;  // @56
};

static_assert(sizeof(PageDescriptor) == 64);
static_assert(alignof(PageDescriptor) == 64);
static_assert(offsetof(PageDescriptor, flags) == 0);
static_assert(offsetof(PageDescriptor, compound_head) == 8);
static_assert(offsetof(PageDescriptor, large_mapcount) == 16);
static_assert(offsetof(PageDescriptor, mapping) == 24);
static_assert(offsetof(PageDescriptor, folio_nr_pages) == 32);
static_assert(offsetof(PageDescriptor, private_data) == 40);
static_assert(offsetof(PageDescriptor, mapcount) == 48);
static_assert(offsetof(PageDescriptor, refcount) == 52);
static_assert(offsetof(PageDescriptor, memcg_data) == 56);

inline constexpr std::size_t kPageSize = 4096;
inline constexpr unsigned kPageShift = 12;
// Struct pages per 4 KiB vmemmap page: only every 64th descriptor can be a fake head.
inline constexpr std::size_t kDescriptorsPerVmemmapPage = kPageSize / sizeof(PageDescriptor);

// Page flag bits. PG_head is bit 6 as in 6.11; PG_anon_exclusive shares a bit with
// PG_mappedtodisk in the kernel, its position here only needs to be distinct.
inline constexpr unsigned kPgHead = 6;
inline constexpr unsigned kPgAnonExclusive = 17;
// Zone number in the top flag bits; ZONE_DEVICE marks device-private memory fork must not share.
inline constexpr unsigned kZoneShift = 58;
inline constexpr std::uint64_t kZoneMask = 7;
inline constexpr std::uint64_t kZoneNormal = 2;
inline constexpr std::uint64_t kZoneDevice = 4;

// page_type overlays _mapcount: a hugetlb folio's head has PAGE_TYPE_BASE set and PG_hugetlb
// cleared, which no mapcount value (-1, 0, 1, ...) can look like.
inline constexpr std::uint32_t kPageTypeBase = 0x80000000u;
inline constexpr std::uint32_t kPgHugetlb = 0x04000000u;
inline constexpr std::int32_t kHugetlbPageType = static_cast<std::int32_t>(~kPgHugetlb);

inline constexpr std::uint64_t kMappingAnon = 1;

// x86-64 PTE bits the walks look at.
inline constexpr std::uint64_t kPtePresent = 1ull << 0;
inline constexpr std::uint64_t kPteWrite = 1ull << 1;
inline constexpr std::uint64_t kPteUser = 1ull << 2;
inline constexpr std::uint64_t kPteAccessed = 1ull << 5;
inline constexpr std::uint64_t kPteDirty = 1ull << 6;
inline constexpr std::uint64_t kPteSpecial = 1ull << 9;
inline constexpr std::uint64_t kPtePfnMask = 0x000ffffffffff000ull;

constexpr std::uint64_t make_pte(std::uint64_t pfn, bool writable) {
  return (pfn << kPageShift) | kPtePresent | kPteUser | kPteAccessed | kPteDirty |
         (writable ? kPteWrite : 0);
}
constexpr std::uint64_t pte_pfn(std::uint64_t pte) {
  return (pte & kPtePfnMask) >> kPageShift;
}

}  // namespace clonebench::model
