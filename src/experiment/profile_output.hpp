#pragma once
// What `run`, `ab` and `sweep` print and write about --profile: groups of runs (an arm, a size)
// merged into one profile each, as text and JSON.

#include <string>
#include <utility>
#include <vector>

#include "record/environment.hpp"
#include "record/run_record.hpp"

namespace clonebench {

using LabelledRuns = std::pair<std::string, std::vector<const RunRecord*>>;

// kernel_path.compound_head of an environment ("unknown" when it is not there).
std::string compound_head_of(const Environment& environment);

// One merged profile per group that has profiled runs, in the groups' order.
std::vector<LabelledProfile> merged_profiles(const std::vector<LabelledRuns>& groups);

// The rows side by side, then each group's own profile; "" when there is none.
std::string render_profile_section(const std::string& heading,
                                   const std::vector<LabelledProfile>& profiles,
                                   const std::string& compound_head);

}  // namespace clonebench
