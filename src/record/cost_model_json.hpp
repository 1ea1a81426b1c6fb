#pragma once
// The cost model as `trace` and `sweep --predict` read it from a file or a store: the codec is
// record/sweep_summary_json.hpp's (the "model" object of a sweep summary, docs/sweep.md); this
// names the source in its error.

#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "record/cost_model.hpp"

namespace clonebench {

nlohmann::json cost_model_to_json(const CostModel& model);
// Throws UsageError naming `source` and the malformed field when the object is not a cost model.
CostModel cost_model_from_json(const nlohmann::json& json, const std::string& source);

// The cost model a sweep summary holds under "model", or nullopt when it holds none (stored
// before the model existed, or too few runs to fit one). Throws like cost_model_from_json for a
// malformed one.
std::optional<CostModel> summary_cost_model(const nlohmann::json& summary,
                                            const std::string& source);

// Whether a sweep summary holds a cost model at all (well-formed or not).
bool summary_has_cost_model(const nlohmann::json& summary);

// A file given as a cost model: a sweep's summary (its model) or a bare cost model object.
CostModel cost_model_of_file(const nlohmann::json& document, const std::string& source);

// The sweep summary of a `sweep --json` document ("sweep"), or nullopt when it is not one.
std::optional<nlohmann::json> sweep_summary_of_document(const nlohmann::json& document);

}  // namespace clonebench
