#pragma once
// Sweeps that repeat published experiments (`sweep --preset NAME`): the axes each sets, what it
// reproduces, the published figures in our words with their source (docs/sweep.md "Presets"),
// and our figures beside them, rendered from the sweep's summary.

#include <string>
#include <string_view>
#include <vector>

#include "record/sweep_summary.hpp"

namespace clonebench {

struct SweepPreset {
  std::string name;
  std::string reproduces;  // what experiment, whose
  std::string published;   // the published figures, in our words, with the source named
  std::vector<std::string> rss_choices;  // --rss lists, the first that fits this machine wins
  std::string vmas, folio, rounds, timeout_per_point;
  // As root, vm.max_map_count may be raised for the sweep so that the largest --vmas fits (put
  // back on every way out); otherwise the VMA counts that do not fit are left out, and said so.
  bool may_raise_map_count = false;
};

const std::vector<SweepPreset>& sweep_presets();
// nullptr for an unknown name.
const SweepPreset* find_sweep_preset(std::string_view name);
// `--preset list`: each preset, what it sets and what it reproduces.
std::string render_preset_list();
// What the preset reproduces, the published figures, and ours from the sweep's `summary`.
std::string render_preset_comparison(const SweepPreset& preset, const SweepSummary& summary);

}  // namespace clonebench
