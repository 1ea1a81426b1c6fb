#include "record/hvo_key_summary.hpp"

#include <fmt/core.h>

#include <cmath>

namespace clonebench {
namespace {

nlohmann::json interval_json(const SummaryInterval& interval) {
  const auto end = [](const std::optional<double>& value) {
    return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
  };
  return nlohmann::json::array({end(interval.lo), end(interval.hi)});
}

// A checked reader of one object of the stored summary; `path` names it in errors.
class HvoField {
 public:
  HvoField(const nlohmann::json& json, std::string path) : json_(json), path_(std::move(path)) {
    if (!json_.is_object()) {
      throw SummaryError(path_.empty() ? "the summary" : path_, "expected an object");
    }
  }
  const nlohmann::json& raw(const char* key) const {
    const auto found = json_.find(key);
    if (found == json_.end()) {
      throw SummaryError(name(key), "missing");
    }
    return *found;
  }
  std::string text(const char* key) const {
    const nlohmann::json& value = raw(key);
    if (!value.is_string()) {
      throw SummaryError(name(key), "expected a string");
    }
    return value.get<std::string>();
  }
  double number(const char* key) const { return number_of(raw(key), name(key)); }
  std::uint64_t count(const char* key) const {
    const nlohmann::json& value = raw(key);
    if (!value.is_number_unsigned() &&
        !(value.is_number_integer() && value.get<std::int64_t>() >= 0)) {
      throw SummaryError(name(key), "expected a count");
    }
    return value.get<std::uint64_t>();
  }
  SummaryInterval interval(const char* key) const {
    const nlohmann::json& value = raw(key);
    if (!value.is_array() || value.size() != 2) {
      throw SummaryError(name(key), "expected two entries");
    }
    SummaryInterval interval;
    if (!value[0].is_null()) {
      interval.lo = number_of(value[0], name(key) + "[0]");
    }
    if (!value[1].is_null()) {
      interval.hi = number_of(value[1], name(key) + "[1]");
    }
    return interval;
  }
  std::vector<HvoField> items(const char* key) const {
    const nlohmann::json& value = raw(key);
    if (!value.is_array()) {
      throw SummaryError(name(key), "expected an array");
    }
    std::vector<HvoField> fields;
    for (std::size_t i = 0; i < value.size(); ++i) {
      fields.emplace_back(value[i], fmt::format("{}[{}]", name(key), i));
    }
    return fields;
  }
  HvoField object(const char* key) const { return HvoField(raw(key), name(key)); }

 private:
  static double number_of(const nlohmann::json& value, const std::string& where) {
    if (!value.is_number() || !std::isfinite(value.get<double>())) {
      throw SummaryError(where, "expected a finite number");
    }
    return value.get<double>();
  }
  std::string name(const char* key) const { return path_.empty() ? key : path_ + "." + key; }

  const nlohmann::json& json_;
  std::string path_;
};

nlohmann::json effect_json(const HvoKeyEffect& effect) {
  return {{"metric", effect.metric},
          {"verdict", effect.verdict},
          {"estimate_pct", effect.estimate_pct},
          {"ci_pct", interval_json(effect.ci_pct)},
          {"p", effect.p},
          {"pairs", effect.pairs}};
}

HvoKeyEffect effect_of(const HvoField& field) {
  return {field.text("metric"),     field.text("verdict"), field.number("estimate_pct"),
          field.interval("ci_pct"), field.number("p"),     field.count("pairs")};
}

}  // namespace

nlohmann::json hvo_key_summary_json(const HvoKeySummary& summary) {
  nlohmann::json per_page = nlohmann::json::array();
  for (const HvoKeySlope& slope : summary.per_page) {
    per_page.push_back({{"name", slope.name},
                        {"estimate_ns", slope.estimate_ns},
                        {"ci_ns", interval_json(slope.ci_ns)},
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
  const HvoField root(json, "");
  HvoKeySummary summary;
  summary.spec = root.text("spec");
  summary.small_rss_bytes = root.count("small_rss_bytes");
  summary.large_rss_bytes = root.count("large_rss_bytes");
  summary.hugetlb_pages = root.count("hugetlb_pages");
  summary.hugetlb_page_kb = root.count("hugetlb_page_kb");
  summary.key = effect_of(root.object("key"));
  summary.control = effect_of(root.object("control"));
  summary.attribution = root.text("attribution");
  for (const HvoField& slope : root.items("per_page")) {
    summary.per_page.push_back({slope.text("name"), slope.number("estimate_ns"),
                                slope.interval("ci_ns"), slope.count("rounds")});
  }
  for (const HvoField& discards : root.items("discarded")) {
    summary.discarded.push_back(
        {discards.text("arm"), discards.count("runs"), discards.text("last_reason")});
  }
  summary.rounds = root.count("rounds");
  summary.stop_reason = root.text("stop_reason");
  summary.elapsed_s = root.number("elapsed_s");
  summary.seed = root.count("seed");
  const nlohmann::json& warnings = root.raw("warnings");
  if (!warnings.is_array()) {
    throw SummaryError("warnings", "expected an array");
  }
  for (std::size_t i = 0; i < warnings.size(); ++i) {
    if (!warnings[i].is_string()) {
      throw SummaryError(fmt::format("warnings[{}]", i), "expected a string");
    }
    summary.warnings.push_back(warnings[i].get<std::string>());
  }
  return summary;
}

}  // namespace clonebench
