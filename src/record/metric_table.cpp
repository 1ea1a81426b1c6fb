#include "record/metric_table.hpp"

#include <fmt/core.h>

#include <algorithm>

#include "record/instruction_metrics.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kTotalCount = 8;

RunMetric total(std::string name, Direction direction, std::string unit,
                double (*read)(const RunResult&), bool whole_number = false) {
  return {std::move(name),
          {direction, std::move(unit)},
          whole_number,
          [read](const RunRecord& record) -> std::optional<double> { return read(record.result); }};
}

std::vector<RunMetric> totals() {
  constexpr auto kLower = Direction::kLowerIsBetter;
  constexpr auto kHigher = Direction::kHigherIsBetter;
  return {
      total(
          "bogo_ops", kHigher, "ops",
          [](const RunResult& r) { return static_cast<double>(r.bogo_ops); }, true),
      total("real_time_s", kLower, "sec", [](const RunResult& r) { return r.real_time_s; }),
      total("usr_time_s", kLower, "sec", [](const RunResult& r) { return r.usr_time_s; }),
      total("sys_time_s", kLower, "sec", [](const RunResult& r) { return r.sys_time_s; }),
      total("ops_per_sec_real", kHigher, "ops/s",
            [](const RunResult& r) { return r.ops_per_sec_real(); }),
      total("ops_per_sec_cpu", kHigher, "ops/s",
            [](const RunResult& r) { return r.ops_per_sec_cpu(); }),
      total("cpu_per_instance_pct", kLower, "%",
            [](const RunResult& r) { return r.cpu_per_instance_pct(); }),
      total(
          "max_rss_kb", kLower, "KiB",
          [](const RunResult& r) { return static_cast<double>(r.max_rss_kb); }, true),
  };
}

RunMetric latency_metric(const LatencyPhase& phase, const LatencyStat& stat) {
  return {latency_metric_name(phase.name, stat.name),
          {Direction::kLowerIsBetter, "µs"},
          false,
          [phase, stat](const RunRecord& record) -> std::optional<double> {
            const LatencyHistogram& histogram = record.result.*phase.histogram;
            if (histogram.count() == 0) {
              return std::nullopt;
            }
            return summarize(histogram).*stat.value;
          }};
}

std::vector<RunMetric> build_run_metrics() {
  std::vector<RunMetric> metrics = totals();
  for (const LatencyPhase& phase : kLatencyPhases) {
    for (const LatencyStat& stat : kLatencyStats) {
      metrics.push_back(latency_metric(phase, stat));
    }
  }
  return metrics;
}

// Names a comparison meets that no run has.
const std::map<std::string, MetricInfo, std::less<>>& other_metrics() {
  static const std::map<std::string, MetricInfo, std::less<>> metrics = {
      {"time_s", {Direction::kLowerIsBetter, "sec"}},
      {"value", {Direction::kLowerIsBetter, ""}},
  };
  return metrics;
}

}  // namespace

const RunMetric* find_run_metric(std::string_view name) {
  for (const RunMetric& metric : run_metrics()) {
    if (metric.name == name) {
      return &metric;
    }
  }
  return nullptr;
}

bool is_latency_phase(std::string_view name) {
  return std::any_of(kLatencyPhases.begin(), kLatencyPhases.end(),
                     [name](const LatencyPhase& phase) { return phase.name == name; });
}

std::string latency_metric_name(std::string_view phase, std::string_view stat) {
  return fmt::format("latency_us.{}.{}", phase, stat);
}

const std::vector<RunMetric>& run_metrics() {
  static const std::vector<RunMetric> metrics = build_run_metrics();
  return metrics;
}

std::span<const RunMetric> run_totals() {
  return std::span(run_metrics()).first(kTotalCount);
}

std::map<std::string, double> metric_values(const RunRecord& record) {
  std::map<std::string, double> values;
  for (const RunMetric& metric : run_metrics()) {
    if (const std::optional<double> value = metric.value(record)) {
      values[metric.name] = *value;
    }
  }
  return values;
}

bool is_run_metric(std::string_view name) {
  return find_run_metric(name) != nullptr;
}

MetricInfo metric_info(std::string_view name) {
  if (const RunMetric* metric = find_run_metric(name)) {
    return metric->info;
  }
  if (const RunMetric* metric = find_instruction_metric(name)) {
    return metric->info;
  }
  if (const auto other = other_metrics().find(name); other != other_metrics().end()) {
    return other->second;
  }
  return {Direction::kLowerIsBetter, ""};
}

std::string_view direction_name(Direction direction) {
  return direction == Direction::kHigherIsBetter ? "higher-is-better" : "lower-is-better";
}

}  // namespace clonebench
