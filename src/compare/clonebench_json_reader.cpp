// clonebench's own JSON (schema "clonebench/1", docs/schema.md, "2.3 Reading back"): one
// observation per run.

#include <fmt/core.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "compare/input_readers.hpp"
#include "compare/json_input.hpp"
#include "compare/run_boot.hpp"
#include "compare/stress_ng_misc_metric.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/environment_json.hpp"
#include "record/metric_table.hpp"
#include "record/record_json.hpp"
#include "record/run_group.hpp"
#include "record/run_options_json.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

void take_number(const nlohmann::json& object, const std::string& key, const std::string& name,
                 const std::string& path, const std::string& where, RunObservation& run) {
  if (const auto value = optional_number(object, key, path, where)) {
    run.metrics[name] = *value;
  }
}

RunObservation read_run(const std::string& path, const nlohmann::json& json,
                        const std::string& where, const std::optional<Environment>& environment) {
  if (!json.is_object()) {
    throw UsageError(
        fmt::format("{}: {}: expected an object, found {}", path, where, json.type_name()));
  }
  RunObservation run;
  const auto id = json.find("id");
  run.run_id = id != json.end() && id->is_number_integer() ? id->get<std::int64_t>() : 0;
  if (const auto options = json.find("options"); options != json.end() && !options->is_null()) {
    try {
      run.options = run_options_from_json(*options);
    } catch (const SummaryError& error) {
      throw UsageError(fmt::format("{}: {}: {}", path, where, error.what()));
    }
  }
  run.environment = environment;
  run.boot = environment ? run_boot(*environment, path) : std::string();
  run.profiled = json.contains("profile") && !json["profile"].is_null();
  // Grouped as stored runs are (record/run_group.hpp): the stressor and the settings that change
  // the work, so that a file's runs of different settings are never pooled either.
  RunResult grouped;
  grouped.stressor = optional_string(json, "stressor", path, where).value_or("");
  const double instances = optional_number(json, "instances", path, where).value_or(1);
  if (!(instances >= 1 && instances <= 1e6) || instances != std::floor(instances)) {
    throw UsageError(fmt::format("{}: {}.instances: {} is not a count of instances (1 to 1000000)",
                                 path, where, instances));
  }
  grouped.instances = static_cast<std::uint32_t>(instances);
  grouped.options = run.options.value_or(RunOptions{});
  run.group = run_group_name(grouped, *run.profiled);
  for (const RunMetric& metric : run_totals()) {
    take_number(json, metric.name, metric.name, path, where, run);
  }
  if (const auto stress_ng = json.find("stress_ng");
      stress_ng != json.end() && !stress_ng->is_null()) {
    add_misc_metric(stress_ng_from_json(*stress_ng, fmt::format("{}: {}", path, where)),
                    run.metrics);
  }
  const auto latency = json.find("latency_us");
  if (latency == json.end() || !latency->is_object()) {
    return run;
  }
  for (const LatencyPhase& phase : kLatencyPhases) {
    const auto stats = latency->find(phase.name);
    if (stats == latency->end()) {
      continue;
    }
    for (const LatencyStat& stat : kLatencyStats) {
      take_number(*stats, std::string(stat.name), latency_metric_name(phase.name, stat.name), path,
                  fmt::format("{}.latency_us.{}", where, phase.name), run);
    }
  }
  return run;
}

}  // namespace

SampleSet read_clonebench_json(const std::string& path, const std::string& text) {
  return read_clonebench_document(path, parse_json_input(path, text));
}

SampleSet read_clonebench_document(const std::string& path, const nlohmann::json& document) {
  if (!document.is_object()) {
    throw UsageError(
        fmt::format("{}: a JSON {}, not a clonebench/1 document", path, document.type_name()));
  }
  const std::string schema = optional_string(document, "schema", path, "").value_or("");
  if (schema != "clonebench/1") {
    throw UsageError(fmt::format("{}: schema \"{}\" is not clonebench/1", path,
                                 shortened(schema, kQuotedChars)));
  }
  const auto runs = document.find("runs");
  if (runs == document.end() || !runs->is_array() || runs->empty()) {
    throw UsageError(fmt::format("{}: a clonebench/1 document without runs", path));
  }
  SampleSet set{path, "clonebench-json", {}};
  const auto found = document.find("environment");
  const std::optional<Environment> environment =
      found != document.end() && found->is_object()
          ? std::optional<Environment>(environment_from_json(*found))
          : std::nullopt;
  for (std::size_t i = 0; i < runs->size(); ++i) {
    set.runs.push_back(read_run(path, (*runs)[i], fmt::format("runs[{}]", i), environment));
  }
  return set;
}

}  // namespace clonebench
