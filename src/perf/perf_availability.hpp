#pragma once
// Before anything is measured: is perf installed, may this process sample every CPU and name
// kernel functions, and which event to sample. Every "no" is the user's to fix: UsageError
// (exit 2) with one line saying what to install or set.

#include "perf/perf_recording.hpp"

namespace clonebench {

// `flag` names the option in messages ("--profile").
PerfSetup prepare_profiling(const std::string& flag);

// The first executable `name` in $PATH, or "" when there is none.
std::string find_in_path(const std::string& name);

}  // namespace clonebench
