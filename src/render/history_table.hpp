#pragma once
// The table of `clonebench history` and the one-line environment summary of `clonebench show`.
// Pure: same input, same bytes.

#include <string>
#include <vector>

#include "record/environment.hpp"
#include "store/store.hpp"

namespace clonebench {

// One aligned line per stored run: id, started, label, stressor, instances, bogo ops, rates,
// experiment.
std::string render_history(const std::vector<HistoryRow>& rows);

// "kernel 6.18.44 · x86_64 · AMD EPYC 7B13 · 2 CPUs · governor performance · THP madvise · HVO
// on": the fields that are present, in this order.
std::string environment_line(const Environment& environment);

}  // namespace clonebench
