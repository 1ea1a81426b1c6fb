#pragma once
// What a change in the cost of one component can do to the whole command, by Amdahl's law: if a
// component takes a share s of the time and gets a fraction c cheaper, the command gets at most
// s·c cheaper (exactly that when all of the component's time is on the critical path, less when
// it overlaps other work). And the converse: a claimed saving C from a change c needs s ≥ C / c.

#include <optional>
#include <string>
#include <vector>

#include "trace/trace_analysis.hpp"

namespace clonebench {

// --what-if NAME=CHANGE, e.g. clone=-3%: the component's cost changes by CHANGE (a fraction).
struct WhatIf {
  TraceComponent component = TraceComponent::kClone;
  double change = 0;  // -0.03 for "-3%"
};

// Parses "clone=-3%" (also a plain fraction, "-0.03"); throws UsageError naming `flag`.
WhatIf parse_what_if(const std::string& text, const std::string& flag);
// Parses "3.6%" (a saving of the whole command), for --claim; throws UsageError naming `flag`.
double parse_claimed_saving(const std::string& text, const std::string& flag);

// The bound for one share: the largest relative change of the whole time.
double amdahl_bound(double share, double change) noexcept;
// The smallest share a component must have for a change `change` of it to change the whole by
// `claimed` (both fractions, the same sign for a saving); infinity when change is 0.
double share_needed(double claimed, double change) noexcept;

// The bound across the traced runs.
struct WhatIfOutcome {
  WhatIf what_if;
  Spread wall_share, cpu_share;
  Spread wall_bound, cpu_bound;         // relative change of wall and CPU time, at most
  std::optional<double> needed_share;   // with --claim: the share the claim needs
  bool claim_possible_on_wall = false;  // needed_share <= the largest measured wall share
};
WhatIfOutcome evaluate_what_if(const WhatIf& what_if, const std::vector<RunSummary>& runs,
                               std::optional<double> claimed_saving);

}  // namespace clonebench
