// The checked decoder of the stored ab summary (ab_summary.hpp); `ab` writes the document with
// compare/ab_document.hpp.
#include "record/ab_summary_json.hpp"

#include "record/json_array.hpp"

namespace clonebench {
namespace {

AbSummarySide ab_side_of(const SummaryField& field) {
  return {field.number_or("median", 0), field.number_or("cv_pct", 0), field.count_or("n", 0)};
}

std::optional<std::uint64_t> optional_count(const SummaryField& object, const char* key) {
  const std::optional<SummaryField> field = object.find(key);
  return field ? std::optional<std::uint64_t>(field->count()) : std::nullopt;
}

AbSummaryMetric ab_metric_of(const SummaryField& field) {
  AbSummaryMetric metric;
  metric.name = field.text_or("name", "");
  metric.sentence = field.text_or("sentence", "");
  metric.a = ab_side_of(field.at("a"));
  metric.b = ab_side_of(field.at("b"));
  const SummaryField effect = field.at("effect");
  metric.verdict = effect.text_or("verdict", "");
  metric.estimate_pct = effect.number_or("estimate_pct", 0);
  metric.p_holm = effect.number_or("p_holm", 1);
  metric.ci_pct = summary_interval(effect.at("ci_pct"), true);
  metric.mde_pct = effect.optional_number("mde_pct");
  metric.runs_needed = effect.count_or("runs_needed", 0);
  return metric;
}

}  // namespace

AbSummary ab_summary_from_json(const nlohmann::json& json) {
  return ab_summary_of(SummaryField(json, ""));
}

AbSummary ab_summary_of(const SummaryField& root) {
  AbSummary summary;
  summary.metrics = decoded_items(root.items_of("metrics"), ab_metric_of);
  summary.warnings = decoded_items(root.items_of("warnings"), &SummaryField::text);
  summary.summary = root.text_or("summary", "");
  summary.threshold_pct = root.number_or("threshold_pct", 1);
  if (const std::optional<SummaryField> design = root.find("ab")) {
    summary.spec = summary_text(*design, "spec");
    summary.a_options = summary_text(*design, "a_options");
    summary.b_options = summary_text(*design, "b_options");
    summary.setup_a = summary_text(*design, "setup_a");
    summary.setup_b = summary_text(*design, "setup_b");
    summary.restore = summary_text(*design, "restore");
    summary.pairs = optional_count(*design, "pairs");
    summary.warmups_per_arm = optional_count(*design, "warmups_per_arm");
    summary.seed = optional_count(*design, "seed");
    summary.seed_hex = summary_text(*design, "seed_hex");
  }
  return summary;
}

}  // namespace clonebench
