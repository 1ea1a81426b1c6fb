#include "record/sweep_summary_json.hpp"

#include "record/json_array.hpp"
#include "record/profile_json.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

using nlohmann::json;

json optional_json(const auto& value) {
  return value ? json(*value) : json(nullptr);
}

std::uint32_t count32_or(const SummaryField& object, const char* key, std::uint32_t fallback) {
  const std::optional<SummaryField> field = object.find(key);
  return field ? field->count32() : fallback;
}

// ---- the encoder

json estimate_to_json(const SweepEstimate& estimate) {
  return {{"estimate", estimate.estimate}, {"ci", {estimate.lo, estimate.hi}}};
}

json fit_to_json(const SweepFit& fit) {
  return {{"phase", fit.phase},
          {"per_page_ns", estimate_to_json(fit.per_page_ns)},
          {"fixed_us", estimate_to_json(fit.fixed_us)},
          {"r2", fit.r2},
          {"r2_runs", fit.r2_runs},
          {"n", fit.n},
          {"bad_fit", fit.bad_fit},
          {"flags", fit.flags}};
}

json run_to_json(const StoredSweepRun& run) {
  json out = {{"round", run.round},
              {"order", run.order},
              {"bogo_ops", run.bogo_ops},
              {"region_rss_kb", run.region_rss_kb},
              {"region_anonymous_kb", run.region_anonymous_kb},
              {"anon_huge_kb", run.anon_huge_kb},
              {"vma_count", run.vma_count}};
  const std::pair<const char*, const std::optional<double>*> costs[] = {
      {"pages", &run.pages},
      {"create_us", &run.create_us},
      {"reap_us", &run.reap_us},
      {"total_us", &run.total_us}};
  for (const auto& [key, value] : costs) {
    if (*value) {
      out[key] = **value;
    }
  }
  return out;
}

json folio_to_json(const FolioObtained& folio) {
  return {{"requested_bytes", folio.requested_bytes},
          {"samples", folio.samples},
          {"dominant_bytes", folio.dominant_bytes},
          {"share_requested", folio.share_requested},
          {"materialised", optional_json(folio.materialised)}};
}

json point_to_json(const StoredSweepPoint& point) {
  const json runs = json_array(point.runs, run_to_json);
  json out = {{"rss_bytes", point.rss_bytes},
              {"vmas", point.vmas},
              {"pages", point.pages},
              {"entries_copied", point.entries_copied},
              {"anon_huge_kb", point.anon_huge_kb},
              {"create_us", point.create_us},
              {"reap_us", point.reap_us},
              {"total_us", point.total_us},
              {"runs", runs}};
  if (point.folio) {
    out["folio"] = folio_to_json(*point.folio);
  }
  return out;
}

json phase_model_to_json(const SweepPhaseModel& phase) {
  json coefficients = json::array();
  for (const SweepModelTerm& coefficient : phase.coefficients) {
    coefficients.push_back({{"term", coefficient.term},
                            {"estimate", coefficient.estimate},
                            {"ci", {coefficient.lo, coefficient.hi}}});
  }
  json misfits = json::array();
  for (const SweepPointMisfit& misfit : phase.misfits) {
    misfits.push_back({{"point", misfit.point},
                       {"predicted_ns", misfit.predicted_ns},
                       {"median_residual_ns", misfit.median_residual_ns},
                       {"standard_error_ns", misfit.standard_error_ns}});
  }
  return {{"phase", phase.phase},
          {"coefficients", coefficients},
          {"covariance", phase.covariance},
          {"residual_scale_ns", phase.residual_scale_ns},
          {"residual_quantiles_ns", {phase.residual_lo_ns, phase.residual_hi_ns}},
          {"n", phase.n},
          {"points", phase.points},
          {"bootstrap", phase.bootstrap},
          {"flags", phase.flags},
          {"misfits", misfits},
          {"x_min", phase.x_min},
          {"x_max", phase.x_max}};
}

json stop_to_json(const StoredSweepStop& stop) {
  return {{"reason", stop.reason},
          {"precision_pct", optional_json(stop.precision_pct)},
          {"max_time_s", optional_json(stop.max_time_s)},
          {"rounds_cap", optional_json(stop.rounds_cap)},
          {"per_page_half_width_pct", optional_json(stop.per_page_half_width_pct)}};
}

// ---- the checked decoder

SweepEstimate estimate_of(const SummaryField& field) {
  const SummaryInterval ci = summary_interval(field.at("ci"), false);
  return {field.number_or("estimate", 0), *ci.lo, *ci.hi};
}

