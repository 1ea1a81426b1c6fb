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

bool summary_has_cost_model(const nlohmann::json& summary) {
  return summary.is_object() && summary.contains("model");
}

std::optional<CostModel> summary_cost_model(const nlohmann::json& summary,
                                            const std::string& source) {
  if (!summary_has_cost_model(summary)) {
    return std::nullopt;
  }
  return cost_model_from_json(summary.at("model"), source);
}

CostModel cost_model_of_file(const nlohmann::json& document, const std::string& source) {
  std::optional<CostModel> model = summary_cost_model(document, source);
  return model ? std::move(*model) : cost_model_from_json(document, source);
}

std::optional<nlohmann::json> sweep_summary_of_document(const nlohmann::json& document) {
  if (!document.is_object() || !document.contains("sweep")) {
    return std::nullopt;
  }
  return document.at("sweep");
}

}  // namespace clonebench
