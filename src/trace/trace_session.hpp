#pragma once
// Runs the command under the census, once or --repeat N times (with --interleave-untraced, an
// untraced run beside each traced one), stopping the whole tree on SIGINT, SIGTERM or SIGHUP and
// keeping what was measured, marked interrupted.

#include <functional>
#include <string>
#include <vector>

#include "trace/trace_census.hpp"

namespace clonebench {

struct TraceSettings {
  std::vector<std::string> command;
  std::uint32_t repeat = 1;
  bool interleave_untraced = false;
};

struct TraceOutcome {
  TraceCensus census;
  int interrupted_by = 0;  // the signal that stopped the session, 0 when it ran to its end
  int command_status = 0;  // the last run's exit status (128 + signal when a signal ended it)
  int command_signal = 0;
};

// Throws UsageError with census_unavailable_reason() before starting anything when the census
// cannot run, CommandNotRunnable when the command cannot be executed. `on_run` sees each run as
// it ends.
TraceOutcome run_trace_session(const TraceSettings& settings,
                               const std::function<void(const TraceRun&)>& on_run);

}  // namespace clonebench
