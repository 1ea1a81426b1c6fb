#pragma once
// Boots as the units of a comparison (docs/statistics.md, "Boots are the units"). With ≥ 2 boots
// on each side, each boot is summarized by the median of its runs' log values and the existing
// estimator (Hodges–Lehmann with the Mann–Whitney interval) runs on those summaries; with one
// boot per side the run-level change is shown but the verdict is capped at inconclusive.

#include <map>
#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <vector>

#include "compare/boot_design.hpp"
#include "compare/comparison.hpp"
#include "compare/run_boot.hpp"

namespace clonebench {

struct BootOptions {
  bool assume_no_boot_effect = false;  // --assume-no-boot-effect: keep the run-level verdict
  std::map<std::string, KnownBootSpread> known_spread;  // by metric name, from the store
};

// The within- and between-boot spread of log values measured in the given boots (parallel).
// Throws std::invalid_argument when the lengths differ or `logs` is empty.
BootSpread boot_spread(std::span<const double> logs, std::span<const std::string> boots);

// One value per boot, in order of first appearance: exp of the median of its runs' logs.
std::vector<double> boot_summaries(std::span<const double> values,
                                   std::span<const std::string> boots);

// Boots per side to resolve ±threshold when a boot varies by `between_sd_log` and a run within
// it by `within_sd_log`, with `runs_per_boot` runs in each: the unit noise is
// √(between² + within²/runs) and runs_needed_per_side() turns it into units.
std::size_t boots_needed_per_side(double between_sd_log, double within_sd_log, double runs_per_boot,
                                  double threshold, double alpha);

// `compare` on samples whose runs carry boots (MetricSamples::a_boots/b_boots); metrics
// without boots are analysed at the run level as analyze_unpaired does, and carry no
// BootAnalysis. Holm's adjustment spans all metrics, whatever their level.
ComparisonResult analyze_with_boots(const std::vector<MetricSamples>& metrics,
                                    const CompareOptions& options, const BootOptions& boots);

}  // namespace clonebench
