#include "record/sweep_summary.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/text_safety.hpp"

namespace clonebench {
namespace {

SweepEstimate sweep_estimate_of(const SummaryField& field) {
  const SummaryInterval ci = summary_interval(field.at("ci"), false);
  return {field.number_or("estimate", 0), *ci.lo, *ci.hi};
}

SweepFit sweep_fit_of(const SummaryField& field) {
  SweepFit fit;
  const SummaryField phase = field.at("phase");
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
  if (const std::optional<SummaryField> bad = field.find("bad_fit")) {
    fit.bad_fit = bad->boolean();
  }
  if (const std::optional<SummaryField> flags = field.find("flags")) {
    for (const SummaryField& flag : flags->items()) {
      fit.flags.push_back(flag.text());
    }
  }
  return fit;
}

StoredSweepPoint sweep_point_of(const SummaryField& field) {
  StoredSweepPoint point;
  point.rss_bytes = field.count_or("rss_bytes", 0);
  point.vmas = field.count_or("vmas", 1);
  if (const std::optional<SummaryField> folio = field.find("folio")) {
    point.folio_bytes = folio->count_or("requested_bytes", 0);
  }
  point.pages = field.number_or("pages", 0);
  point.anon_huge_kb = field.number_or("anon_huge_kb", 0);
  point.create_us = field.number_or("create_us", 0);
  point.reap_us = field.number_or("reap_us", 0);
  point.total_us = field.number_or("total_us", 0);
  field.optional_number("entries_copied");
  for (const SummaryField& run : field.items_of("runs")) {
    point.runs.push_back({run.optional_number("pages"), run.optional_number("create_us"),
                          run.optional_number("reap_us"), run.optional_number("total_us")});
  }
  return point;
}

SweepPhaseModel sweep_phase_model_of(const SummaryField& field) {
  SweepPhaseModel model;
  model.phase =
      summary_known_name(field.at("phase"), kSweepPhases, "sweep phase (create, reap, total)");
  for (const SummaryField& term : field.at("coefficients").items()) {
    const SummaryInterval ci = summary_interval(term.at("ci"), false);
    model.terms.push_back({summary_known_name(term.at("term"), kSweepModelTerms, "cost model term"),
                           term.at("estimate").number(), *ci.lo, *ci.hi});
  }
  const SummaryField covariance = field.at("covariance");
  for (const SummaryField& row : covariance.items()) {
    model.covariance.emplace_back();
    for (const SummaryField& value : row.items()) {
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
  for (const SummaryField& flag : field.items_of("flags")) {
    model.flags.push_back(flag.text());
  }
  model.n = field.count_or("n", 0);
  model.points = field.count_or("points", 0);
  return model;
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
  const SummaryField root(json, "");
  SweepSummary summary;
  for (const SummaryField& point : root.items_of("points")) {
    summary.points.push_back(sweep_point_of(point));
  }
  for (const SummaryField& fit : root.items_of("fits")) {
    summary.fits.push_back(sweep_fit_of(fit));
  }
  summary_text(root, "stressor");
  summary.rss_kind = summary_text(root, "rss_kind").value_or("anon");
  summary.vmas_list = summary_counts(root, "vmas_list");
  summary.folio_list = summary_counts(root, "folio_list");
  if (const std::optional<SummaryField> model = root.find("model")) {
    summary.model = SweepModel{model->at("estimator").text(), {}};
    for (const SummaryField& phase : model->at("phases").items()) {
      summary.model->phases.push_back(sweep_phase_model_of(phase));
    }
  }
  summary.model_note = summary_text(root, "model_note");
  return summary;
}

}  // namespace clonebench
