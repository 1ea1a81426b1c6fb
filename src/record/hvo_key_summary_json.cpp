// The one JSON codec of the stored hvo-key summary (hvo_key_summary.hpp).
#include "record/hvo_key_summary_json.hpp"

#include "record/json_array.hpp"

namespace clonebench {
namespace {

nlohmann::json effect_json(const HvoKeyEffect& effect) {
  return {{"metric", effect.metric},
          {"verdict", effect.verdict},
          {"estimate_pct", effect.estimate_pct},
          {"ci_pct", summary_interval_json<nlohmann::json>(effect.ci_pct)},
          {"p", effect.p},
          {"pairs", effect.pairs}};
}

// Every field of the hvo-key summary is required (it has had one form since it was first stored).
HvoKeyEffect effect_of(const SummaryField& field) {
  return {field.at("metric").text(),
          field.at("verdict").text(),
          field.at("estimate_pct").number(),
          summary_interval(field.at("ci_pct"), true),
          field.at("p").number(),
          field.at("pairs").count()};
}

}  // namespace

nlohmann::json hvo_key_summary_json(const HvoKeySummary& summary) {
  nlohmann::json per_page = nlohmann::json::array();
  for (const HvoKeySlope& slope : summary.per_page) {
    per_page.push_back({{"name", slope.name},
                        {"estimate_ns", slope.estimate_ns},
                        {"ci_ns", summary_interval_json<nlohmann::json>(slope.ci_ns)},
                        {"rounds", slope.rounds}});
  }
  nlohmann::json discarded = nlohmann::json::array();
  for (const HvoKeyDiscards& discards : summary.discarded) {
    discarded.push_back(
        {{"arm", discards.arm}, {"runs", discards.runs}, {"last_reason", discards.last_reason}});
  }
  return {{"spec", summary.spec},
          {"small_rss_bytes", summary.small_rss_bytes},
          {"large_rss_bytes", summary.large_rss_bytes},
          {"hugetlb_pages", summary.hugetlb_pages},
          {"hugetlb_page_kb", summary.hugetlb_page_kb},
          {"key", effect_json(summary.key)},
          {"control", effect_json(summary.control)},
          {"attribution", summary.attribution},
          {"per_page", per_page},
          {"discarded", discarded},
          {"rounds", summary.rounds},
          {"stop_reason", summary.stop_reason},
          {"elapsed_s", summary.elapsed_s},
          {"seed", summary.seed},
          {"warnings", summary.warnings}};
}

HvoKeySummary hvo_key_summary_from_json(const nlohmann::json& json) {
  const SummaryField root(json, "");
  HvoKeySummary summary;
  summary.spec = root.at("spec").text();
  summary.small_rss_bytes = root.at("small_rss_bytes").count();
  summary.large_rss_bytes = root.at("large_rss_bytes").count();
  summary.hugetlb_pages = root.at("hugetlb_pages").count();
  summary.hugetlb_page_kb = root.at("hugetlb_page_kb").count();
  summary.key = effect_of(root.at("key"));
  summary.control = effect_of(root.at("control"));
  summary.attribution = root.at("attribution").text();
  for (const SummaryField& slope : root.at("per_page").items()) {
    summary.per_page.push_back({slope.at("name").text(), slope.at("estimate_ns").number(),
                                summary_interval(slope.at("ci_ns"), true),
                                slope.at("rounds").count()});
  }
  for (const SummaryField& discards : root.at("discarded").items()) {
    summary.discarded.push_back({discards.at("arm").text(), discards.at("runs").count(),
                                 discards.at("last_reason").text()});
  }
  summary.rounds = root.at("rounds").count();
  summary.stop_reason = root.at("stop_reason").text();
  summary.elapsed_s = root.at("elapsed_s").number();
  summary.seed = root.at("seed").count();
  summary.warnings = decoded_items(root.at("warnings").items(), &SummaryField::text);
  return summary;
}

nlohmann::json hvo_key_document_json(const HvoKeySummary& summary,
                                     const std::optional<std::string>& experiment) {
  nlohmann::json document = {{"format", "clonebench-hvo-key/1"},
                             {"summary", hvo_key_summary_json(summary)}};
  document["experiment"] = experiment ? nlohmann::json(*experiment) : nlohmann::json(nullptr);
  return document;
}

}  // namespace clonebench
