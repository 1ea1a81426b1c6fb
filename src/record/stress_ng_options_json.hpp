#pragma once
// The one JSON codec of a run's stress-ng options (record/workload.hpp): the members of its
// stored "options" object that a run of the stress-ng workload carries (docs/schema.md).

#include <nlohmann/json.hpp>

#include "record/workload.hpp"

namespace clonebench {

// Adds fork_max, vfork_max, fork_vm, fork_pageout and fork_unmap to a run's `options`.
void add_stress_ng_options_json(const StressNgOptions& stress_ng, nlohmann::json& options);

// The stress-ng options of a run's stored `options`; a member it lacks (every one, for a run of
// another workload) reads as stress-ng's default. Checked: throws SummaryError naming a
// malformed member ("options.fork_max").
StressNgOptions stress_ng_options_from_json(const nlohmann::json& options);

}  // namespace clonebench
