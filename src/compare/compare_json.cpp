#include "compare/compare_json.hpp"

#include <cmath>

#include "compare/renderers.hpp"
#include "compare/wording.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// JSON has no infinity: an unbounded CI end is null.
nlohmann::ordered_json number(double value) {
  return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json side_json(const SideSummary& side) {
  return {{"n", side.n},
          {"median", side.median},
          {"median_ci", {number(side.median_ci.lo), number(side.median_ci.hi)}},
          {"mean", side.mean},
          {"cv_pct", side.cv * 100},
          {"robust_cv_pct", side.robust_cv * 100},
          {"outliers",
           {{"low_severe", side.outliers.low_severe},
            {"low_mild", side.outliers.low_mild},
            {"high_mild", side.outliers.high_mild},
            {"high_severe", side.outliers.high_severe}}},
          {"drift", {{"rho", side.drift.rho}, {"p", side.drift.p}}}};
}

nlohmann::ordered_json effect_json(const MetricComparison& metric, bool paired) {
  const Effect& e = metric.effect;
  return {{"estimator", paired ? "hodges-lehmann-log-paired" : "hodges-lehmann-log"},
          {"test", paired ? "wilcoxon-signed-rank" : "mann-whitney-u"},
          {"exact", e.exact},
          {"estimate_pct", e.estimate_pct},
          {"ci_pct", {number(e.ci_low_pct), number(e.ci_high_pct)}},
          {"ci90_pct", {number(e.ci90_low_pct), number(e.ci90_high_pct)}},
          {"p", e.p},
          {"p_holm", e.p_holm},
          {"verdict", metric_verdict_word(metric, e.verdict)},
          {"enough_samples", e.enough_samples},
          {"runs_needed", e.runs_needed},
          {"mde_pct", number(e.mde_pct)}};
}

const char* design_name(BootDesign design) {
  switch (design) {
    case BootDesign::kBootLevel:
      return "boot-level";
    case BootDesign::kSameBoot:
      return "same-boot";
    case BootDesign::kOneBootPerSide:
      return "one-boot-per-side";
  }
  return "";
}

nlohmann::ordered_json spread_json(const BootSpread& spread) {
  const auto pct = [](double sd_log) { return number(std::expm1(sd_log) * 100); };
  return {{"boots", spread.boots},
          {"runs", spread.runs},
          {"within_boot_sd_pct", pct(spread.within_sd_log)},
          {"between_boot_sd_pct", pct(spread.between_sd_log)},
          {"between_boot_above_noise", std::isfinite(spread.between_sd_log)
                                           ? nlohmann::ordered_json(!spread.between_within_noise)
                                           : nlohmann::ordered_json(nullptr)}};
}

nlohmann::ordered_json boots_json(const MetricComparison& metric) {
  const BootAnalysis& boots = *metric.boots;
  nlohmann::ordered_json json = {
      {"design", design_name(boots.design)},
      {"units", boots.design == BootDesign::kBootLevel ? "boots" : "runs"},
      {"a", spread_json(boots.a)},
      {"b", spread_json(boots.b)},
      {"verdict_shown", verdict_text(metric)},
      {"boots_needed_per_side", boots.boots_needed ? nlohmann::ordered_json(*boots.boots_needed)
                                                   : nlohmann::ordered_json(nullptr)},
      {"spread_source", boots.spread_source}};
  if (boots.design == BootDesign::kOneBootPerSide) {
    json["run_level_verdict"] = metric_verdict_word(metric, boots.run_level_verdict);
    json["assumed_no_boot_effect"] = boots.assumed_no_boot_effect;
  }
  return json;
}

// In the order of the keys' names, as the untyped object this replaced wrote them.
void add_source_json(const std::optional<SideSource>& known, nlohmann::ordered_json& side) {
  if (!known) {
    return;
  }
  const SideSource& source = *known;
  if (source.arm) {
    side["arm"] = *source.arm;
  }
  side["format"] = source.format;
  if (source.arm_options) {
    side["options"] = *source.arm_options;
  }
  if (!source.run_ids.empty() || source.arm) {
    side["run_ids"] = source.run_ids;
  }
  side["runs"] = source.runs;
}

}  // namespace

nlohmann::ordered_json compare_to_json(const ComparisonResult& report) {
  nlohmann::ordered_json a = {{"name", report.a_name}};
  add_source_json(report.a_source, a);
  nlohmann::ordered_json b = {{"name", report.b_name}};
  add_source_json(report.b_source, b);
  nlohmann::ordered_json metrics = nlohmann::ordered_json::array();
  for (const MetricComparison& metric : report.metrics) {
    nlohmann::ordered_json json = {
        {"name", metric.name},
        {"role", is_primary(metric) ? "primary" : "secondary"},
        {"direction", metric.direction_known ? direction_name(metric.info.direction)
                                             : std::string_view("unknown")},
        {"unit", metric.info.unit},
        {"a", side_json(metric.a)},
        {"b", side_json(metric.b)},
        {"effect", effect_json(metric, report.paired)},
        {"sentence", metric_sentence(metric, report)}};
    if (metric.boots) {
      json["boots"] = boots_json(metric);
    }
    metrics.push_back(std::move(json));
  }
  return nlohmann::ordered_json{{"schema", kCompareSchema},
                                {"design", report.paired ? "paired" : "unpaired"},
                                {"alpha", report.options.alpha},
                                {"threshold_pct", report.options.threshold * 100},
                                {"a", a},
                                {"b", b},
                                {"metrics", metrics},
                                {"warnings", report.warnings},
                                {"summary", summary_sentence(report)}};
}

std::string render_compare_json(const ComparisonResult& report) {
  return dump_json(compare_to_json(report), 2) + "\n";
}

}  // namespace clonebench
