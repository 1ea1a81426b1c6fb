#include "record/cost_model_json.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "record/sweep_summary_json.hpp"

namespace clonebench {

nlohmann::json cost_model_to_json(const CostModel& model) {
  return sweep_model_to_json(model);
}

CostModel cost_model_from_json(const nlohmann::json& json, const std::string& source) {
  try {
    return sweep_model_from_json(json);
  } catch (const SummaryError& error) {
    throw UsageError(fmt::format("{}: not a sweep cost model: {}", source, error.what()));
  }
}

}  // namespace clonebench
