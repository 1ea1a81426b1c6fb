// clonebench's own JSON (DESIGN.md §3, schema "clonebench/1"): one observation per run.

#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "compare/input_readers.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

constexpr const char* kRunNumbers[] = {"ops_per_sec_real",     "ops_per_sec_cpu", "bogo_ops",
                                       "real_time_s",          "usr_time_s",      "sys_time_s",
                                       "cpu_per_instance_pct", "max_rss_kb"};
constexpr const char* kPhases[] = {"create", "start", "reap"};
constexpr const char* kPhaseStats[] = {"mean", "p50", "p90", "p99", "max"};

void take_number(const nlohmann::json& object, const std::string& key, const std::string& name,
                 const std::string& where, RunObservation& run) {
  if (!object.contains(key) || object[key].is_null()) {
    return;
  }
  if (!object[key].is_number()) {
    throw UsageError(fmt::format("{}.{} is not a number", where, key));
  }
  run.metrics[name] = object[key].get<double>();
}

RunObservation read_run(const nlohmann::json& json, const std::string& where,
                        const nlohmann::json& environment) {
  if (!json.is_object()) {
    throw UsageError(fmt::format("{} is not an object", where));
  }
  RunObservation run;
  run.group = json.value("stressor", std::string());
  run.run_id = json.contains("id") && json["id"].is_number_integer() ? json["id"].get<int>() : 0;
  run.options = json.value("options", nlohmann::json(nullptr));
  run.environment = environment;
  run.profiled = json.contains("profile") && !json["profile"].is_null();
  for (const char* key : kRunNumbers) {
    take_number(json, key, key, where, run);
  }
  if (json.contains("latency_us") && json["latency_us"].is_object()) {
    for (const char* phase : kPhases) {
      if (!json["latency_us"].contains(phase)) {
        continue;
      }
      const nlohmann::json& stats = json["latency_us"][phase];
      for (const char* stat : kPhaseStats) {
        take_number(stats, stat, fmt::format("latency_us.{}.{}", phase, stat),
                    fmt::format("{}.latency_us.{}", where, phase), run);
      }
    }
  }
  return run;
}

}  // namespace

SampleSet read_clonebench_json(const std::string& path, const std::string& text) {
  nlohmann::json document;
  try {
    document = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    throw UsageError(fmt::format("{}: not valid JSON: {}", path, error.what()));
  }
  const std::string schema = document.value("schema", std::string());
  if (schema != "clonebench/1") {
    throw UsageError(fmt::format("{}: schema \"{}\" is not clonebench/1", path, schema));
  }
  if (!document.contains("runs") || !document["runs"].is_array() || document["runs"].empty()) {
    throw UsageError(fmt::format("{}: a clonebench/1 document without runs", path));
  }
  SampleSet set{path, "clonebench-json", {}};
  const nlohmann::json environment = document.value("environment", nlohmann::json(nullptr));
  try {
    for (std::size_t i = 0; i < document["runs"].size(); ++i) {
      set.runs.push_back(read_run(document["runs"][i], fmt::format("runs[{}]", i), environment));
    }
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("{}: {}", path, error.what()));
  }
  return set;
}

}  // namespace clonebench
