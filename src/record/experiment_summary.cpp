#include "record/experiment_summary.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

#include "core/text_safety.hpp"
#include "record/hvo_key_summary.hpp"

namespace clonebench {
namespace {

// A field of the stored document and its path from the summary's root, so that every error
// names it: "fits[0].per_page_ns.ci".
class Field {
 public:
  Field(const nlohmann::json& json, std::string path) : json_(json), path_(std::move(path)) {}

  [[noreturn]] void fail(std::string_view problem) const {
    throw SummaryError(path_.empty() ? "the summary" : path_, std::string(problem));
  }
  Field at(const char* key) const {
    const auto found = object().find(key);
    if (found == json_.end()) {
      Field(json_, child(key)).fail("missing");
    }
    return Field(*found, child(key));
  }
  // The member `key` unless it is absent or null.
  std::optional<Field> find(const char* key) const {
    const auto found = object().find(key);
    if (found == json_.end() || found->is_null()) {
      return std::nullopt;
    }
    return Field(*found, child(key));
  }
  std::vector<Field> items() const {
    if (!json_.is_array()) {
      fail("expected an array");
    }
    std::vector<Field> fields;
    for (std::size_t i = 0; i < json_.size(); ++i) {
      fields.emplace_back(json_[i], fmt::format("{}[{}]", path_, i));
    }
    return fields;
  }
  // The items of array member `key`; none when it is absent.
  std::vector<Field> items_of(const char* key) const {
    const std::optional<Field> array = find(key);
    return array ? array->items() : std::vector<Field>();
  }
  double number() const {
    if (!json_.is_number() || !std::isfinite(json_.get<double>())) {
      fail("expected a finite number");
    }
    return json_.get<double>();
  }
  std::uint64_t count() const {
    if (!json_.is_number_unsigned() &&
        !(json_.is_number_integer() && json_.get<std::int64_t>() >= 0)) {
      fail("expected a whole number ≥ 0");
    }
    return json_.get<std::uint64_t>();
  }
  std::uint32_t count32() const {
    const std::uint64_t value = count();
    if (value > std::numeric_limits<std::uint32_t>::max()) {
      fail("too large");
    }
    return static_cast<std::uint32_t>(value);
  }
  std::string text() const {
    if (!json_.is_string()) {
      fail("expected a string");
    }
    return json_.get<std::string>();
  }
  bool is_null() const { return json_.is_null(); }
  bool boolean() const {
    if (!json_.is_boolean()) {
      fail("expected true or false");
    }
    return json_.get<bool>();
  }
  std::optional<double> optional_number(const char* key) const {
    const std::optional<Field> field = find(key);
    return field ? std::optional<double>(field->number()) : std::nullopt;
  }
  double number_or(const char* key, double fallback) const {
    return optional_number(key).value_or(fallback);
  }
  std::uint64_t count_or(const char* key, std::uint64_t fallback) const {
    const std::optional<Field> field = find(key);
    return field ? field->count() : fallback;
  }
  std::string text_or(const char* key, const std::string& fallback) const {
    const std::optional<Field> field = find(key);
    return field ? field->text() : fallback;
  }

