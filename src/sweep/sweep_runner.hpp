#pragma once
// Runs a sweep: R rounds, each measuring every size once in a freshly shuffled order (seeded),
// so that drift over time spreads over all sizes instead of masquerading as a size effect.

#include <functional>
#include <string>
#include <vector>

#include "core/run_record.hpp"
#include "runner/job.hpp"
#include "runner/runner.hpp"
#include "sweep/sweep_analysis.hpp"

namespace clonebench {

// The order in which round `round` visits `points` sizes: a permutation from (seed, round).
std::vector<std::size_t> round_order(std::size_t points, std::uint64_t seed, std::uint32_t round);

struct SweepResult {
  std::vector<RunRecord> runs;  // every measurement, in the order measured
  nlohmann::json summary;       // the "sweep" object of analyze_sweep()
};

// Measures one point: fills the record's result (and anything else it measures, e.g. a profile).
// The command layer passes measure_job (cli/profiled_job.hpp); run_job is the plain choice.
using MeasurePoint = std::function<void(const StressorJob& job, RunRecord& record)>;

// `job` is the template (stressor, instances, parent kind and VMAs, timeout per point); its
// parent.bytes is replaced by each size. Refuses (UsageError naming --rss) before any run when the
// largest size does not fit. `progress` is called before each run with (done, total, size).
SweepResult run_sweep(const StressorJob& job, const SweepSettings& settings, SignalScope& signals,
                      const std::function<void(std::size_t, std::size_t, std::uint64_t)>& progress,
                      const MeasurePoint& measure);

}  // namespace clonebench
