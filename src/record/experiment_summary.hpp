#pragma once
// The stored analyses of experiments (`sweep`, `scale`, `ab`, `hvo-key`, `kernels`, `trace`) as
// typed structs, each kind in its own file with its one checked decoder (summary_field.hpp says
// what is checked).

#include <nlohmann/json.hpp>
#include <string>

#include "record/ab_summary.hpp"
#include "record/scale_summary_json.hpp"
#include "record/summary_field.hpp"
#include "record/sweep_summary_json.hpp"

namespace clonebench {

// Decodes the summary of an experiment of `kind` ("ab", "sweep", "scale", "hvo-key", "kernels",
// "trace": every kind that is stored) and throws SummaryError when it is malformed, or when
// `kind` is none of these (a row another program wrote).
void check_experiment_summary(const std::string& kind, const nlohmann::json& summary);

}  // namespace clonebench
