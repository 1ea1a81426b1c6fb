#pragma once
// One instance under --workload stress-ng: the stressor runs stress-ng's own set-up, loop and
// teardown, and the worker takes two accountings of it: clonebench's (the loop, every child's CPU
// time, counted by whoever reaps it) and stress-ng's (its wall clock and rusage,
// docs/measurement.md).

#include "record/worker_page.hpp"

namespace clonebench {

// Returns the worker's exit code (WorkerExit). Errors are reported in the page, never thrown.
int run_stress_ng_instance(WorkerPage& page) noexcept;

}  // namespace clonebench
