#pragma once
// The cost model as `trace` and `sweep --predict` read it from a file or a store: the codec is
// record/sweep_summary_json.hpp's (the "model" object of a sweep summary, docs/sweep.md); this
// names the source in its error.

#include <nlohmann/json.hpp>
#include <string>

#include "record/cost_model.hpp"

namespace clonebench {

nlohmann::json cost_model_to_json(const CostModel& model);
// Throws UsageError naming `source` and the malformed field when the object is not a cost model.
CostModel cost_model_from_json(const nlohmann::json& json, const std::string& source);

}  // namespace clonebench
