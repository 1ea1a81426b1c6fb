#pragma once
// The one JSON codec of the cost model (the "model" object of a sweep summary, docs/sweep.md).

#include <nlohmann/json.hpp>
#include <string>

#include "record/cost_model.hpp"

namespace clonebench {

nlohmann::json cost_model_to_json(const CostModel& model);
// Throws UsageError naming `source` when the object is not a cost model.
CostModel cost_model_from_json(const nlohmann::json& json, const std::string& source);

}  // namespace clonebench
