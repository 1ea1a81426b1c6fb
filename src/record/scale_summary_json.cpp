#include "record/scale_summary_json.hpp"

#include "record/json_array.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

// JSON has no infinity: an interval the rounds cannot bound is null.
nlohmann::json scale_estimate_to_json(const ScaleSummaryEstimate& estimate) {
  return {{"median", estimate.median},
          {"ci", estimate.ci ? nlohmann::json{estimate.ci->lo, estimate.ci->hi}
                             : nlohmann::json(nullptr)}};
}

nlohmann::json scale_point_to_json(const ScaleSummaryPoint& point) {
  nlohmann::json runs = nlohmann::json::array();
  for (const ScaleSummaryRun& run : point.runs) {
    runs.push_back({{"round", run.round},
                    {"order", run.order},
                    {"ops_per_s", run.ops_per_s},
                    {"efficiency", run.efficiency},
                    {"bogo_ops", run.bogo_ops},
                    {"real_time_s", run.real_time_s}});
  }
  return {{"instances", point.instances},
          {"n", point.n},
          {"ops_per_s", scale_estimate_to_json(point.ops_per_s)},
          {"efficiency", scale_estimate_to_json(point.efficiency)},
          {"ci_confidence", point.ci_confidence},
          {"runs", runs}};
}

nlohmann::json scale_knee_to_json(const ScaleKnee& knee, const std::string& definition) {
  return {{"status", scale_knee_status_name(knee.status)},
          {"instances", knee.instances},
          {"next_instances", knee.next_instances == 0 ? nlohmann::json(nullptr)
                                                      : nlohmann::json(knee.next_instances)},
          {"definition", definition}};
}

ScaleSummaryEstimate scale_estimate_from(const SummaryField& field) {
  ScaleSummaryEstimate estimate{field.at("median").number(), std::nullopt};
  if (const SummaryField ci = field.at("ci"); !ci.is_null()) {
    const SummaryInterval interval = summary_interval(ci, false);
    estimate.ci = ScaleInterval{*interval.lo, *interval.hi};
  }
  return estimate;
}

ScaleSummaryPoint scale_point_from(const SummaryField& field) {
  ScaleSummaryPoint point{field.at("instances").count32(),
                          field.at("n").count(),
                          scale_estimate_from(field.at("ops_per_s")),
                          scale_estimate_from(field.at("efficiency")),
                          field.at("ci_confidence").number(),
                          {}};
  for (const SummaryField& run : field.at("runs").items()) {
    point.runs.push_back({run.at("round").count32(), run.at("order").count32(),
                          run.at("ops_per_s").number(), run.at("efficiency").number(),
                          run.at("bogo_ops").count(), run.at("real_time_s").number()});
  }
  return point;
}

ScaleStep scale_step_from(const SummaryField& field) {
  constexpr ScaleStep kSteps[] = {ScaleStep::kGrows, ScaleStep::kFalls, ScaleStep::kOverlaps};
  const char* names[] = {"grows", "falls", "overlaps"};
  const std::string name = summary_known_name(field, names, "step verdict");
  for (const ScaleStep step : kSteps) {
    if (name == scale_step_name(step)) {
      return step;
    }
  }
  field.fail("not a step verdict");
}

ScaleKnee scale_knee_from(const SummaryField& field) {
  const SummaryField status = field.at("status");
  ScaleKnee knee{ScaleKnee::Status::kNotReached, field.at("instances").count32(), 0};
  for (const auto candidate : {ScaleKnee::Status::kReached, ScaleKnee::Status::kNotReached,
                               ScaleKnee::Status::kUndecided}) {
    if (status.text() == scale_knee_status_name(candidate)) {
      knee.status = candidate;
      break;
    }
    if (candidate == ScaleKnee::Status::kUndecided) {
      status.fail("expected reached, not reached or cannot be decided");
    }
  }
  if (knee.status == ScaleKnee::Status::kNotReached) {
    if (const std::optional<SummaryField> next = field.find("next_instances")) {
      next->fail("expected null: the knee was not reached");
    }
    return knee;
  }
  knee.next_instances = field.at("next_instances").count32();
  if (knee.next_instances == 0) {
    field.at("next_instances").fail("expected a count ≥ 1");
  }
  return knee;
}

ScaleSettings scale_settings_from(const SummaryField& root) {
  ScaleSettings settings;
  settings.stressor = root.at("stressor").text();
  settings.workload = root.at("workload").text();
  settings.instances = decoded_items(root.at("instances").items(), &SummaryField::count32);
  settings.rounds = root.at("rounds").count32();
  settings.timeout_s = root.at("timeout_s").number();
  settings.seed = root.at("seed").count();
  return settings;
}

}  // namespace

nlohmann::json scale_summary_to_json(const ScaleSummary& summary) {
  if (!summary.knee) {
    return nlohmann::json::object();
  }
  const nlohmann::json points = json_array(summary.points, scale_point_to_json);
  nlohmann::json steps = nlohmann::json::array();
  for (const ScaleSummaryStep& step : summary.steps) {
    steps.push_back(
        {{"from", step.from}, {"to", step.to}, {"verdict", scale_step_name(step.verdict)}});
  }
  const ScaleSettings& settings = summary.settings;
  return {{"stressor", settings.stressor},
          {"workload", settings.workload},
          {"instances", settings.instances},
          {"rounds", settings.rounds},
          {"timeout_s", settings.timeout_s},
          {"seed", settings.seed},
          {"elapsed_s", summary.elapsed_s},
          {"order", summary.order},
          {"confidence", summary.confidence},
          {"ops_per_s_definition", summary.ops_per_s_definition},
          {"efficiency_definition", summary.efficiency_definition},
          {"points", points},
          {"steps", steps},
          {"knee", scale_knee_to_json(*summary.knee, summary.knee_definition)}};
}

nlohmann::json scale_document_to_json(const nlohmann::json& environment,
                                      const ScaleSummary& summary) {
  return {{"schema", "clonebench/1"},
          {"environment", environment},
          {"scale", scale_summary_to_json(summary)}};
}

ScaleSummary scale_summary_from_json(const nlohmann::json& json) {
  ScaleSummary summary;
  if (json.is_object() && json.empty()) {
    return summary;  // a running or interrupted scale
  }
  const SummaryField root(json, "");
  summary.settings = scale_settings_from(root);
  summary.elapsed_s = root.at("elapsed_s").number();
  summary.order = root.at("order").text();
  summary.confidence = root.at("confidence").number();
  summary.ops_per_s_definition = root.at("ops_per_s_definition").text();
  summary.efficiency_definition = root.at("efficiency_definition").text();
  summary.points = decoded_items(root.at("points").items(), scale_point_from);
  for (const SummaryField& step : root.at("steps").items()) {
    summary.steps.push_back(
        {step.at("from").count32(), step.at("to").count32(), scale_step_from(step.at("verdict"))});
  }
  const SummaryField knee = root.at("knee");
  summary.knee = scale_knee_from(knee);
  summary.knee_definition = knee.at("definition").text();
  return summary;
}

}  // namespace clonebench
