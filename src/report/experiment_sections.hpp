#pragma once
// The markdown section of each experiment kind, from its typed summary
// (record/experiment_summary.hpp): an ab's effects and verdicts, a sweep's fits, points and
// cost model, a scale's points, steps and knee.

#include <string>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

std::string ab_section(const Experiment& experiment);
std::string sweep_section(const Experiment& experiment);
std::string scale_section(const Experiment& experiment, const std::vector<StoredRun>& runs);

}  // namespace clonebench
