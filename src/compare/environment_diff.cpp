#include "compare/environment_diff.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "record/environment_json.hpp"

namespace clonebench {
namespace {

// The options of a run that are compared (record/run_options.hpp: comparable_options()), each
// as its text; none when the source has no options.
std::vector<OptionText> compared_options(const RunObservation& run) {
  return run.options ? option_texts(comparable_options(*run.options)) : std::vector<OptionText>{};
}

using ComparedFacts = std::vector<std::pair<const char*, std::optional<std::string>>>;

template <typename T, typename Show>
std::optional<std::string> shown_fact(const Fact<T>& fact, Show show) {
  return fact ? std::optional<std::string>(show(*fact)) : std::nullopt;
}

// The facts compared between A and B, each as the text a difference shows, in the order the
// differences are listed: "hostname" first (runs of a fleet's shared store may come from
// different machines), then the facts inside objects that are compared one by one: what
// `clonebench kernel` reports (docs/kernel.md), not how it could be read.
ComparedFacts compared_facts(const Environment& env) {
  const auto text = [](const std::string& value) { return value; };
  const auto part = [](const auto& value) { return environment_text(value); };
  std::optional<std::string> vmemmap;
  if (env.config) {
    const auto found = env.config->find("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP");
    vmemmap = found == env.config->end() ? std::nullopt : std::optional(found->second);
  }
  const KernelPathFacts* path = env.kernel_path ? &*env.kernel_path : nullptr;
  return {{"hostname", shown_fact(env.hostname, text)},
          {"cpu_model", shown_fact(env.cpu_model, text)},
          {"cpus", shown_fact(env.cpus, [](std::int64_t cpus) { return std::to_string(cpus); })},
          {"governor", shown_fact(env.governor, text)},
          {"smt", shown_fact(env.smt, part)},
          {"virtualization", shown_fact(env.virtualization, part)},
          {"thp", shown_fact(env.thp, text)},
          {"hvo", shown_fact(env.hvo, part)},
          {"mitigations", shown_fact(env.mitigations, part)},
          {"kernel_path.compound_head", path ? std::optional(path->compound_head) : std::nullopt},
          {"kernel_path.out_of_line",
           path ? std::optional(environment_text(path->out_of_line)) : std::nullopt},
          {"kernel_path.return_thunk.kind",
           path ? std::optional(path->return_thunk.kind) : std::nullopt},
          {"config.CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP", vmemmap}};
}

// Per compared fact, the distinct texts over the side's runs.
std::vector<std::set<std::string>> fact_values(const SampleSet& set) {
  std::vector<std::set<std::string>> values;
  for (const RunObservation& run : set.runs) {
    const ComparedFacts facts = compared_facts(run.environment.value_or(Environment{}));
    values.resize(facts.size());
    for (std::size_t i = 0; i < facts.size(); ++i) {
      if (facts[i].second) {
        values[i].insert(*facts[i].second);
      }
    }
  }
  return values;
}

// The distinct values of option `key` over the side's runs, as text.
std::set<std::string> option_values(const SampleSet& set, const std::string& key) {
  std::set<std::string> values;
  for (const RunObservation& run : set.runs) {
    for (const OptionText& option : compared_options(run)) {
      if (option.name == key) {
        values.insert(option.text);
      }
    }
  }
  return values;
}

void add_difference(const std::set<std::string>& in_a, const std::set<std::string>& in_b,
                    const std::string& label, std::vector<std::string>& differences) {
  if (!in_a.empty() && !in_b.empty() && in_a != in_b) {
    differences.push_back(
        fmt::format("{}: A {}, B {}", label, fmt::join(in_a, " | "), fmt::join(in_b, " | ")));
  }
}

}  // namespace

std::vector<std::string> environment_differences(const SampleSet& a, const SampleSet& b) {
  std::vector<std::string> differences;
  const auto in_a = fact_values(a);
  const auto in_b = fact_values(b);
  if (!in_a.empty() && !in_b.empty()) {
    const ComparedFacts names = compared_facts(Environment{});
    for (std::size_t i = 0; i < names.size(); ++i) {
      add_difference(in_a[i], in_b[i], names[i].first, differences);
    }
  }
  std::set<std::string> option_keys;
  for (const SampleSet* set : {&a, &b}) {
    for (const RunObservation& run : set->runs) {
      for (const OptionText& option : compared_options(run)) {
        option_keys.insert(option.name);
      }
    }
  }
  for (const std::string& key : option_keys) {
    add_difference(option_values(a, key), option_values(b, key), "option " + key, differences);
  }
  return differences;
}

std::vector<std::string> pooled_option_mixes(const SampleSet& set, const std::string& side) {
  // group → option → value → runs
  std::map<std::string, std::map<std::string, std::map<std::string, std::size_t>>> seen;
  for (const RunObservation& run : set.runs) {
    for (const OptionText& option : compared_options(run)) {
      ++seen[run.group][option.name][option.text];
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

NoisyRuns noisy_runs(const SampleSet& set) {
  NoisyRuns noisy;
  noisy.runs = set.runs.size();
  for (const RunObservation& run : set.runs) {
    const Fact<std::vector<std::string>> problems =
        run.environment ? run.environment->stability_warnings : Fact<std::vector<std::string>>();
    if (!problems || problems->empty()) {
      continue;
    }
    if (noisy.noisy++ == 0) {
      noisy.first_problems = *problems;
    }
  }
  return noisy;
}

std::string noisy_runs_text(const NoisyRuns& noisy, const std::string& side) {
  if (noisy.noisy == 0) {
    return "";
  }
  return fmt::format("{}: noisy machine during {} of {} run{}: {}", side, noisy.noisy, noisy.runs,
                     noisy.runs == 1 ? "" : "s", fmt::join(noisy.first_problems, "; "));
}

std::string noisy_runs_warning(const SampleSet& set, const std::string& side) {
  return noisy_runs_text(noisy_runs(set), side);
}

std::string emulated_runs_warning(const SampleSet& set, const std::string& side) {
  std::size_t emulated = 0;
  for (const RunObservation& run : set.runs) {
    const Fact<VirtualizationFacts> virtualization =
        run.environment ? run.environment->virtualization : Fact<VirtualizationFacts>();
    emulated += virtualization && virtualization->emulated.value_or(false) ? 1 : 0;
  }
  if (emulated == 0) {
    return "";
  }
  return fmt::format(
      "{}: {} of {} run{} measured in an emulated guest (QEMU TCG): these timings measure an "
      "emulator and do not represent the speed of the kernel on hardware",
      side, emulated, set.runs.size(), set.runs.size() == 1 ? " was" : "s were");
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
    if (std::string emulated = emulated_runs_warning(*set, side); !emulated.empty()) {
      warnings.push_back(std::move(emulated));
    }
  }
  return warnings;
}

}  // namespace clonebench
