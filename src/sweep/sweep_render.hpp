#pragma once
// The human report of a sweep, rendered from its summary alone, so that `show` can re-render a
// stored sweep (decoded by record/sweep_summary_json.hpp) exactly as it was printed.

#include <string>

#include "record/sweep_summary.hpp"

namespace clonebench {

// A table per point, a table of the fits and a plain-text plot of total cost versus size.
// Throws UsageError when `summary` has no analysis (no fits).
std::string render_sweep(const SweepSummary& summary);

}  // namespace clonebench
