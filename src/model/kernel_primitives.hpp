#pragma once
// The per-page primitives of the fork/exit paths, shaped as Linux 6.11 builds them (the logic is
// described in docs/model.md, "Kernel facts the model follows"; no kernel code is copied).
// Included only by variant_walks.cpp, which is compiled once per variant with these macros set:
//   CB_ANON_POST  0: PageAnonExclusive before c0bff412e67b; 1: with its PageHuge/page_folio step
//   CB_HEAD_MODE  0: _compound_head out of line (6.10/6.11); 1: always inline (ef5f379de302);
//                 2: branchless select over the head|1 word, fake-head check kept (a hybrid);
//                 3: the fake-head elimination series: mask word, no fake-head check, no key
//   CB_HVO_KEY    0/1: hugetlb_optimize_vmemmap_key as left in patched text (NOP or jmp)
//   CB_SUFFIX     the variant's symbol suffix, e.g. p1_m0_k0_r1

#include <cstdint>

#include "model/page_descriptor.hpp"

#if !defined(CB_ANON_POST) || !defined(CB_HEAD_MODE) || !defined(CB_HVO_KEY) || !defined(CB_SUFFIX)
#error "kernel_primitives.hpp is compiled only through src/model/CMakeLists.txt variant objects"
#endif

#define CB_JOIN2(a, b) a##b
#define CB_JOIN(a, b) CB_JOIN2(a, b)
#define CB_SYMBOL(name) CB_JOIN(CB_JOIN(cb_model_, name), CB_JOIN(_, CB_SUFFIX))
#define CB_ALWAYS_INLINE inline __attribute__((always_inline))
// Outlined kernel inlines are notrace: no ftrace NOP in front of _compound_head.
#define CB_NOTRACE __attribute__((no_instrument_function))

extern "C" {
#if CB_HEAD_MODE == 0
std::uintptr_t CB_SYMBOL(compound_head)(const clonebench::model::PageDescriptor* page);
#endif
}

