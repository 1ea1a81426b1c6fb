#pragma once
// One instance's measurement inside clonebench-worker: shape the process as the job asks, run the
// timed loop, write the results into the page.

#include "record/worker_page.hpp"
#include "worker/job_page.hpp"

namespace clonebench {

// Returns the worker's exit code (WorkerExit). Errors are reported in the page, never thrown.
int run_instance(WorkerPage& page) noexcept;

}  // namespace clonebench
