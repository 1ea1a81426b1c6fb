#pragma once
// `clonebench ab`'s arguments read into its plan (ab/ab_plan.hpp): SPEC with --a or --b parsed
// as `run` arguments, warm-ups, seed, analysis options and the stopping rule. Bad values are
// refused here, before anything runs.

#include "ab/ab_plan.hpp"
#include "cli/ab_arguments.hpp"

namespace clonebench {

AbPlan plan_ab(const AbArguments& args);

}  // namespace clonebench