namespace clonebench::model::kernel {
namespace {

template <typename T>
CB_ALWAYS_INLINE T read_once(const T& value) {
  return *static_cast<const volatile T*>(&value);
}

CB_ALWAYS_INLINE bool test_bit(const std::uint64_t& word, unsigned bit) {
  return (read_once(word) >> bit) & 1u;
}

// static_branch_unlikely(): what a jump label leaves in patched text. Key off is a 5-byte NOP
// that falls through; key on is a jump to the out-of-line block. No load, no flag test.
CB_ALWAYS_INLINE bool hvo_key_enabled() {
#if CB_HVO_KEY
  asm goto("jmp %l[enabled]" : : : : enabled);
#else
  asm goto(".byte 0x0f, 0x1f, 0x44, 0x00, 0x00" : : : : enabled);
#endif
  return false;
enabled:
  return true;
}

// page_fixed_fake_head(): with HVO a 4 KiB-aligned struct page inside a HugeTLB folio is an alias
// of the head (PG_head set) whose page[1] holds the real head | 1.
CB_ALWAYS_INLINE const PageDescriptor* page_fixed_fake_head(const PageDescriptor* page) {
  if (__builtin_expect(!hvo_key_enabled(), 1)) {
    return page;
  }
  // The alignment test comes first so that an ordinary page never touches page[1]'s line.
  if ((reinterpret_cast<std::uintptr_t>(page) & (kPageSize - 1)) == 0 &&
      test_bit(page->flags, kPgHead)) {
    const std::uintptr_t head = read_once(page[1].compound_head);
    if (__builtin_expect(head & 1u, 1)) {
      return reinterpret_cast<const PageDescriptor*>(head - 1);
    }
  }
  return page;
}

CB_ALWAYS_INLINE std::uintptr_t compound_head_branchy(const PageDescriptor* page) {
  const std::uintptr_t head = read_once(page->compound_head);
  if (__builtin_expect(head & 1u, 0)) {
    return head - 1;
  }
  return reinterpret_cast<std::uintptr_t>(page_fixed_fake_head(page));
}

CB_ALWAYS_INLINE std::uintptr_t compound_head(const PageDescriptor* page) {
#if CB_HEAD_MODE == 0
  return CB_SYMBOL(compound_head)(page);
#elif CB_HEAD_MODE == 1
  return compound_head_branchy(page);
#elif CB_HEAD_MODE == 3
  // "Eliminate fake head pages" (Shutsemau, 2026): a tail holds a mask with bit 0 set; any other
  // page holds a word with bit 0 clear, which turns into an all-ones mask. No fake head exists,
  // so there is no static key and nothing else to test. The word lives at @40 in the model
  // (page_descriptor.hpp).
  const std::uintptr_t info = read_once(page->private_data);
  std::uintptr_t mask = (info & 1u) - 1u;
  mask |= info;
  return reinterpret_cast<std::uintptr_t>(page) & mask;
#else
  // The result depends on the loaded word through arithmetic, not a branch: the CPU cannot run
  // ahead on a predicted "not a tail" while the struct page line is still missing.
  const std::uintptr_t info = read_once(page->compound_head);
  const std::uintptr_t tail_mask = std::uintptr_t{0} - (info & 1u);
  const auto self = reinterpret_cast<std::uintptr_t>(page_fixed_fake_head(page));
  return (self & ~tail_mask) | ((info - 1) & tail_mask);
#endif
}

CB_ALWAYS_INLINE PageDescriptor* page_folio(const PageDescriptor* page) {
  return reinterpret_cast<PageDescriptor*>(compound_head(page));
}

CB_ALWAYS_INLINE bool folio_test_large(const PageDescriptor* folio) {
  return test_bit(folio->flags, kPgHead);
}

CB_ALWAYS_INLINE std::uint64_t folio_nr_pages(const PageDescriptor* folio) {
  return folio_test_large(folio) ? read_once(folio[1].folio_nr_pages) : 1;
}

CB_ALWAYS_INLINE bool folio_test_anon(const PageDescriptor* folio) {
  return (read_once(folio->mapping) & kMappingAnon) != 0;
}

CB_ALWAYS_INLINE bool folio_test_hugetlb(const PageDescriptor* folio) {
  const auto type = static_cast<std::uint32_t>(read_once(folio->mapcount));
  return (type & (kPageTypeBase | kPgHugetlb)) == kPageTypeBase;
}

CB_ALWAYS_INLINE bool folio_is_device_private(const PageDescriptor* folio) {
  return ((read_once(folio->flags) >> kZoneShift) & kZoneMask) == kZoneDevice;
}

CB_ALWAYS_INLINE bool page_anon_exclusive(const PageDescriptor* page) {
#if CB_ANON_POST
  // c0bff412e67b: HugeTLB keeps the bit on the head, so look the head up first. This is
  // PageHuge() = folio_test_hugetlb(page_folio(page)): a second _compound_head per PTE.
  if (folio_test_hugetlb(page_folio(page))) {
    page = reinterpret_cast<const PageDescriptor*>(compound_head(page));
  }
#endif
  return test_bit(page->flags, kPgAnonExclusive);
}

CB_ALWAYS_INLINE void clear_page_anon_exclusive(PageDescriptor* page) {
  __atomic_fetch_and(&page->flags, ~(std::uint64_t{1} << kPgAnonExclusive), __ATOMIC_RELAXED);
}

CB_ALWAYS_INLINE void atomic_add(std::int32_t* counter, std::int32_t delta) {
  __atomic_fetch_add(counter, delta, __ATOMIC_RELAXED);
}

// atomic_add_negative(-1, v): true when the counter went below zero (the last mapping left).
CB_ALWAYS_INLINE bool atomic_dec_negative(std::int32_t* counter) {
  return __atomic_sub_fetch(counter, 1, __ATOMIC_RELAXED) < 0;
}

CB_ALWAYS_INLINE bool atomic_sub_and_test(std::int32_t* counter, std::int32_t delta) {
  return __atomic_sub_fetch(counter, delta, __ATOMIC_RELAXED) == 0;
}

}  // namespace
}  // namespace clonebench::model::kernel
