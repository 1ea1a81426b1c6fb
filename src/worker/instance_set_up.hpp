#pragma once
// What both workloads of an instance (clonebench's loop and stress-ng's) do around their set-up:
// the CPU pin first, and an error that stops the instance written into its page.

#include <cstring>
#include <exception>
#include <string>

#include "core/error.hpp"
#include "process/process_control.hpp"
#include "record/worker_page.hpp"
#include "worker/job_page.hpp"

namespace clonebench {

// --pin: the instance runs on its CPU from now on, or this throws naming --pin.
inline void pin_instance(const WorkerJob& job) {
  if (job.pin_cpu >= 0) {
    if (const int error = pin_to_cpu(job.pin_cpu); error != 0) {
      throw_errno("--pin: cannot run on CPU " + std::to_string(job.pin_cpu), error);
    }
  }
}

// The error's kind and message (cut to fit), then the phase that tells the driver to read them.
inline void report_instance_failure(InstanceReport& report, InstanceError kind,
                                    const char* message) noexcept {
  report.error_kind = static_cast<int>(kind);
  std::strncpy(report.error_message, message, sizeof(report.error_message) - 1);
  report.phase.store(static_cast<int>(InstancePhase::kFailed));
}

// Runs `step` and returns kWorkerDone; an error it throws goes into the report instead, and the
// exit code says its kind: kWorkerUsage for a UsageError, kWorkerRuntime for any other.
template <typename Step>
int run_reporting_failure(InstanceReport& report, Step step) noexcept {
  try {
    step();
  } catch (const UsageError& error) {
    report_instance_failure(report, InstanceError::kUsage, error.what());
    return kWorkerUsage;
  } catch (const std::exception& error) {
    report_instance_failure(report, InstanceError::kRuntime, error.what());
    return kWorkerRuntime;
  }
  return kWorkerDone;
}

}  // namespace clonebench
