#pragma once
// The report section of each experiment kind, from its typed summary (record/experiment.hpp):
// an ab's effects and verdicts, a sweep's fits, points and cost model, a scale's points, steps
// and knee.

#include <vector>

#include "record/experiment.hpp"
#include "report/document.hpp"
#include "store/store.hpp"

namespace clonebench {

// "## <what> <tag> (<status>, <created>)": the experiment as stored.
Heading experiment_heading(const char* what, const Experiment& experiment);

Blocks ab_section(const Experiment& experiment, const AbSummary& summary);
Blocks sweep_section(const Experiment& experiment, const SweepSummary& summary);
Blocks scale_section(const Experiment& experiment, const ScaleSummary& summary,
                     const std::vector<StoredRun>& runs);

}  // namespace clonebench
