#include "experiment/profiled_job.hpp"

#include "core/timestamp.hpp"
#include "kernel/perf_script_profile.hpp"
#include "perf/perf_availability.hpp"
#include "perf/perf_script_reader.hpp"

namespace clonebench {

std::optional<PerfSetup> prepare_profiler(bool wanted) {
  if (!wanted) {
    return std::nullopt;
  }
  return prepare_profiling("--profile");
}

RunRecord measure_job(const StressorJob& job, SignalScope& signals,
                      const std::optional<PerfSetup>& profiler) {
  RunRecord record;
  record.started_at = iso8601_utc_now();
  if (!profiler) {
    record.result = run_job(job, signals);
    return record;
  }
  const PerfRecording::Poll poll = [&signals] { signals.throw_if_interrupted(); };
  PerfRecording recording(*profiler, poll);
  record.result = run_job(job, signals);
  const double window_s = recording.stop(poll);
  PerfScriptProfile samples;
  read_perf_script(
      *profiler, recording.data(), [&samples](std::string_view line) { samples.add_line(line); },
      poll);
  KernelProfile profile = samples.finish();
  profile.event = profiler->event;
  profile.frequency_hz = profiler->frequency_hz;
  profile.window_s = window_s;
  record.profile = std::move(profile);
  return record;
}

}  // namespace clonebench
