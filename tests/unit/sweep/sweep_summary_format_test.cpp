// The stored "sweep" object of a deterministic sweep over every axis, byte for byte against
// tests/golden/sweep (the golden was written by the code that built the object as JSON, before
// the summary was typed): the codec keeps the stored format, and `show`'s re-rendering of the
// stored object is the report the sweep printed.

#include <gtest/gtest.h>

#include "core/text_safety.hpp"
#include "record/sweep_summary_json.hpp"
#include "support/golden.hpp"
#include "support/plane_sweep.hpp"
#include "sweep/sweep_analysis.hpp"
#include "sweep/sweep_render.hpp"

namespace clonebench {
namespace {

// 4M and 16M parents in 1 or 8 VMAs and 4K, 64K and 2M folios (64K materialised, 2M not,
// 4K not measured), 2 rounds, costs a known plane times a deterministic wobble.
SweepSummary every_axis_sweep() {
  SweepSettings settings;
  settings.stressor = "fork";
  settings.sizes = {4u << 20, 16u << 20};
  settings.vmas = {1, 8};
  settings.folios = {4096, 65536, 2u << 20};
  settings.rounds = 2;
  settings.seed = 21;
  settings.timeout_per_point_s = 0.25;
  const std::vector<SweepPoint> design = settings.design();
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    for (std::size_t point = 0; point < design.size(); ++point) {
      ParentMemory parent = testing::populated_parent(design[point]);
      parent.vma_count = 30 + design[point].vmas;
      if (design[point].folio_bytes == 65536) {
        parent.folio_order_samples[4] = 90 + round;
        parent.folio_order_samples[0] = 10;
      } else if (design[point].folio_bytes == 2u << 20) {
        parent.folio_order_samples[0] = 100;
      }
      samples.push_back({point, round, static_cast<std::uint32_t>((point * 5 + round) % 12),
                         SweepRun{parent, design[point].bytes, 1000 + round, 999,
                                  testing::plane_costs(design[point], point, round)}});
    }
  }
  SweepSummary summary = analyze_sweep(settings, samples, 12.5);
  summary.stop = StoredSweepStop{"precision", 3.0, 120.0, 2, 2.75};
  return summary;
}

TEST(SweepSummaryFormat, TheStoredObjectOfASweepOverEveryAxisKeepsItsBytes) {
  testing::expect_golden_file(testing::golden_path("sweep/every_axis.json"),
                              dump_json(sweep_summary_to_json(every_axis_sweep()), 2) + "\n");
}

TEST(SweepSummaryFormat, AStoredSweepReadBackRendersAsTheSweepPrintedIt) {
  const SweepSummary measured = every_axis_sweep();
  const nlohmann::json stored = nlohmann::json::parse(dump_json(sweep_summary_to_json(measured)));
  const SweepSummary read_back = sweep_summary_from_json(stored);
  EXPECT_EQ(sweep_summary_to_json(read_back), stored);
  EXPECT_EQ(render_sweep(read_back), render_sweep(measured));
  testing::expect_golden_file(testing::golden_path("sweep/every_axis.txt"),
                              render_sweep(read_back));
}

}  // namespace
}  // namespace clonebench
