#include "compare/environment_diff.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <set>
#include <utility>

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

// Options that differ between any two runs of one experiment, so they tell nothing.
bool compared_option(const std::string& key) {
  return key != "seed" && key != "command_line";
}

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
    if (compared_option(key)) {
      compare_key(a, b, "options", key, "option " + key, differences);
    }
  }
  return differences;
}

std::vector<std::string> pooled_option_mixes(const SampleSet& set, const std::string& side) {
  // group → option → value → runs
  std::map<std::string, std::map<std::string, std::map<std::string, std::size_t>>> seen;
  for (const RunObservation& run : set.runs) {
    if (!run.options.is_object()) {
      continue;
    }
    for (const auto& item : run.options.items()) {
      if (compared_option(item.key()) && !item.value().is_null()) {
        ++seen[run.group][item.key()][shown(item.value())];
      }
    }
  }
  std::vector<std::string> mixes;
  for (const auto& [group, options] : seen) {
    for (const auto& [key, values] : options) {
      if (values.size() < 2) {
        continue;
      }
      std::vector<std::string> counts;
      for (const auto& [value, runs] : values) {
        counts.push_back(fmt::format("{} ({} run{})", value, runs, runs == 1 ? "" : "s"));
      }
      mixes.push_back(fmt::format("{} pools {}runs with different {}: {}", side,
                                  group.empty() ? "" : group + " ", key, fmt::join(counts, ", ")));
    }
  }
  return mixes;
}

std::string noisy_runs_warning(const SampleSet& set, const std::string& side) {
  std::size_t noisy = 0;
  std::vector<std::string> first;
  for (const RunObservation& run : set.runs) {
    const nlohmann::json* problems = nullptr;
    if (run.environment.is_object() && run.environment.contains("stability_warnings")) {
      problems = &run.environment.at("stability_warnings");
    }
    if (problems == nullptr || !problems->is_array() || problems->empty()) {
      continue;
    }
    if (noisy++ == 0) {
      for (const auto& problem : *problems) {
        first.push_back(shown(problem));
      }
    }
  }
  if (noisy == 0) {
    return "";
  }
  return fmt::format("{}: noisy machine during {} of {} run{}: {}", side, noisy, set.runs.size(),
                     set.runs.size() == 1 ? "" : "s", fmt::join(first, "; "));
}

std::vector<std::string> comparison_warnings(const SampleSet& a, const SampleSet& b) {
  std::vector<std::string> warnings;
  for (const std::string& difference : environment_differences(a, b)) {
    warnings.push_back("A and B differ in more than the kernel: " + difference);
  }
  for (const auto& [set, side] : {std::pair{&a, "A"}, std::pair{&b, "B"}}) {
    for (std::string& mix : pooled_option_mixes(*set, side)) {
      warnings.push_back(std::move(mix));
    }
  }
  for (const auto& [set, side] : {std::pair{&a, "A"}, std::pair{&b, "B"}}) {
    if (std::string noisy = noisy_runs_warning(*set, side); !noisy.empty()) {
      warnings.push_back(std::move(noisy));
    }
  }
  return warnings;
}

}  // namespace clonebench
