#pragma once
// The census as the human table `clonebench trace` prints (on stderr or into -o FILE): pure, from
// the census and the requested what-ifs to text.

#include <optional>
#include <string>
#include <vector>

#include "trace/trace_census.hpp"
#include "trace/what_if.hpp"

namespace clonebench {

struct TraceTableOptions {
  std::vector<WhatIf> what_ifs;
  std::optional<double> claimed_saving;  // --claim
  // Shown when the census has no fork model: why (e.g. no stored sweep for this host).
  std::string model_note;
};

std::string render_trace_table(const TraceCensus& census, const TraceTableOptions& options);

// The traced runs' summaries, in order (untraced runs left out).
std::vector<RunSummary> traced_summaries(const TraceCensus& census);

// One line per what-if: the bound, and with a claim, the share it needs.
std::string render_what_if(const WhatIfOutcome& outcome);

}  // namespace clonebench
