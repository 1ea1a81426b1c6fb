#include "record/scale_summary.hpp"

namespace clonebench {
namespace {

ScaleSummaryEstimate scale_estimate_of(const SummaryField& field) {
  ScaleSummaryEstimate estimate;
  estimate.median = field.number_or("median", 0);
  if (const std::optional<SummaryField> ci = field.find("ci")) {
    estimate.ci = summary_interval(*ci, false);
  }
  return estimate;
}

}  // namespace

ScaleSummary scale_summary_from_json(const nlohmann::json& json) {
  const SummaryField root(json, "");
  ScaleSummary summary;
  summary.confidence = root.optional_number("confidence");
  for (const SummaryField& point : root.items_of("points")) {
    summary.points.push_back({point.at("instances").count32(), point.count_or("n", 0),
                              scale_estimate_of(point.at("ops_per_s")),
                              scale_estimate_of(point.at("efficiency"))});
  }
  for (const SummaryField& step : root.items_of("steps")) {
    summary.steps.push_back(
        {step.at("from").count32(), step.at("to").count32(), step.at("verdict").text()});
  }
  if (const std::optional<SummaryField> knee = root.find("knee")) {
    ScaleSummaryKnee parsed{knee->at("status").text(), knee->at("instances").count32(), {}};
    if (parsed.status != "reached" && parsed.status != "not reached" &&
        parsed.status != "cannot be decided") {
      knee->at("status").fail("expected reached, not reached or cannot be decided");
    }
    if (parsed.status != "not reached") {
      parsed.next_instances = knee->at("next_instances").count32();
    }
    summary.knee = parsed;
  }
  for (const char* key : {"stressor", "workload"}) {
    summary_text(root, key);
  }
  return summary;
}

}  // namespace clonebench
