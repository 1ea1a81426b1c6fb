// The axes of a multi-axis sweep as users type them, and the design made of them.

#include "sweep/sweep_design.hpp"

#include <gtest/gtest.h>

#include <set>
#include <tuple>
#include <vector>

#include "core/error.hpp"
#include "sweep/shape_text.hpp"
#include "sweep/size_list.hpp"
#include "sweep/sweep_presets.hpp"
#include "sweep/sweep_runner.hpp"

namespace clonebench {
namespace {

TEST(SweepDesign, ReadsFolioSizesFrom4KTo2M) {
  EXPECT_EQ(parse_folio_list("4K,16K,64K,512K,2M", "--folio"),
            (std::vector<std::uint64_t>{4096, 16384, 65536, 524288, 2097152}));
}

TEST(SweepDesign, RefusesFolioSizesThatAreNotPowersOfTwoInRangeNamingTheFlag) {
  for (const char* bad : {"3K", "2K", "4M", "96K", "4K,,8K", "4K,4K", "", "big"}) {
    try {
      parse_folio_list(bad, "--folio");
      ADD_FAILURE() << "accepted " << bad;
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--folio"), std::string::npos) << error.what();
    }
  }
}

TEST(SweepDesign, ReadsVmaCountsAndRefusesZeroTooManyAndRepeats) {
  EXPECT_EQ(parse_vmas_list("1,64,4096", "--vmas", 60000),
            (std::vector<std::uint64_t>{1, 64, 4096}));
  for (const char* bad : {"0", "1,0", "60001", "1,1", "x", "-3"}) {
    EXPECT_THROW(parse_vmas_list(bad, "--vmas", 60000), UsageError) << bad;
  }
}

TEST(SweepDesign, CrossesEveryAxisOnceWithSizesSlowest) {
  const std::vector<SweepPoint> points =
      full_factorial({0, 4u << 20}, {1, 256}, {4096, 65536, 2u << 20});
  ASSERT_EQ(points.size(), 12u);
  std::set<std::tuple<std::uint64_t, std::uint64_t, std::uint64_t>> seen;
  for (const SweepPoint& point : points) {
    seen.emplace(point.bytes, point.vmas, point.folio_bytes);
  }
  EXPECT_EQ(seen.size(), 12u);
  EXPECT_EQ(points.front().bytes, 0u);
  EXPECT_EQ(points.back().bytes, 4u << 20);
}

TEST(SweepDesign, WithoutAFolioAxisLeavesTheKindsOwnPages) {
  const std::vector<SweepPoint> points = full_factorial({0, 1u << 20}, {1}, {});
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[1].folio_bytes, 0u);
}

TEST(SweepDesign, RefusesAFolioLargerThanTheRegionAndTooLargeADesign) {
  EXPECT_THROW(full_factorial({1u << 20}, {1}, {2u << 20}), UsageError);
  std::vector<std::uint64_t> sizes(64), vmas(5);
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    sizes[i] = (i + 1) << 20;
  }
  for (std::size_t i = 0; i < vmas.size(); ++i) {
    vmas[i] = i + 1;
  }
  EXPECT_THROW(full_factorial(sizes, vmas, {}), UsageError);
}

TEST(SweepDesign, ShufflesEveryRoundDifferentlyAndVisitsEveryPointOnce) {
  const std::vector<std::size_t> first = round_order(12, 5, 0);
  const std::vector<std::size_t> second = round_order(12, 5, 1);
  EXPECT_NE(first, second);
  EXPECT_EQ(std::set<std::size_t>(first.begin(), first.end()).size(), 12u);
  EXPECT_EQ(round_order(12, 5, 1), second);
}

}  // namespace
}  // namespace clonebench

namespace clonebench {
namespace {

TEST(SweepShape, ReadsASizeWithVmasAndFolio) {
  const ShapeX shape = parse_shape("64M,vmas=300,folio=64K", "--predict");
  EXPECT_DOUBLE_EQ(shape.pages, 16384);
  EXPECT_DOUBLE_EQ(shape.vmas, 300);
  EXPECT_DOUBLE_EQ(shape.folios, 1024);
  const ShapeX pmd = parse_shape("64M,folio=2M", "--predict");
  EXPECT_DOUBLE_EQ(pmd.pages, 0);  // PMD-mapped: no PTEs
  EXPECT_DOUBLE_EQ(pmd.folios, 32);
  const ShapeX plain = parse_shape("8M", "--predict");
  EXPECT_DOUBLE_EQ(plain.vmas, 1);
  EXPECT_DOUBLE_EQ(plain.folios, plain.pages);
}

TEST(SweepShape, RefusesWhatIsNotAShapeNamingTheFlag) {
  for (const char* bad : {"", "64M,vma=3", "64M,folio=3K", "64M,vmas=0", "x,vmas=2", "64M,",
                          "64M,vmas=1,vmas=2", "64M,folio=64K,vmas=2,folio=64K"}) {
    EXPECT_THROW(parse_shape(bad, "--predict"), UsageError) << bad;
  }
}

TEST(SweepPresets, EachNamesWhatItReproducesAndSetsAtLeastTwoSizes) {
  ASSERT_NE(find_sweep_preset("folio-fork"), nullptr);
  ASSERT_NE(find_sweep_preset("vma-fork"), nullptr);
  ASSERT_NE(find_sweep_preset("compound-head"), nullptr);
  EXPECT_EQ(find_sweep_preset("nope"), nullptr);
  for (const SweepPreset& preset : sweep_presets()) {
    for (const std::string& rss : preset.rss_choices) {
      EXPECT_GE(parse_size_list(rss, "--rss").size(), 2u) << preset.name;
    }
    EXPECT_NE(render_preset_list().find(preset.name), std::string::npos);
  }
}

TEST(SweepPresets, CompoundHeadPutsForkAndExitPerPageBesideThePublishedFigures) {
  const SweepPreset& preset = *find_sweep_preset("compound-head");
  EXPECT_EQ(preset.folio, "4K");
  EXPECT_EQ(preset.vmas, "1");
  SweepSummary summary;
  for (const auto& [bytes, create, reap] :
       {std::tuple{0ULL, 100.0, 50.0}, std::tuple{67108864ULL, 1700.0, 1250.0}}) {
    summary.points.emplace_back();
    summary.points.back().rss_bytes = bytes;
    summary.points.back().create_us = create;
    summary.points.back().reap_us = reap;
  }
  for (const auto& [phase, slope] : {std::pair{"create", SweepEstimate{97.7, 95.0, 99.0}},
                                     std::pair{"reap", SweepEstimate{73.2, 70.0, 75.5}},
                                     std::pair{"total", SweepEstimate{170.9, 168.0, 172.0}}}) {
    summary.fits.emplace_back();
    summary.fits.back().phase = phase;
    summary.fits.back().per_page_ns = slope;
  }
  const std::string text = render_preset_comparison(preset, summary);
  EXPECT_NE(text.find("12.5 %"), std::string::npos) << text;
  EXPECT_NE(text.find("16384 pages  create     1700.0  reap     1250.0"), std::string::npos)
      << text;
  EXPECT_NE(text.find("fork (create) 97.7 ns [95.0, 99.0], exit (reap) 73.2 ns [70.0, 75.5]; "
                      "reap / create 0.75"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("cannot be varied from user space"), std::string::npos);
}

}  // namespace
}  // namespace clonebench
