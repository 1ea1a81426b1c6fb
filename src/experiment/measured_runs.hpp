#pragma once
// `clonebench run` once its arguments are read: every job measured --runs times, each run
// stored as it ends (with the load average before and after it), then the document rendered
// by the exporters its output flags name, or as the table (or --metrics) on stdout.

#include "experiment/run_plan.hpp"

namespace clonebench {

// Returns the exit code; throws UsageError before any run for a bad job or output, Interrupted
// when a signal stops the runs.
int run_and_report(const RunSpec& spec);

}  // namespace clonebench
