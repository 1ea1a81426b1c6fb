#include "model/model_json.hpp"

namespace clonebench::model {
namespace {

nlohmann::json interval_json(const MedianInterval& interval) {
  return {{"estimate", interval.estimate}, {"ci", {interval.low, interval.high}}};
}

}  // namespace

nlohmann::json model_json(const ModelResult& result, const ModelContext& context) {
  const ModelOptions& options = result.options;
  nlohmann::json variants = nlohmann::json::array();
  nlohmann::json ratios = nlohmann::json::array();
  for (const VariantResult& entry : result.variants) {
    const Variant& v = *entry.variant;
    variants.push_back({{"name", v.name},
                        {"compound_head", head_mode_name(v.head_mode)},
                        {"anon_exclusive", v.anon_post ? "post" : "pre"},
                        {"hvo_key", v.hvo_key},
                        {"return", v.srso_thunk ? "srso-thunk" : "ret"},
                        {"copy_ns_per_pte", interval_json(entry.copy)},
                        {"zap_ns_per_pte", interval_json(entry.zap)}});
    const Comparison ratio = compare_variants(entry, *find_result(result, baseline_of(v)));
    ratios.push_back({{"name", v.name},
                      {"baseline", baseline_of(v).name},
                      {"copy", interval_json(ratio.copy)},
                      {"zap", interval_json(ratio.zap)},
                      {"total", interval_json(ratio.total)}});
  }
  nlohmann::json comparisons = nlohmann::json::array();
  for (const Comparison& comparison : key_comparisons(result)) {
    comparisons.push_back({{"what", comparison_label(comparison)},
                           {"numerator", comparison.numerator->name},
                           {"denominator", comparison.denominator->name},
                           {"copy", interval_json(comparison.copy)},
                           {"zap", interval_json(comparison.zap)},
                           {"total", interval_json(comparison.total)}});
  }
  nlohmann::json model = {{"memory_bytes", options.memory_bytes},
                          {"region_bytes", options.region_bytes},
                          {"ptes", result.nr_ptes},
                          {"layout", layout_name(options.layout)},
                          {"thp_pct", options.large_folio_pct},
                          {"large_folios", result.large_folios},
                          {"hugetlb_folios", options.hugetlb_folios},
                          {"rounds", options.rounds},
                          {"ci_level", kConfidenceLevel},
                          {"ci_coverage", result.coverage},
                          {"ci_method", "median of per-round values, order-statistic interval"},
                          {"elapsed_s", result.elapsed_s},
                          {"variants", variants},
                          {"ratios", ratios},
                          {"comparisons", comparisons}};
  nlohmann::json document = {
      {"schema", "clonebench/1"}, {"model", model}, {"mitigations", context.mitigations}};
  if (context.running) {
    document["running_kernel_world"] = {{"world", context.running->name},
                                        {"basis", context.running->basis}};
  }
  if (context.kernel) {
    nlohmann::json fits = nlohmann::json::array();
    for (const KernelFit& fit : context.kernel->fits) {
      fits.push_back(
          {{"phase", fit.phase},
           {"per_page_ns", {{"estimate", fit.per_page_ns}, {"ci", {fit.low, fit.high}}}}});
    }
    document["kernel"] = {{"experiment", context.kernel->experiment_tag},
                          {"created_at", context.kernel->created_at},
                          {"fits", fits}};
    if (auto overhead = call_overhead_ns(result, machine_uses_srso_thunk(context.mitigations))) {
      document["kernel"]["model_call_overhead_ns"] = {
          {"copy", overhead->copy.estimate},
          {"zap", overhead->zap.estimate},
          {"copy_ci", {overhead->copy.low, overhead->copy.high}},
          {"zap_ci", {overhead->zap.low, overhead->zap.high}}};
    }
  }
  return document;
}

}  // namespace clonebench::model