 private:
  const nlohmann::json& object() const {
    if (!json_.is_object()) {
      fail("expected an object");
    }
    return json_;
  }
  std::string child(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

  const nlohmann::json& json_;
  std::string path_;
};

// [lo, hi]: exactly two entries, each a finite number, or null where `nulls` allows it.
SummaryInterval interval_of(const Field& field, bool nulls) {
  const std::vector<Field> ends = field.items();
  if (ends.size() != 2) {
    field.fail(fmt::format("expected [lo, hi], found {} entries", ends.size()));
  }
  SummaryInterval interval;
  std::optional<double>* out[] = {&interval.lo, &interval.hi};
  for (std::size_t i = 0; i < 2; ++i) {
    if (nulls && ends[i].is_null()) {
      continue;
    }
    *out[i] = ends[i].number();
  }
  return interval;
}

SweepEstimate sweep_estimate_of(const Field& field) {
  const SummaryInterval ci = interval_of(field.at("ci"), false);
  return {field.number_or("estimate", 0), *ci.lo, *ci.hi};
}

SweepFit sweep_fit_of(const Field& field) {
  SweepFit fit;
  const Field phase = field.at("phase");
  fit.phase = phase.text();
  if (std::none_of(std::begin(kSweepPhases), std::end(kSweepPhases),
                   [&](const char* name) { return fit.phase == name; })) {
    phase.fail(fmt::format("'{}' is not a sweep phase (create, reap, total)",
                           printable(fit.phase.substr(0, 40))));
  }
  fit.per_page_ns = sweep_estimate_of(field.at("per_page_ns"));
  fit.fixed_us = sweep_estimate_of(field.at("fixed_us"));
  fit.r2 = field.number_or("r2", 0);
  fit.n = field.count_or("n", 0);
  if (const std::optional<Field> bad = field.find("bad_fit")) {
    fit.bad_fit = bad->boolean();
  }
  if (const std::optional<Field> flags = field.find("flags")) {
    for (const Field& flag : flags->items()) {
      fit.flags.push_back(flag.text());
    }
  }
  return fit;
}

StoredSweepPoint sweep_point_of(const Field& field) {
  StoredSweepPoint point;
  point.rss_bytes = field.count_or("rss_bytes", 0);
  point.vmas = field.count_or("vmas", 1);
  if (const std::optional<Field> folio = field.find("folio")) {
    point.folio_bytes = folio->count_or("requested_bytes", 0);
  }
  point.pages = field.number_or("pages", 0);
  point.anon_huge_kb = field.number_or("anon_huge_kb", 0);
  point.create_us = field.number_or("create_us", 0);
  point.reap_us = field.number_or("reap_us", 0);
  point.total_us = field.number_or("total_us", 0);
  field.optional_number("entries_copied");
  for (const Field& run : field.items_of("runs")) {
    point.runs.push_back({run.optional_number("pages"), run.optional_number("create_us"),
                          run.optional_number("reap_us"), run.optional_number("total_us")});
  }
  return point;
}

bool is_one_of(const std::string& name, const auto& names) {
  return std::any_of(std::begin(names), std::end(names),
                     [&](const char* known) { return name == known; });
}

std::string known_name(const Field& field, const auto& names, const char* what) {
  std::string name = field.text();
  if (!is_one_of(name, names)) {
    field.fail(fmt::format("'{}' is not a {}", printable(name.substr(0, 40)), what));
  }
  return name;
}

SweepPhaseModel sweep_phase_model_of(const Field& field) {
  SweepPhaseModel model;
  model.phase = known_name(field.at("phase"), kSweepPhases, "sweep phase (create, reap, total)");
  for (const Field& term : field.at("coefficients").items()) {
    const SummaryInterval ci = interval_of(term.at("ci"), false);
    model.terms.push_back({known_name(term.at("term"), kSweepModelTerms, "cost model term"),
                           term.at("estimate").number(), *ci.lo, *ci.hi});
  }
  const Field covariance = field.at("covariance");
  for (const Field& row : covariance.items()) {
    model.covariance.emplace_back();
    for (const Field& value : row.items()) {
      model.covariance.back().push_back(value.number());
    }
    if (model.covariance.back().size() != model.terms.size()) {
      row.fail("expected one entry per coefficient");
    }
  }
  if (model.terms.empty() || model.terms.front().term != "fixed_ns" ||
      model.covariance.size() != model.terms.size()) {
    covariance.fail("expected a square matrix over the coefficients, fixed_ns first");
  }
  for (const Field& flag : field.items_of("flags")) {
    model.flags.push_back(flag.text());
  }
  model.n = field.count_or("n", 0);
  model.points = field.count_or("points", 0);
  return model;
}

std::vector<std::uint64_t> counts_of(const Field& object, const char* key) {
  std::vector<std::uint64_t> counts;
  for (const Field& item : object.items_of(key)) {
    counts.push_back(item.count());
  }
  return counts;
}

ScaleSummaryEstimate scale_estimate_of(const Field& field) {
  ScaleSummaryEstimate estimate;
  estimate.median = field.number_or("median", 0);
  if (const std::optional<Field> ci = field.find("ci")) {
    estimate.ci = interval_of(*ci, false);
  }
  return estimate;
}

AbSummarySide ab_side_of(const Field& field) {
  return {field.number_or("median", 0), field.number_or("cv_pct", 0), field.count_or("n", 0)};
}

AbSummaryMetric ab_metric_of(const Field& field) {
  AbSummaryMetric metric;
  metric.name = field.text_or("name", "");
  metric.sentence = field.text_or("sentence", "");
  metric.a = ab_side_of(field.at("a"));
  metric.b = ab_side_of(field.at("b"));
  const Field effect = field.at("effect");
  metric.verdict = effect.text_or("verdict", "");
  metric.estimate_pct = effect.number_or("estimate_pct", 0);
  metric.p_holm = effect.number_or("p_holm", 1);
  metric.ci_pct = interval_of(effect.at("ci_pct"), true);
  metric.mde_pct = effect.optional_number("mde_pct");
  metric.runs_needed = effect.count_or("runs_needed", 0);
  return metric;
}

std::optional<std::string> optional_text(const Field& object, const char* key) {
  const std::optional<Field> field = object.find(key);
  return field ? std::optional<std::string>(field->text()) : std::nullopt;
}

}  // namespace

std::optional<double> StoredSweepRun::cost_us(const std::string& phase) const {
  return phase == "create" ? create_us : phase == "reap" ? reap_us : total_us;
}

const SweepModelTerm* SweepPhaseModel::term(const std::string& name) const {
  const auto found = std::find_if(terms.begin(), terms.end(),
                                  [&](const SweepModelTerm& t) { return t.term == name; });
  return found == terms.end() ? nullptr : &*found;
}

SweepModelPrediction SweepPhaseModel::predict(const SweepShape& shape) const {
  // z of a two-sided 95 % normal interval: the model's own (docs/sweep.md, "The cost model").
  constexpr double kNormalQuantile975 = 1.959963984540054;
  std::vector<double> row;
  SweepModelPrediction prediction;
  for (const SweepModelTerm& t : terms) {
    row.push_back(t.term == "per_page_ns"    ? shape.pages
                  : t.term == "per_vma_ns"   ? shape.vmas
                  : t.term == "per_folio_ns" ? shape.folios
                                             : 1.0);
    prediction.estimate_ns += t.estimate * row.back();
  }
  double variance = 0;
  for (std::size_t j = 0; j < row.size() && j < covariance.size(); ++j) {
    for (std::size_t k = 0; k < row.size() && k < covariance[j].size(); ++k) {
      variance += row[j] * covariance[j][k] * row[k];
    }
  }
  const double half = kNormalQuantile975 * std::sqrt(std::max(variance, 0.0));
  prediction.lo_ns = prediction.estimate_ns - half;
  prediction.hi_ns = prediction.estimate_ns + half;
  return prediction;
}

SweepSummary sweep_summary_from_json(const nlohmann::json& json) {
  const Field root(json, "");
  SweepSummary summary;
  for (const Field& point : root.items_of("points")) {
    summary.points.push_back(sweep_point_of(point));
  }
  for (const Field& fit : root.items_of("fits")) {
    summary.fits.push_back(sweep_fit_of(fit));
  }
  optional_text(root, "stressor");
  summary.rss_kind = optional_text(root, "rss_kind").value_or("anon");
  summary.vmas_list = counts_of(root, "vmas_list");
  summary.folio_list = counts_of(root, "folio_list");
  if (const std::optional<Field> model = root.find("model")) {
    summary.model = SweepModel{model->at("estimator").text(), {}};
    for (const Field& phase : model->at("phases").items()) {
      summary.model->phases.push_back(sweep_phase_model_of(phase));
    }
  }
  summary.model_note = optional_text(root, "model_note");
  return summary;
}

ScaleSummary scale_summary_from_json(const nlohmann::json& json) {
  const Field root(json, "");
  ScaleSummary summary;
  summary.confidence = root.optional_number("confidence");
  for (const Field& point : root.items_of("points")) {
    summary.points.push_back({point.at("instances").count32(), point.count_or("n", 0),
                              scale_estimate_of(point.at("ops_per_s")),
                              scale_estimate_of(point.at("efficiency"))});
  }
  for (const Field& step : root.items_of("steps")) {
    summary.steps.push_back(
        {step.at("from").count32(), step.at("to").count32(), step.at("verdict").text()});
  }
  if (const std::optional<Field> knee = root.find("knee")) {
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
    optional_text(root, key);
  }
  return summary;
}

AbSummary ab_summary_from_json(const nlohmann::json& json) {
  const Field root(json, "");
  AbSummary summary;
  for (const Field& metric : root.items_of("metrics")) {
    summary.metrics.push_back(ab_metric_of(metric));
  }
  for (const Field& warning : root.items_of("warnings")) {
    summary.warnings.push_back(warning.text());
  }
  summary.summary = root.text_or("summary", "");
  summary.threshold_pct = root.number_or("threshold_pct", 1);
  if (const std::optional<Field> design = root.find("ab")) {
    summary.setup_a = optional_text(*design, "setup_a");
    summary.setup_b = optional_text(*design, "setup_b");
    summary.restore = optional_text(*design, "restore");
    for (const char* key : {"spec", "a_options", "b_options"}) {
      optional_text(*design, key);
    }
  }
  return summary;
}

void check_experiment_summary(const std::string& kind, const nlohmann::json& summary) {
  if (kind == "sweep") {
    sweep_summary_from_json(summary);
  } else if (kind == "scale") {
    scale_summary_from_json(summary);
  } else if (kind == "ab") {
    ab_summary_from_json(summary);
  } else if (kind == "hvo-key" && !summary.empty()) {
    hvo_key_summary_from_json(summary);  // an interrupted experiment stores {}
  }
}

}  // namespace clonebench
