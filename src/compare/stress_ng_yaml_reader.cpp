// stress-ng --yaml output (docs/compare-inputs.md, "stress-ng YAML"): the metrics section, one
// entry per stressor; a file with several YAML documents holds several runs.

#include <fmt/core.h>
#include <yaml-cpp/yaml.h>

#include <cmath>
#include <map>
#include <nlohmann/json.hpp>

#include "compare/input_readers.hpp"
#include "compare/yaml_documents.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/environment_json.hpp"

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

// What the machine was, as far as the file says: values of another shape are left out, since
// they only inform the environment comparison.
nlohmann::json environment_of(const YAML::Node& info) {
  nlohmann::json environment = nlohmann::json::object();
  if (!info || !info.IsMap()) {
    return environment;
  }
  for (const auto& [key, name] : {std::pair{"release", "kernel_release"},
                                  std::pair{"machine", "machine"}, std::pair{"cpus", "cpus"}}) {
    const YAML::Node value = info[key];
    if (!value || !value.IsScalar()) {
      continue;
    }
    long number = 0;
    if (std::string(name) != "cpus") {
      environment[name] = printable(value.Scalar());
    } else if (YAML::convert<long>::decode(value, number)) {
      environment[name] = number;
    }
  }
  return environment;
}

// "PATH:LINE" of a node of one document, counted in the whole file.
struct Source {
  const std::string& path;
  std::size_t first_line;
  std::string at(const YAML::Mark& mark) const {
    const std::size_t line = mark.line < 0 ? 0 : static_cast<std::size_t>(mark.line);
    return fmt::format("{}:{}", path, first_line + line + 1);
  }
};

// A metric value: a finite number, else the file and line are named.
double metric_value(const Source& source, const std::string& key, const YAML::Node& value) {
  double number = 0;
  if (!YAML::convert<double>::decode(value, number)) {
    throw UsageError(fmt::format("{}: {} is not a number: '{}'", source.at(value.Mark()),
                                 shortened(key, kQuotedChars),
                                 shortened(value.Scalar(), kQuotedChars)));
  }
  if (!std::isfinite(number)) {
    throw UsageError(fmt::format("{}: {} is not a finite number: '{}'", source.at(value.Mark()),
                                 shortened(key, kQuotedChars),
                                 shortened(value.Scalar(), kQuotedChars)));
  }
  return number;
}

void read_document(const Source& source, const YAML::Node& document, SampleSet& set) {
  const YAML::Node metrics = document["metrics"];
  if (!metrics || !metrics.IsSequence()) {
    throw UsageError(
        fmt::format("{}: stress-ng YAML without a metrics section (run stress-ng with --metrics)",
                    source.at(document.Mark())));
  }
  const Environment environment = environment_from_json(environment_of(document["system-info"]));
  for (const YAML::Node& entry : metrics) {
    if (!entry.IsMap() || !entry["stressor"] || !entry["stressor"].IsScalar()) {
      throw UsageError(
          fmt::format("{}: metrics entry without a stressor", source.at(entry.Mark())));
    }
    RunObservation run;
    run.group = printable(entry["stressor"].Scalar());
    run.environment = environment;
    for (const auto& item : entry) {
      if (!item.first.IsScalar() || !item.second.IsScalar()) {
        continue;  // stress-ng writes only scalars here; nested data is not a metric
      }
      const std::string key = item.first.Scalar();
      if (key == "stressor" || key == "instances") {
        continue;
      }
      run.metrics[metric_name(printable(key))] = metric_value(source, key, item.second);
    }
    set.runs.push_back(std::move(run));
  }
}

}  // namespace

SampleSet read_stress_ng_yaml(const std::string& path, const std::string& text) {
  SampleSet set{path, "stress-ng-yaml", {}};
  for (const YamlDocumentText& part : split_yaml_documents(text)) {
    const Source source{path, part.first_line};
    YAML::Node document;
    try {
      document = YAML::Load(part.text);
      if (document.IsMap()) {
        read_document(source, document, set);
      }
    } catch (const YAML::Exception& error) {
      throw UsageError(fmt::format("{}: not valid YAML: {}", source.at(error.mark), error.msg));
    }
  }
  if (set.runs.empty()) {
    throw UsageError(fmt::format("{}: no stress-ng metrics found in the YAML", path));
  }
  return set;
}

}  // namespace clonebench
