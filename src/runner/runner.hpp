#pragma once
// The runner owns the process lifecycle: it forks one supervisor per instance, which starts the
// static clonebench-worker with execve; the worker creates the children. The runner owns
// timeouts, signals and cleanup; the worker the timing; the supervisor the reaping of strays.

#include "record/job.hpp"
#include "record/run_record.hpp"

namespace clonebench {

// Blocks SIGINT, SIGTERM and SIGHUP (and SIGCHLD) for its lifetime so that the runner can take
// them synchronously; restores the previous mask on destruction. Create one before running jobs.
class SignalScope {
 public:
  SignalScope();
  ~SignalScope();
  SignalScope(const SignalScope&) = delete;
  SignalScope& operator=(const SignalScope&) = delete;
  // Throws Interrupted if SIGINT, SIGTERM or SIGHUP is pending (taking it).
  void throw_if_interrupted();
};

// Checks, before anything runs, that the job can run here: known stressor, a parent that fits
// in memory. Throws UsageError naming the flag.
void validate_job(const StressorJob& job);

// Runs the job once and returns its result. Every child is killed and reaped before it returns
// or throws; on SIGINT/SIGTERM/SIGHUP it throws Interrupted after cleaning up.
// Throws UsageError for a job that cannot run here (unknown stressor, parent too large) and
// RuntimeError naming the file when clonebench-worker is missing or of another version.
RunResult run_job(const StressorJob& job, SignalScope& signals);

}  // namespace clonebench
