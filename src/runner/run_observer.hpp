#pragma once
// What the caller of an experiment's runner (sweep, scale) does around each run, so that the
// runner itself keeps only each run's few analysed numbers: show progress before it, measure it
// (measure_job of experiment/profiled_job.hpp: started_at, result, a profile with --profile), and
// store it as soon as it ends.

#include <cstddef>
#include <functional>

#include "record/job.hpp"
#include "record/run_record.hpp"

namespace clonebench {

struct RunObserver {
  // Runs done so far, runs planned (an estimate when a precision ends the experiment), and the
  // job about to run (its size, its instance count).
  std::function<void(std::size_t done, std::size_t planned, const StressorJob& job)> before_run;
  std::function<RunRecord(const StressorJob& job)> measure;
  std::function<void(RunRecord& record)> after_run;
};

}  // namespace clonebench
