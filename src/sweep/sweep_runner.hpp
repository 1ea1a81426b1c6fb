#pragma once
// Runs a sweep: R rounds, each measuring every size once in a freshly shuffled order (seeded),
// so that drift over time spreads over all sizes instead of masquerading as a size effect.

#include <functional>
#include <string>
#include <vector>

#include "memory/machine_settings_lock.hpp"
#include "record/job.hpp"
#include "record/run_record.hpp"
#include "runner/run_observer.hpp"
#include "runner/runner.hpp"
#include "sweep/sweep_analysis.hpp"

namespace clonebench {

// The order in which round `round` visits `points` sizes: a permutation from (seed, round).
std::vector<std::size_t> round_order(std::size_t points, std::uint64_t seed, std::uint32_t round);

// `job` is the template (stressor, instances, parent kind and VMAs, timeout per point); its
// parent.bytes is replaced by each size. Refuses (UsageError naming --rss) before any run when the
// largest size does not fit. A folio axis changes the THP switches, under `settings_lock` (held
// by the caller; required then). Returns analyze_sweep()'s summary with why the rounds stopped.
SweepSummary run_sweep(const StressorJob& job, const SweepSettings& settings, SignalScope& signals,
                       const RunObserver& observer, MachineSettingsLock* settings_lock);

}  // namespace clonebench