SweepFit fit_of(const SummaryField& field) {
  SweepFit fit;
  fit.phase =
      summary_known_name(field.at("phase"), kSweepPhases, "sweep phase (create, reap, total)");
  fit.per_page_ns = estimate_of(field.at("per_page_ns"));
  fit.fixed_us = estimate_of(field.at("fixed_us"));
  fit.r2 = field.number_or("r2", 0);
  fit.r2_runs = field.number_or("r2_runs", 0);
  fit.n = field.count_or("n", 0);
  if (const std::optional<SummaryField> bad = field.find("bad_fit")) {
    fit.bad_fit = bad->boolean();
  }
  fit.flags = decoded_items(field.items_of("flags"), &SummaryField::text);
  return fit;
}

StoredSweepRun run_of(const SummaryField& field) {
  StoredSweepRun run;
  run.round = count32_or(field, "round", 0);
  run.order = count32_or(field, "order", 0);
  run.pages = field.optional_number("pages");
  run.create_us = field.optional_number("create_us");
  run.reap_us = field.optional_number("reap_us");
  run.total_us = field.optional_number("total_us");
  run.bogo_ops = field.count_or("bogo_ops", 0);
  run.region_rss_kb = field.count_or("region_rss_kb", 0);
  run.region_anonymous_kb = field.count_or("region_anonymous_kb", 0);
  run.anon_huge_kb = field.count_or("anon_huge_kb", 0);
  run.vma_count = field.count_or("vma_count", 0);
  return run;
}

FolioObtained folio_of(const SummaryField& field) {
  FolioObtained folio;
  folio.requested_bytes = field.count_or("requested_bytes", 0);
  folio.samples = field.count_or("samples", 0);
  folio.dominant_bytes = field.count_or("dominant_bytes", 0);
  folio.share_requested = field.number_or("share_requested", 0);
  if (const std::optional<SummaryField> materialised = field.find("materialised")) {
    folio.materialised = materialised->boolean();
  }
  return folio;
}

StoredSweepPoint point_of(const SummaryField& field) {
  StoredSweepPoint point;
  point.rss_bytes = field.count_or("rss_bytes", 0);
  point.vmas = field.count_or("vmas", 1);
  point.pages = field.number_or("pages", 0);
  point.entries_copied = field.number_or("entries_copied", 0);
  point.anon_huge_kb = field.number_or("anon_huge_kb", 0);
  point.create_us = field.number_or("create_us", 0);
  point.reap_us = field.number_or("reap_us", 0);
  point.total_us = field.number_or("total_us", 0);
  if (const std::optional<SummaryField> folio = field.find("folio")) {
    point.folio = folio_of(*folio);
  }
  point.runs = decoded_items(field.items_of("runs"), run_of);
  return point;
}

std::vector<double> numbers_of(const SummaryField& array) {
  return decoded_items(array.items(), &SummaryField::number);
}

// The coefficients, fixed_ns first, and their square covariance.
void coefficients_of(const SummaryField& field, SweepPhaseModel& model) {
  for (const SummaryField& term : field.at("coefficients").items()) {
    const SummaryInterval ci = summary_interval(term.at("ci"), false);
    model.coefficients.push_back(
        {summary_known_name(term.at("term"), kSweepModelTerms, "cost model term"),
         term.at("estimate").number(), *ci.lo, *ci.hi});
  }
  const SummaryField covariance = field.at("covariance");
  for (const SummaryField& row : covariance.items()) {
    model.covariance.push_back(numbers_of(row));
    if (model.covariance.back().size() != model.coefficients.size()) {
      row.fail("expected one entry per coefficient");
    }
  }
  if (model.coefficients.empty() || model.coefficients.front().term != "fixed_ns" ||
      model.covariance.size() != model.coefficients.size()) {
    covariance.fail("expected a square matrix over the coefficients, fixed_ns first");
  }
}

SweepPhaseModel phase_model_of(const SummaryField& field) {
  SweepPhaseModel model;
  model.phase =
      summary_known_name(field.at("phase"), kSweepPhases, "sweep phase (create, reap, total)");
  coefficients_of(field, model);
  model.residual_scale_ns = field.at("residual_scale_ns").number();
  const SummaryInterval quantiles = summary_interval(field.at("residual_quantiles_ns"), false);
  model.residual_lo_ns = *quantiles.lo;
  model.residual_hi_ns = *quantiles.hi;
  model.n = field.at("n").count();
  model.points = field.at("points").count();
  model.bootstrap = field.at("bootstrap").count32();
  model.flags = decoded_items(field.at("flags").items(), &SummaryField::text);
  for (const SummaryField& misfit : field.at("misfits").items()) {
    model.misfits.push_back({misfit.at("point").count(), misfit.at("predicted_ns").number(),
                             misfit.at("median_residual_ns").number(),
                             misfit.at("standard_error_ns").number()});
  }
  const SummaryField x_min = field.at("x_min"), x_max = field.at("x_max");
  model.x_min = numbers_of(x_min);
  model.x_max = numbers_of(x_max);
  for (const auto& [span, values] : {std::pair{&x_min, &model.x_min}, {&x_max, &model.x_max}}) {
    if (values->size() + 1 != model.coefficients.size()) {
      span->fail("expected one entry per coefficient but fixed_ns");
    }
  }
  return model;
}

