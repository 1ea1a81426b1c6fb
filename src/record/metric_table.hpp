#pragma once
// The metrics of a run, defined once: each name with its unit, which way is better and how to
// read it from a run record. Every reader, exporter, the store and `compare` take their names
// from here, so a metric cannot mean one thing in a JSON document and another in a comparison.

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "record/run_record.hpp"

namespace clonebench {

enum class Direction { kLowerIsBetter, kHigherIsBetter };

struct MetricInfo {
  Direction direction = Direction::kLowerIsBetter;
  std::string unit;  // benchstat's unit column: "ops/s", "ops", "sec", "µs", "KiB", "%", ""
};

// The phases whose latency is measured (docs/measurement.md), in the order every output lists
// them.
struct LatencyPhase {
  std::string_view name;
  LatencyHistogram RunResult::*histogram;
};
inline constexpr std::array<LatencyPhase, 3> kLatencyPhases = {
    {{"create", &RunResult::create}, {"start", &RunResult::start}, {"reap", &RunResult::reap}}};

bool is_latency_phase(std::string_view name);

// The statistics of a phase's distribution that are metrics (microseconds), in output order.
struct LatencyStat {
  std::string_view name;
  double LatencySummary::*value;
};
inline constexpr std::array<LatencyStat, 5> kLatencyStats = {{{"mean", &LatencySummary::mean_us},
                                                              {"p50", &LatencySummary::p50_us},
                                                              {"p90", &LatencySummary::p90_us},
                                                              {"p99", &LatencySummary::p99_us},
                                                              {"max", &LatencySummary::max_us}}};

// "latency_us.<phase>.<stat>"
std::string latency_metric_name(std::string_view phase, std::string_view stat);

struct RunMetric {
  std::string name;
  MetricInfo info;
  bool whole_number = false;  // a count: exported without a fraction
  // The value of `record`'s run; nullopt when the run lacks it (a phase that was never timed).
  std::function<std::optional<double>(const RunRecord&)> value;
};

// Every metric of a run: first the totals, in stress-ng's --metrics column order (bogo_ops,
// real_time_s, usr_time_s, sys_time_s, ops_per_sec_real, ops_per_sec_cpu, cpu_per_instance_pct,
// max_rss_kb), which is also their order in clonebench/1 JSON and CSV; then
// latency_us.<phase>.<stat> phase by phase.
const std::vector<RunMetric>& run_metrics();
// The totals alone: the first entries of run_metrics().
std::span<const RunMetric> run_totals();

// Whether `name` is one of run_metrics() (a run may still lack it).
bool is_run_metric(std::string_view name);

// The entry named `name`, nullptr when no run metric has that name.
const RunMetric* find_run_metric(std::string_view name);

// Every metric `record`'s run has, by name.
std::map<std::string, double> metric_values(const RunRecord& record);

// Unit and direction of any metric a comparison can meet: the run metrics above, hyperfine's
// and number files' "time_s" (seconds), number files' unit-less "value" (lower is better unless
// the user says otherwise). Other names (stress-ng's misc metrics) are lower-is-better without
// a unit.
MetricInfo metric_info(std::string_view name);

std::string_view direction_name(Direction direction);  // "lower-is-better" | "higher-is-better"

}  // namespace clonebench
