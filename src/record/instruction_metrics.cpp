#include "record/instruction_metrics.hpp"

#include <fmt/core.h>

namespace clonebench {
namespace {

std::vector<RunMetric> build_instruction_metrics() {
  const MetricInfo info{Direction::kLowerIsBetter, std::string(kInstructionsUnit)};
  std::vector<RunMetric> metrics = {{std::string(kInstructionsPerOp), info, false,
                                     [](const RunRecord& record) -> std::optional<double> {
                                       const RunResult& run = record.result;
                                       if (run.bogo_ops == 0 || run.real_time_s <= 0) {
                                         return std::nullopt;
                                       }
                                       return run.real_time_s * 1e9 /
                                              static_cast<double>(run.bogo_ops);
                                     }}};
  for (const LatencyPhase& phase : kLatencyPhases) {
    metrics.push_back({instruction_phase_metric_name(phase.name), info, false,
                       [phase](const RunRecord& record) -> std::optional<double> {
                         const LatencyHistogram& histogram = record.result.*phase.histogram;
                         if (histogram.count() == 0) {
                           return std::nullopt;
                         }
                         return histogram.mean_ns();
                       }});
  }
  return metrics;
}

}  // namespace

std::string instruction_phase_metric_name(std::string_view phase) {
  return fmt::format("guest_instructions.{}.mean", phase);
}

const std::vector<RunMetric>& instruction_metrics() {
  static const std::vector<RunMetric> metrics = build_instruction_metrics();
  return metrics;
}

const RunMetric* find_instruction_metric(std::string_view name) {
  for (const RunMetric& metric : instruction_metrics()) {
    if (metric.name == name) {
      return &metric;
    }
  }
  return nullptr;
}

bool measured_in_instructions(const Environment& environment) {
  return environment.guest.has_value() &&
         environment.guest->measure.value_or("") == kMeasureInstructions;
}

bool measured_in_instructions(const std::optional<Environment>& environment) {
  return environment.has_value() && measured_in_instructions(*environment);
}

std::map<std::string, double> RunMetricTable::values(const RunRecord& record) const {
  std::map<std::string, double> values;
  for (const RunMetric& metric : *metrics) {
    if (const std::optional<double> value = metric.value(record)) {
      values[metric.name] = *value;
    }
  }
  return values;
}

std::optional<double> RunMetricTable::headline_value(const RunRecord& record) const {
  for (const RunMetric& metric : *metrics) {
    if (metric.name == headline) {
      return metric.value(record);
    }
  }
  return std::nullopt;
}

const RunMetricTable& run_metric_table(bool counted_in_instructions) {
  static const RunMetricTable timed{false, "ops_per_sec_real", &run_metrics()};
  static const RunMetricTable counted{true, kInstructionsPerOp, &instruction_metrics()};
  return counted_in_instructions ? counted : timed;
}

const RunMetricTable& run_metric_table(const Environment& environment) {
  return run_metric_table(measured_in_instructions(environment));
}

const RunMetricTable& run_metric_table(const std::optional<Environment>& environment) {
  return run_metric_table(measured_in_instructions(environment));
}

std::map<std::string, double> stored_run_metric_values(const RunRecord& record,
                                                       const Environment& environment) {
  return run_metric_table(environment).values(record);
}

std::map<std::string, double> stored_run_metric_values(
    const RunRecord& record, const std::optional<Environment>& environment) {
  return run_metric_table(environment).values(record);
}

}  // namespace clonebench
