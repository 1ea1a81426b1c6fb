#pragma once
// Runs a scale: the runs of scale_plan() one after another, each with its round's instance count,
// so that drift over time spreads over all counts instead of looking like a scaling effect.

#include <functional>
#include <nlohmann/json.hpp>

#include "record/job.hpp"
#include "record/run_record.hpp"
#include "runner/runner.hpp"
#include "scale/scale_analysis.hpp"

namespace clonebench {

// What the caller does around each run: show progress before it (done, total, instances),
// measure it, store it as soon as it ends. The scale itself keeps only each run's few numbers.
struct ScaleObserver {
  std::function<void(std::size_t, std::size_t, std::uint32_t)> before_run;
  std::function<RunRecord(const StressorJob&)> measure;
  std::function<void(RunRecord&)> after_run;
};

// `job` is the template (stressor, workload, timeout per run); its instances are replaced by each
// count. Refuses (UsageError) before any run when the largest count cannot run here. Returns the
// "scale" object of analyze_scale().
nlohmann::json run_scale(const StressorJob& job, const ScaleSettings& settings,
                         SignalScope& signals, const ScaleObserver& observer);

}  // namespace clonebench
