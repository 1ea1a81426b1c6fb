#include "record/record_json.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <sstream>
#include <type_traits>

#include "core/error.hpp"
#include "record/run_options_json.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

template <typename T>
void read_field(const nlohmann::json& json, const char* key, T& out, const std::string& source) {
  const auto found = json.find(key);
  if (found == json.end() || found->is_null()) {
    return;
  }
  if constexpr (std::is_unsigned_v<T>) {
    if (!found->is_number_unsigned()) {
      throw UsageError(fmt::format("{}: field \"{}\" is not a non-negative integer ({})", source,
                                   key, found->dump()));
    }
  }
  try {
    out = found->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw UsageError(
        fmt::format("{}: field \"{}\" has the wrong type ({})", source, key, found->type_name()));
  }
}

std::uint64_t parse_unsigned(std::string_view text, const std::string& source) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
    throw UsageError(fmt::format("{}: bad histogram bucket \"{}\"", source, text));
  }
  return value;
}

}  // namespace

nlohmann::json parent_to_json(const ParentMemory& parent, std::uint64_t requested_bytes) {
  nlohmann::json json = {{"kind", parent_kind_name(parent.kind)},
                         {"requested_bytes", requested_bytes},
                         {"vmas_requested", parent.vmas_requested},
                         {"rss_kb", parent.rss_kb},
                         {"anonymous_kb", parent.anonymous_kb},
                         {"anon_huge_kb", parent.anon_huge_kb},
                         {"shared_kb", parent.shared_kb},
                         {"hugetlb_kb", parent.hugetlb_kb},
                         {"vma_count", parent.vma_count},
                         {"region_rss_kb", parent.region_rss_kb},
                         {"region_anonymous_kb", parent.region_anonymous_kb},
                         {"baseline",
                          {{"vma_count", parent.baseline_vma_count},
                           {"rss_kb", parent.baseline_rss_kb},
                           {"anonymous_kb", parent.baseline_anonymous_kb}}}};
  // Only where there is something to say: older records and every kind but anon have neither.
  const bool sampled =
      std::any_of(parent.folio_order_samples.begin(), parent.folio_order_samples.end(),
                  [](std::uint32_t count) { return count != 0; });
  if (parent.folio_bytes_requested != 0 || sampled) {
    json["folio_bytes_requested"] = parent.folio_bytes_requested;
    json["folio_order_samples"] = parent.folio_order_samples;
  }
  return json;
}

ParentMemory parent_from_json(const nlohmann::json& json, const std::string& source) {
  ParentMemory parent;
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: \"parent\" is not an object", source));
  }
  std::string kind(parent_kind_name(parent.kind));
  read_field(json, "kind", kind, source);
  const std::optional<ParentKind> known = parent_kind_from_name(kind);
  if (!known) {
    throw UsageError(fmt::format("{}: parent.kind \"{}\" is not one of {}", source, kind,
                                 parent_kind_choices()));
  }
  parent.kind = *known;
  read_field(json, "vmas_requested", parent.vmas_requested, source);
  read_field(json, "rss_kb", parent.rss_kb, source);
  read_field(json, "anonymous_kb", parent.anonymous_kb, source);
  read_field(json, "anon_huge_kb", parent.anon_huge_kb, source);
  read_field(json, "shared_kb", parent.shared_kb, source);
  read_field(json, "hugetlb_kb", parent.hugetlb_kb, source);
  read_field(json, "vma_count", parent.vma_count, source);
  read_field(json, "region_rss_kb", parent.region_rss_kb, source);
  read_field(json, "region_anonymous_kb", parent.region_anonymous_kb, source);
  read_field(json, "folio_bytes_requested", parent.folio_bytes_requested, source);
  if (const auto samples = json.find("folio_order_samples"); samples != json.end()) {
    if (!samples->is_array() || samples->size() != parent.folio_order_samples.size()) {
      throw UsageError(fmt::format("{}: \"parent.folio_order_samples\" is not an array of {}",
                                   source, parent.folio_order_samples.size()));
    }
    for (std::size_t order = 0; order < parent.folio_order_samples.size(); ++order) {
      if (!(*samples)[order].is_number_unsigned()) {
        throw UsageError(
            fmt::format("{}: \"parent.folio_order_samples\" holds a non-count", source));
      }
      parent.folio_order_samples[order] = (*samples)[order].get<std::uint32_t>();
    }
  }
  if (const auto baseline = json.find("baseline"); baseline != json.end()) {
    if (!baseline->is_object()) {
      throw UsageError(fmt::format("{}: \"parent.baseline\" is not an object", source));
    }
    read_field(*baseline, "vma_count", parent.baseline_vma_count, source);
    read_field(*baseline, "rss_kb", parent.baseline_rss_kb, source);
    read_field(*baseline, "anonymous_kb", parent.baseline_anonymous_kb, source);
  }
  return parent;
}

std::uint64_t requested_bytes_of_parent(const nlohmann::json& json, const std::string& source) {
  std::uint64_t requested_bytes = 0;
  if (json.is_object()) {
    read_field(json, "requested_bytes", requested_bytes, source);
  }
  return requested_bytes;
}

RunOptions run_options_with_parent(const nlohmann::json& options, const nlohmann::json* parent,
                                   const std::string& source) {
  RunOptions read;
  try {
    read = run_options_from_json(options);
  } catch (const SummaryError& error) {
    throw UsageError(fmt::format("{}: {}", source, error.what()));
  }
  if (!read.rss_bytes && parent != nullptr) {
    if (const std::uint64_t bytes = requested_bytes_of_parent(*parent, source); bytes != 0) {
      read.rss_bytes = bytes;
    }
  }
  return read;
}

