// The copy and zap walks on a small simulated machine: what fork and exit do to the flags,
// counters and page tables, identically in every variant.

#include <gtest/gtest.h>

#include <vector>

#include "model/page_table.hpp"
#include "model/variant.hpp"

namespace clonebench::model {
namespace {

constexpr std::uint64_t kWalkPages = 32 * kPagesPerPmd;  // 64 MiB simulated

struct SmallMachine {
  explicit SmallMachine(unsigned large_pct, Layout layout = Layout::kRandom)
      : vmemmap(kWalkPages), gather(kGatherBatch) {
    vmemmap.make_hvo_hugetlb(kWalkPages - kPagesPerPmd);
    tables = populate_region(vmemmap, {std::uint64_t{8} << 20, layout, large_pct, 7}, 1);
  }
  WalkContext context() {
    WalkContext context;
    context.vmemmap = vmemmap.base();
    context.max_pfn = kWalkPages - 1;
    context.parent_ptes = tables.parent.data();
    context.child_ptes = tables.child.data();
    context.nr_ptes = tables.parent.size();
    context.mm_flags = &mm_flags;
    context.need_resched = &need_resched;
    context.gather = gather.data();
    return context;
  }
  PageDescriptor* page_of(std::uint64_t pte) { return vmemmap.page(pte_pfn(pte)); }

  Vmemmap vmemmap;
  PageTables tables;
  std::vector<GatherEntry> gather;
  std::uint64_t mm_flags = 0;
  int need_resched = 0;
};

bool anon_exclusive(const PageDescriptor* page) {
  return (page->flags >> kPgAnonExclusive) & 1u;
}

TEST(ModelWalk, ForkWriteProtectsTheParentAndClearsAnonExclusive) {
  for (const Variant& variant : all_variants()) {
    SmallMachine machine(25);
    WalkContext context = machine.context();
    variant.copy_walk(&context);
    ASSERT_EQ(context.rss_anon, static_cast<std::int64_t>(machine.tables.parent.size()));
    for (std::size_t i = 0; i < machine.tables.parent.size(); ++i) {
      const std::uint64_t parent = machine.tables.parent[i];
      const std::uint64_t child = machine.tables.child[i];
      ASSERT_EQ(parent & kPteWrite, 0u) << variant.name << " entry " << i;
      ASSERT_EQ(pte_pfn(child), pte_pfn(parent)) << variant.name << " entry " << i;
      ASSERT_EQ(child & (kPteWrite | kPteAccessed), 0u) << variant.name << " entry " << i;
      const PageDescriptor* page = machine.page_of(parent);
      ASSERT_FALSE(anon_exclusive(page)) << variant.name << " entry " << i;
      ASSERT_EQ(page->mapcount, 1) << variant.name << " entry " << i;  // two mappings
    }
  }
}

TEST(ModelWalk, CountsOneReferencePerMappingAndBatchesLargeFolios) {
  for (const Variant& variant : all_variants()) {
    SmallMachine machine(50);
    ASSERT_EQ(machine.tables.large_folios, 2u);
    WalkContext context = machine.context();
    variant.copy_walk(&context);
    EXPECT_EQ(context.large_batches, 2u) << variant.name;
    for (std::size_t i = 0; i < machine.tables.parent.size(); ++i) {
      const PageDescriptor* page = machine.page_of(machine.tables.parent[i]);
      const PageDescriptor* folio = variant.page_folio(page);
      if (folio == page && ((page->flags >> kPgHead) & 1u) == 0) {
        ASSERT_EQ(page->refcount, 2) << variant.name;
      } else {
        ASSERT_EQ(folio->refcount, 2 * 512) << variant.name;
        ASSERT_EQ(folio[1].large_mapcount, 2 * 512 - 1) << variant.name;
      }
    }
  }
}

TEST(ModelWalk, ExitReturnsEveryCounterToTheParentsSteadyState) {
  for (const Variant& variant : all_variants()) {
    SmallMachine machine(50, Layout::kRuns);
    for (int fork = 0; fork < 3; ++fork) {
      WalkContext context = machine.context();
      variant.copy_walk(&context);
      variant.zap_walk(&context);
      ASSERT_EQ(context.rss_anon, 0) << variant.name;
      ASSERT_EQ(context.freed_folios, 0u) << variant.name;  // the parent still holds them
      ASSERT_EQ(context.lruvec_anon_mapped, 0) << variant.name;
    }
    for (std::size_t i = 0; i < machine.tables.parent.size(); ++i) {
      ASSERT_EQ(machine.tables.child[i], 0u) << variant.name;
      const PageDescriptor* page = machine.page_of(machine.tables.parent[i]);
      ASSERT_EQ(page->mapcount, 0) << variant.name;
      const PageDescriptor* folio = variant.page_folio(page);
      ASSERT_EQ(folio->refcount, folio == page && !((page->flags >> kPgHead) & 1u) ? 1 : 512)
          << variant.name;
    }
  }
}

TEST(ModelWalk, FreesAFolioWhenTheLastMappingGoes) {
  const Variant& variant = all_variants().front();
  SmallMachine machine(0, Layout::kSeq);
  // Tear the *parent* down: its entries hold the only references.
  WalkContext context = machine.context();
  context.child_ptes = machine.tables.parent.data();
  variant.zap_walk(&context);
  EXPECT_EQ(context.freed_folios, machine.tables.parent.size());
  EXPECT_EQ(context.lruvec_anon_mapped, -static_cast<std::int64_t>(machine.tables.parent.size()));
}

TEST(ModelLayout, PlacesSeqPagesInVirtualOrderAndRandomPagesOtherwise) {
  SmallMachine seq(0, Layout::kSeq);
  std::size_t ascending = 0;
  for (std::size_t i = 1; i < seq.tables.parent.size(); ++i) {
    ascending += pte_pfn(seq.tables.parent[i]) == pte_pfn(seq.tables.parent[i - 1]) + 1;
  }
  EXPECT_EQ(ascending, seq.tables.parent.size() - 1);
  SmallMachine runs(0, Layout::kRuns);
  std::size_t descending = 0;
  for (std::size_t i = 1; i < runs.tables.parent.size(); ++i) {
    descending += pte_pfn(runs.tables.parent[i]) + 1 == pte_pfn(runs.tables.parent[i - 1]);
  }
  // Runs of 16-63 pages, each reversed: most neighbours descend by one.
  EXPECT_GT(descending, runs.tables.parent.size() * 9 / 10);
  EXPECT_LT(descending, runs.tables.parent.size());
}

TEST(ModelLayout, NeverHandsOutAPageTwiceOrOneOfTheHugetlbPool) {
  for (const Layout layout : {Layout::kSeq, Layout::kRuns, Layout::kRandom}) {
    SmallMachine machine(25, layout);
    std::vector<bool> seen(kWalkPages, false);
    for (const std::uint64_t pte : machine.tables.parent) {
      const std::uint64_t pfn = pte_pfn(pte);
      ASSERT_LT(pfn, kWalkPages - kPagesPerPmd) << layout_name(layout);
      ASSERT_FALSE(seen[pfn]) << layout_name(layout);
      seen[pfn] = true;
    }
  }
}

}  // namespace
}  // namespace clonebench::model
