#pragma once
// Runs a scale: the runs of scale_plan() one after another, each with its round's instance count,
// so that drift over time spreads over all counts instead of looking like a scaling effect.

#include <functional>

#include "record/job.hpp"
#include "record/run_record.hpp"
#include "runner/run_observer.hpp"
#include "runner/runner.hpp"
#include "scale/scale_analysis.hpp"

namespace clonebench {

// `job` is the template (stressor, workload, timeout per run); its instances are replaced by each
// count. Refuses (UsageError) before any run when the largest count cannot run here. Returns
// analyze_scale()'s summary of the runs.
ScaleSummary run_scale(const StressorJob& job, const ScaleSettings& settings, SignalScope& signals,
                       const RunObserver& observer);

}  // namespace clonebench
