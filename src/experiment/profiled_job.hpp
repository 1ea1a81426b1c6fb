#pragma once
// How `run`, `ab` and `sweep` measure one job: run_job, and with --profile a perf recording whose
// window is exactly that call (docs/kernel.md "The profiled window"). The one place where the
// commands and the profiler meet.

#include <optional>

#include "perf/perf_recording.hpp"
#include "record/job.hpp"
#include "record/run_record.hpp"
#include "runner/runner.hpp"

namespace clonebench {

// With `wanted`, checks before anything runs that perf can sample this machine (UsageError,
// exit 2, naming --profile otherwise); nullopt without it.
std::optional<PerfSetup> prepare_profiler(bool wanted);

// Measures the job once: started_at, result, and a profile when `profiler` is set. Every perf
// process is stopped or killed and reaped before it returns or throws.
RunRecord measure_job(const StressorJob& job, SignalScope& signals,
                      const std::optional<PerfSetup>& profiler);

}  // namespace clonebench
