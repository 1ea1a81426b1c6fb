#pragma once
// JSON codecs for the parts of a run record that are stored and exported the same way
// (clonebench/1 field names), so the store and the exporters cannot drift apart.

#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "record/run_options.hpp"
#include "record/run_record.hpp"

namespace clonebench {

// The "parent" object: what the parent measured, and under "requested_bytes" the size that was
// asked for, which the record holds in the run's options (`requested_bytes`).
nlohmann::json parent_to_json(const ParentMemory& parent, std::uint64_t requested_bytes);
// Missing fields keep their defaults (older documents); a wrong type throws UsageError naming
// `source`. "requested_bytes" is read by requested_bytes_of_parent().
ParentMemory parent_from_json(const nlohmann::json& json, const std::string& source);
// The "requested_bytes" of a "parent" object, 0 when it has none; a wrong type throws UsageError.
std::uint64_t requested_bytes_of_parent(const nlohmann::json& json, const std::string& source);

// The run's options (run_options_json.hpp) with its parent's requested size: a document that
// states the size only in its "parent" (another writer's) gives it there.
RunOptions run_options_with_parent(const nlohmann::json& options, const nlohmann::json* parent,
                                   const std::string& source);

// {"interval_s", "ops": [...], "last_interval_s"}; an empty object reads as an empty series
// (runs stored before intervals were recorded).
nlohmann::json intervals_to_json(const ThroughputSeries& series);
ThroughputSeries intervals_from_json(const nlohmann::json& json, const std::string& source);

nlohmann::json failures_to_json(const std::map<std::string, std::uint64_t>& failures);
std::map<std::string, std::uint64_t> failures_from_json(const nlohmann::json& json,
                                                        const std::string& source);

// The raw histogram: {"sum_ns", "min_ns", "max_ns", "buckets": "index:count ..."}. The buckets
// are one string so that a pretty-printed document stays readable.
nlohmann::json histogram_to_json(const LatencyHistogram& histogram);
LatencyHistogram histogram_from_json(const nlohmann::json& json, const std::string& source);

// Non-empty buckets as "index:count index:count ..." (LatencyHistogram's bucket indices).
std::string encode_buckets(const LatencyHistogram& histogram);
// Throws UsageError naming `source` on malformed text or an index out of range.
std::vector<std::pair<std::size_t, std::uint64_t>> decode_buckets(const std::string& text,
                                                                  const std::string& source);

// stress-ng's accounting of a --workload stress-ng run: the stored fields, plus (with
// `bogo_ops`/`instances`) the rates stress-ng derives from them.
nlohmann::json stress_ng_to_json(const StressNgAccounting& accounting);
nlohmann::json stress_ng_report_json(const StressNgAccounting& accounting, std::uint64_t bogo_ops,
                                     std::uint32_t instances);
StressNgAccounting stress_ng_from_json(const nlohmann::json& json, const std::string& source);

// {"n", "mean", "p50", "p90", "p99", "max"} in microseconds.
nlohmann::json latency_summary_to_json(const LatencyHistogram& histogram);

}  // namespace clonebench
