#include "compare/environment_diff.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <set>

namespace clonebench {
namespace {

// "hostname" first: runs of a fleet's shared store may come from different machines.
constexpr const char* kCompared[] = {"hostname",       "cpu_model", "cpus", "governor",   "smt",
                                     "virtualization", "thp",       "hvo",  "mitigations"};

// Facts inside objects that are compared one by one: what `clonebench kernel` reports
// (docs/kernel.md), not how it could be read.
constexpr const char* kComparedFacts[] = {"/kernel_path/compound_head", "/kernel_path/out_of_line",
                                          "/kernel_path/return_thunk/kind",
                                          "/config/CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP"};

std::string shown(const nlohmann::json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

// The distinct values of `field` of `key` over the side's runs, as text.
std::set<std::string> values_of(const SampleSet& set, const char* field, const std::string& key) {
  std::set<std::string> values;
  for (const RunObservation& run : set.runs) {
    const nlohmann::json& object =
        std::string_view(field) == "options" ? run.options : run.environment;
    if (object.is_object() && object.contains(key) && !object[key].is_null()) {
      values.insert(shown(object[key]));
    }
  }
  return values;
}

std::set<std::string> facts_of(const SampleSet& set, const char* pointer) {
  std::set<std::string> values;
  const nlohmann::json::json_pointer path(pointer);
  for (const RunObservation& run : set.runs) {
    if (run.environment.is_object() && run.environment.contains(path) &&
        !run.environment.at(path).is_null()) {
      values.insert(shown(run.environment.at(path)));
    }
  }
  return values;
}

void compare_key(const SampleSet& a, const SampleSet& b, const char* field, const std::string& key,
                 const std::string& label, std::vector<std::string>& differences) {
  const auto in_a = values_of(a, field, key);
  const auto in_b = values_of(b, field, key);
  if (!in_a.empty() && !in_b.empty() && in_a != in_b) {
    differences.push_back(
        fmt::format("{}: A {}, B {}", label, fmt::join(in_a, " | "), fmt::join(in_b, " | ")));
  }
}

}  // namespace

std::vector<std::string> environment_differences(const SampleSet& a, const SampleSet& b) {
  std::vector<std::string> differences;
  for (const char* key : kCompared) {
    compare_key(a, b, "environment", key, key, differences);
  }
  for (const char* pointer : kComparedFacts) {
    const auto in_a = facts_of(a, pointer);
    const auto in_b = facts_of(b, pointer);
    if (!in_a.empty() && !in_b.empty() && in_a != in_b) {
      std::string label = std::string(pointer).substr(1);
      std::replace(label.begin(), label.end(), '/', '.');
      differences.push_back(
          fmt::format("{}: A {}, B {}", label, fmt::join(in_a, " | "), fmt::join(in_b, " | ")));
    }
  }
  std::set<std::string> option_keys;
  for (const SampleSet* set : {&a, &b}) {
    for (const RunObservation& run : set->runs) {
      if (run.options.is_object()) {
        for (const auto& item : run.options.items()) {
          option_keys.insert(item.key());
        }
      }
    }
  }
  for (const std::string& key : option_keys) {
    compare_key(a, b, "options", key, "option " + key, differences);
  }
  return differences;
}

}  // namespace clonebench
