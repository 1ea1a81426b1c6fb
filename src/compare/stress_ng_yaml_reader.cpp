// stress-ng --yaml output (reference/stress-ng.md §7): the metrics section, one entry per
// stressor; a file with several YAML documents holds several runs.

#include <fmt/core.h>
#include <yaml-cpp/yaml.h>

#include <map>

#include "compare/input_readers.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

const std::map<std::string, std::string>& key_names() {
  static const std::map<std::string, std::string> names = {
      {"bogo-ops", "bogo_ops"},
      {"bogo-ops-per-second-usr-sys-time", "ops_per_sec_cpu"},
      {"bogo-ops-per-second-real-time", "ops_per_sec_real"},
      {"wall-clock-time", "real_time_s"},
      {"user-time", "usr_time_s"},
      {"system-time", "sys_time_s"},
      {"cpu-usage-per-instance", "cpu_per_instance_pct"},
      {"max-rss", "max_rss_kb"}};
  return names;
}

// Misc metrics ("microsecs-per-clone") keep their name with underscores.
std::string metric_name(const std::string& key) {
  const auto known = key_names().find(key);
  if (known != key_names().end()) {
    return known->second;
  }
  std::string name = key;
  for (char& c : name) {
    c = c == '-' ? '_' : c;
  }
  return name;
}

nlohmann::json environment_of(const YAML::Node& info) {
  nlohmann::json environment = nlohmann::json::object();
  if (!info || !info.IsMap()) {
    return environment;
  }
  if (info["release"]) {
    environment["kernel_release"] = info["release"].as<std::string>();
  }
  if (info["cpus"]) {
    environment["cpus"] = info["cpus"].as<long>();
  }
  if (info["machine"]) {
    environment["machine"] = info["machine"].as<std::string>();
  }
  return environment;
}

void read_document(const std::string& path, const YAML::Node& document, SampleSet& set) {
  const YAML::Node metrics = document["metrics"];
  if (!metrics || !metrics.IsSequence()) {
    throw UsageError(fmt::format(
        "{}:{}: stress-ng YAML without a metrics section (run stress-ng with --metrics)", path,
        document.Mark().line + 1));
  }
  const nlohmann::json environment = environment_of(document["system-info"]);
  for (const YAML::Node& entry : metrics) {
    if (!entry.IsMap() || !entry["stressor"]) {
      throw UsageError(
          fmt::format("{}:{}: metrics entry without a stressor", path, entry.Mark().line + 1));
    }
    RunObservation run;
    run.group = entry["stressor"].as<std::string>();
    run.environment = environment;
    for (const auto& item : entry) {
      const std::string key = item.first.as<std::string>();
      if (key == "stressor" || key == "instances" || !item.second.IsScalar()) {
        continue;
      }
      try {
        run.metrics[metric_name(key)] = item.second.as<double>();
      } catch (const YAML::Exception&) {
        throw UsageError(fmt::format("{}:{}: {} is not a number: '{}'", path,
                                     item.second.Mark().line + 1, key,
                                     item.second.as<std::string>()));
      }
    }
    set.runs.push_back(std::move(run));
  }
}

}  // namespace

SampleSet read_stress_ng_yaml(const std::string& path, const std::string& text) {
  SampleSet set{path, "stress-ng-yaml", {}};
  try {
    for (const YAML::Node& document : YAML::LoadAll(text)) {
      if (document.IsMap()) {
        read_document(path, document, set);
      }
    }
  } catch (const YAML::Exception& error) {
    throw UsageError(
        fmt::format("{}:{}: not valid YAML: {}", path, error.mark.line + 1, error.msg));
  }
  if (set.runs.empty()) {
    throw UsageError(fmt::format("{}: no stress-ng metrics found in the YAML", path));
  }
  return set;
}

}  // namespace clonebench