nlohmann::json intervals_to_json(const ThroughputSeries& series) {
  return {{"interval_s", series.interval_s},
          {"ops", series.ops},
          {"last_interval_s", series.last_interval_s}};
}

ThroughputSeries intervals_from_json(const nlohmann::json& json, const std::string& source) {
  ThroughputSeries series;
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: \"intervals\" is not an object", source));
  }
  read_field(json, "interval_s", series.interval_s, source);
  read_field(json, "last_interval_s", series.last_interval_s, source);
  read_field(json, "ops", series.ops, source);
  return series;
}

nlohmann::json failures_to_json(const std::map<std::string, std::uint64_t>& failures) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [name, count] : failures) {
    json[name] = count;
  }
  return json;
}

std::map<std::string, std::uint64_t> failures_from_json(const nlohmann::json& json,
                                                        const std::string& source) {
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: \"failures\" is not an object", source));
  }
  std::map<std::string, std::uint64_t> failures;
  for (const auto& [name, count] : json.items()) {
    if (!count.is_number_unsigned()) {
      throw UsageError(fmt::format("{}: failures.{} is not a count", source, name));
    }
    failures[name] = count.get<std::uint64_t>();
  }
  return failures;
}

std::string encode_buckets(const LatencyHistogram& histogram) {
  std::string text;
  for (const auto& [index, count] : histogram.nonzero_buckets()) {
    if (!text.empty()) {
      text += ' ';
    }
    text += fmt::format("{}:{}", index, count);
  }
  return text;
}

std::vector<std::pair<std::size_t, std::uint64_t>> decode_buckets(const std::string& text,
                                                                  const std::string& source) {
  std::vector<std::pair<std::size_t, std::uint64_t>> buckets;
  std::istringstream stream(text);
  std::string item;
  while (stream >> item) {
    const auto colon = item.find(':');
    if (colon == std::string::npos) {
      throw UsageError(fmt::format("{}: bad histogram bucket \"{}\"", source, item));
    }
    const std::uint64_t index = parse_unsigned(std::string_view(item).substr(0, colon), source);
    const std::uint64_t count = parse_unsigned(std::string_view(item).substr(colon + 1), source);
    if (index >= LatencyHistogram::kBucketCount) {
      throw UsageError(fmt::format("{}: histogram bucket index {} out of range", source, index));
    }
    buckets.emplace_back(static_cast<std::size_t>(index), count);
  }
  return buckets;
}

nlohmann::json histogram_to_json(const LatencyHistogram& histogram) {
  return {{"sum_ns", histogram.sum_ns()},
          {"min_ns", histogram.min_ns()},
          {"max_ns", histogram.max_ns()},
          {"buckets", encode_buckets(histogram)}};
}

LatencyHistogram histogram_from_json(const nlohmann::json& json, const std::string& source) {
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: a latency histogram is not an object", source));
  }
  std::uint64_t sum_ns = 0, min_ns = 0, max_ns = 0;
  std::string buckets;
  read_field(json, "sum_ns", sum_ns, source);
  read_field(json, "min_ns", min_ns, source);
  read_field(json, "max_ns", max_ns, source);
  read_field(json, "buckets", buckets, source);
  return LatencyHistogram::from_buckets(decode_buckets(buckets, source), sum_ns, min_ns, max_ns);
}

nlohmann::json stress_ng_to_json(const StressNgAccounting& accounting) {
  nlohmann::json json = {{"real_time_s", accounting.real_time_s},
                         {"usr_time_s", accounting.usr_time_s},
                         {"sys_time_s", accounting.sys_time_s},
                         {"max_rss_kb", accounting.max_rss_kb}};
  if (!accounting.metric.empty()) {
    json["misc_metric"] = {{"description", accounting.metric},
                           {"per_instance", accounting.metric_values}};
  }
  return json;
}

nlohmann::json stress_ng_report_json(const StressNgAccounting& accounting, std::uint64_t bogo_ops,
                                     std::uint32_t instances) {
  nlohmann::json json = stress_ng_to_json(accounting);
  json["bogo_ops"] = bogo_ops;
  json["ops_per_sec_real"] = accounting.ops_per_sec_real(bogo_ops);
  json["ops_per_sec_cpu"] = accounting.ops_per_sec_cpu(bogo_ops);
  json["cpu_per_instance_pct"] = accounting.cpu_per_instance_pct(instances);
  if (!accounting.metric.empty()) {
    json["misc_metric"]["geometric_mean"] = accounting.metric_geometric_mean();
    json["misc_metric"]["mean"] = accounting.metric_mean();
  }
  return json;
}

StressNgAccounting stress_ng_from_json(const nlohmann::json& json, const std::string& source) {
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: \"stress_ng\" is not an object", source));
  }
  StressNgAccounting accounting;
  read_field(json, "real_time_s", accounting.real_time_s, source);
  read_field(json, "usr_time_s", accounting.usr_time_s, source);
  read_field(json, "sys_time_s", accounting.sys_time_s, source);
  read_field(json, "max_rss_kb", accounting.max_rss_kb, source);
  if (const auto metric = json.find("misc_metric"); metric != json.end()) {
    if (!metric->is_object()) {
      throw UsageError(fmt::format("{}: \"stress_ng.misc_metric\" is not an object", source));
    }
    read_field(*metric, "description", accounting.metric, source);
    read_field(*metric, "per_instance", accounting.metric_values, source);
  }
  return accounting;
}

nlohmann::json latency_summary_to_json(const LatencyHistogram& histogram) {
  const LatencySummary summary = summarize(histogram);
  return {{"n", summary.n},        {"mean", summary.mean_us}, {"p50", summary.p50_us},
          {"p90", summary.p90_us}, {"p99", summary.p99_us},   {"max", summary.max_us}};
}

}  // namespace clonebench
