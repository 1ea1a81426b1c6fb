#pragma once
// The report section of each experiment kind, from its typed summary
// (record/experiment_summary.hpp): an ab's effects and verdicts, a sweep's fits, points and
// cost model, a scale's points, steps and knee.

#include <vector>

#include "report/document.hpp"
#include "store/store.hpp"

namespace clonebench {

Blocks ab_section(const Experiment& experiment);
Blocks sweep_section(const Experiment& experiment);
Blocks scale_section(const Experiment& experiment, const std::vector<StoredRun>& runs);

}  // namespace clonebench