SweepModel model_of(const SummaryField& field) {
  SweepModel model{field.at("estimator").text(), {}};
  model.phases = decoded_items(field.at("phases").items(), phase_model_of);
  return model;
}

StoredSweepStop stop_of(const SummaryField& field) {
  StoredSweepStop stop;
  stop.reason = summary_known_name(field.at("reason"), kSweepStopReasons,
                                   "reason a sweep stops (rounds, precision, max-time)");
  stop.precision_pct = field.optional_number("precision_pct");
  stop.max_time_s = field.optional_number("max_time_s");
  if (const std::optional<SummaryField> cap = field.find("rounds_cap")) {
    stop.rounds_cap = cap->count32();
  }
  stop.per_page_half_width_pct = field.optional_number("per_page_half_width_pct");
  return stop;
}

void settings_of(const SummaryField& root, SweepSummary& summary) {
  summary.stressor = root.text_or("stressor", "");
  summary.rss_kind = root.text_or("rss_kind", "anon");
  summary.vmas = root.count_or("vmas", 1);
  summary.vmas_list = summary_counts(root, "vmas_list");
  summary.folio_list = summary_counts(root, "folio_list");
  summary.rounds = count32_or(root, "rounds", 0);
  summary.instances = count32_or(root, "instances", 0);
  summary.timeout_per_point_s = root.number_or("timeout_per_point_s", 0);
  summary.seed = root.count_or("seed", 0);
  summary.elapsed_s = root.number_or("elapsed_s", 0);
  summary.x = root.text_or("x", "");
  summary.total_definition = root.text_or("total_definition", "");
  summary.estimator = root.text_or("estimator", "");
}

}  // namespace

json sweep_model_to_json(const SweepModel& model) {
  const json phases = json_array(model.phases, phase_model_to_json);
  return {{"estimator", model.estimator}, {"phases", phases}};
}

SweepModel sweep_model_from_json(const json& model) {
  return model_of(SummaryField(model, ""));
}

json sweep_summary_to_json(const SweepSummary& summary) {
  const json points = json_array(summary.points, point_to_json);
  const json fits = json_array(summary.fits, fit_to_json);
  json out = {{"stressor", summary.stressor},
              {"rss_kind", summary.rss_kind},
              {"vmas", summary.vmas},
              {"vmas_list", summary.vmas_list},
              {"folio_list", summary.folio_list},
              {"rounds", summary.rounds},
              {"instances", summary.instances},
              {"timeout_per_point_s", summary.timeout_per_point_s},
              {"seed", summary.seed},
              {"elapsed_s", summary.elapsed_s},
              {"x", summary.x},
              {"total_definition", summary.total_definition},
              {"estimator", summary.estimator},
              {"points", points},
              {"fits", fits}};
  if (summary.model) {
    out["model"] = sweep_model_to_json(*summary.model);
  }
  if (summary.model_note) {
    out["model_note"] = *summary.model_note;
  }
  if (summary.stop) {
    out["stop"] = stop_to_json(*summary.stop);
  }
  return out;
}

SweepSummary sweep_summary_from_json(const json& json) {
  const SummaryField root(json, "");
  SweepSummary summary;
  settings_of(root, summary);
  summary.points = decoded_items(root.items_of("points"), point_of);
  summary.fits = decoded_items(root.items_of("fits"), fit_of);
  if (const std::optional<SummaryField> model = root.find("model")) {
    summary.model = model_of(*model);
  }
  summary.model_note = summary_text(root, "model_note");
  if (const std::optional<SummaryField> stop = root.find("stop")) {
    summary.stop = stop_of(*stop);
  }
  return summary;
}

nlohmann::json sweep_document_to_json(const nlohmann::json& environment,
                                      const SweepSummary& summary,
                                      const std::vector<LabelledProfile>& profiles) {
  nlohmann::json document = {{"schema", "clonebench/1"},
                             {"environment", environment},
                             {"sweep", sweep_summary_to_json(summary)}};
  if (!profiles.empty()) {
    document["profiles"] = labelled_profiles_to_json(profiles);
  }
  return document;
}

}  // namespace clonebench
