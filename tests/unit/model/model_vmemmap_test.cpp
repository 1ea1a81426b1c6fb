// The simulated struct pages: compound pages, HVO fake heads made through the memfd alias, and
// every variant's page_folio / PageAnonExclusive on them.

#include <gtest/gtest.h>

#include <cstdint>

#include "model/variant.hpp"
#include "model/vmemmap.hpp"

namespace clonebench::model {
namespace {

constexpr std::uint64_t kPages = 8 * kPagesPerPmd;  // 16 MiB of simulated memory
constexpr std::uint64_t kHugetlbPfn = 4 * kPagesPerPmd;
constexpr std::uint64_t kLargePfn = 2 * kPagesPerPmd;

class Vmemmap16M : public ::testing::Test {
 protected:
  Vmemmap16M() : vmemmap_(kPages) {
    vmemmap_.make_small_anon(5);
    vmemmap_.make_large_anon(kLargePfn, kPmdOrder);
    vmemmap_.make_hvo_hugetlb(kHugetlbPfn);
  }
  Vmemmap vmemmap_;
};

TEST_F(Vmemmap16M, IsTwoMebibyteAlignedLikeTheKernelsVmemmap) {
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(vmemmap_.base()) % (2u << 20), 0u);
}

TEST_F(Vmemmap16M, MakesEvery64thDescriptorOfAHugetlbFolioAFakeHead) {
  const PageDescriptor* head = vmemmap_.page(kHugetlbPfn);
  for (std::uint64_t k = 1; k < 8; ++k) {
    const PageDescriptor* fake = vmemmap_.page(kHugetlbPfn + k * kDescriptorsPerVmemmapPage);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(fake) % kPageSize, 0u);
    // The alias shows the head's flags: PG_head on a page that is really a tail.
    EXPECT_TRUE((fake->flags >> kPgHead) & 1u) << "vmemmap page " << k;
    EXPECT_EQ(fake[1].compound_head, reinterpret_cast<std::uintptr_t>(head) | 1u);
  }
}

TEST_F(Vmemmap16M, ResolvesFakeHeadsToTheRealHeadOnlyWithTheKeyOn) {
  const PageDescriptor* head = vmemmap_.page(kHugetlbPfn);
  const PageDescriptor* fake = vmemmap_.page(kHugetlbPfn + 3 * kDescriptorsPerVmemmapPage);
  for (const Variant& variant : all_variants()) {
    // Key off is the kernel's promise that no fake head exists: the check is skipped.
    const PageDescriptor* expected = variant.hvo_key ? head : fake;
    EXPECT_EQ(variant.page_folio(fake), expected) << variant.name;
  }
}

TEST_F(Vmemmap16M, ResolvesTailsToTheirHeadInEveryVariant) {
  for (const Variant& variant : all_variants()) {
    EXPECT_EQ(variant.page_folio(vmemmap_.page(kLargePfn + 1)), vmemmap_.page(kLargePfn))
        << variant.name;
    EXPECT_EQ(variant.page_folio(vmemmap_.page(kLargePfn + 511)), vmemmap_.page(kLargePfn))
        << variant.name;
    EXPECT_EQ(variant.page_folio(vmemmap_.page(kHugetlbPfn + 2)), vmemmap_.page(kHugetlbPfn))
        << variant.name;
  }
}

TEST_F(Vmemmap16M, LeavesHeadsAndSmallPagesAsTheirOwnFolio) {
  for (const Variant& variant : all_variants()) {
    EXPECT_EQ(variant.page_folio(vmemmap_.page(5)), vmemmap_.page(5)) << variant.name;
    EXPECT_EQ(variant.page_folio(vmemmap_.page(kLargePfn)), vmemmap_.page(kLargePfn))
        << variant.name;
    EXPECT_EQ(variant.page_folio(vmemmap_.page(kHugetlbPfn)), vmemmap_.page(kHugetlbPfn))
        << variant.name;
  }
}

TEST_F(Vmemmap16M, ReadsAnonExclusiveOfHugetlbTailsFromTheHeadOnlyAfterC0bff412) {
  // HugeTLB keeps the bit on the head; the tail's own bit is clear.
  const PageDescriptor* tail = vmemmap_.page(kHugetlbPfn + 7);
  for (const Variant& variant : all_variants()) {
    EXPECT_EQ(variant.page_anon_exclusive(tail), variant.anon_post) << variant.name;
  }
}

TEST_F(Vmemmap16M, ReadsAnonExclusivePerPageForSmallAndLargeAnonFolios) {
  PageDescriptor* tail = vmemmap_.page(kLargePfn + 9);
  for (const Variant& variant : all_variants()) {
    EXPECT_TRUE(variant.page_anon_exclusive(vmemmap_.page(5))) << variant.name;
    EXPECT_TRUE(variant.page_anon_exclusive(tail)) << variant.name;
  }
  tail->flags &= ~(std::uint64_t{1} << kPgAnonExclusive);
  for (const Variant& variant : all_variants()) {
    EXPECT_FALSE(variant.page_anon_exclusive(tail)) << variant.name;
    EXPECT_TRUE(variant.page_anon_exclusive(vmemmap_.page(kLargePfn + 8))) << variant.name;
  }
}

TEST(Vmemmap, RejectsASizeThatIsNotWholeTwoMebibyteBlocks) {
  EXPECT_THROW(Vmemmap(kPagesPerPmd + 1), std::runtime_error);
  EXPECT_THROW(Vmemmap(0), std::runtime_error);
}

}  // namespace
}  // namespace clonebench::model
