#pragma once
// The table of `clonebench history` and the one-line environment summary of `clonebench show`.
// Pure: same input, same bytes.

#include <string>
#include <vector>

#include "record/environment.hpp"
#include "store/store.hpp"

namespace clonebench {

// One aligned line per stored run: id, started, label, the host measured on (measured_on()),
// stressor, instances, bogo ops, rates, experiment.
std::string render_history(const std::vector<HistoryRow>& rows);

// The host a run was measured on as `history` shows it and `history --host` matches it: the
// guest's name for a run measured in a `kernels` guest ("vm (QEMU tcg guest)"), so that such a
// run is never taken for one of the host's own; else the host that stored it ("" when the run
// does not say).
std::string measured_on(const HistoryRow& row);

// What `show` says of a run measured in a guest: emulated (TCG) timings are an emulator's, and
// a run counted in instructions holds instruction counts, not times. Empty for a host's run.
std::string guest_note(const HistoryRow& row);

// "kernel 6.18.44 · x86_64 · AMD EPYC 7B13 · 2 CPUs · governor performance · THP madvise · HVO
// on": the fields that are present, in this order.
std::string environment_line(const Environment& environment);

}  // namespace clonebench
