#include "compare/metric_selection.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "core/error.hpp"

namespace clonebench {
namespace {

// The first each side has: a run's rate, or, for a guest run measured in instructions
// (record/instruction_metrics.hpp), its instructions per operation; then other tools' names.
constexpr const char* kDefaultMetrics[] = {"ops_per_sec_real", "guest_instructions_per_op",
                                           "time_s", "value"};

std::vector<std::string> groups_of(const SampleSet& set) {
  std::vector<std::string> groups;
  for (const RunObservation& run : set.runs) {
    if (std::find(groups.begin(), groups.end(), run.group) == groups.end()) {
      groups.push_back(run.group);
    }
  }
  return groups;
}

// For the "nothing in common" message: a group without a name is a number file's values.
std::string joined_names(const std::vector<std::string>& names) {
  if (names.empty()) {
    return "nothing";
  }
  std::string text;
  for (const std::string& name : names) {
    text +=
        (text.empty() ? "" : ", ") + (name.empty() ? std::string("values without a name") : name);
  }
  return text;
}

std::set<std::string> metrics_of(const SampleSet& set, const std::string& group) {
  std::set<std::string> names;
  for (const RunObservation& run : set.runs) {
    if (run.group == group) {
      for (const auto& [name, value] : run.metrics) {
        names.insert(name);
      }
    }
  }
  return names;
}

// The values of a metric and, when every run says which boot it had, their boots.
void values_of(const SampleSet& set, const std::string& group, const std::string& metric,
               std::vector<double>& values, std::vector<std::string>& boots) {
  bool every_boot_known = true;
  for (const RunObservation& run : set.runs) {
    const auto found = run.metrics.find(metric);
    if (run.group == group && found != run.metrics.end()) {
      values.push_back(found->second);
      boots.push_back(run.boot);
      every_boot_known = every_boot_known && !run.boot.empty();
    }
  }
  if (!every_boot_known) {
    boots.clear();
  }
}

// (A group, B group) pairs to compare.
std::vector<std::pair<std::string, std::string>> matched_groups(const SampleSet& a,
                                                                const SampleSet& b) {
  const std::vector<std::string> groups_a = groups_of(a);
  const std::vector<std::string> groups_b = groups_of(b);
  if (groups_a.size() == 1 && groups_b.size() == 1) {
    return {{groups_a.front(), groups_b.front()}};
  }
  std::vector<std::pair<std::string, std::string>> matched;
  for (const std::string& group : groups_a) {
    if (std::find(groups_b.begin(), groups_b.end(), group) != groups_b.end()) {
      matched.emplace_back(group, group);
    }
  }
  if (matched.empty()) {
    throw UsageError(fmt::format("A ({}) measured {} but B ({}) measured {}: nothing in common",
                                 a.source, joined_names(groups_a), b.source,
                                 joined_names(groups_b)));
  }
  return matched;
}

std::vector<std::string> metrics_for(const std::set<std::string>& in_a,
                                     const std::set<std::string>& in_b,
                                     const std::vector<std::string>& requested, const SampleSet& a,
                                     const SampleSet& b) {
  std::vector<std::string> common;
  std::set_intersection(in_a.begin(), in_a.end(), in_b.begin(), in_b.end(),
                        std::back_inserter(common));
  if (!requested.empty()) {
    for (const std::string& metric : requested) {
      if (!in_a.contains(metric) || !in_b.contains(metric)) {
        throw UsageError(fmt::format("--metric {}: not in {} (metrics in both: {})", metric,
                                     in_a.contains(metric) ? b.source : a.source,
                                     joined_names(common)));
      }
    }
    return requested;
  }
  for (const char* metric : kDefaultMetrics) {
    if (in_a.contains(metric) && in_b.contains(metric)) {
      return {metric};
    }
  }
  throw UsageError(fmt::format("{} and {} share no default metric; choose one with --metric ({})",
                               a.source, b.source, joined_names(common)));
}

std::size_t runs_in(const SampleSet& set, const std::string& group) {
  return static_cast<std::size_t>(
      std::count_if(set.runs.begin(), set.runs.end(),
                    [&group](const RunObservation& run) { return run.group == group; }));
}

}  // namespace

std::vector<std::string> group_match_notes(const SampleSet& a, const SampleSet& b) {
  const std::vector<std::string> groups_a = groups_of(a);
  const std::vector<std::string> groups_b = groups_of(b);
  if (groups_a.size() == 1 && groups_b.size() == 1) {
    if (groups_a.front() == groups_b.front()) {
      return {};
    }
    return {
        fmt::format("A ({}) measured {} and B ({}) measured {}: the comparison is between "
                    "these different settings",
                    a.source, joined_names(groups_a), b.source, joined_names(groups_b))};
  }
  std::vector<std::string> notes;
  for (const auto& [side, set, other] :
       {std::tuple{"A", &a, &groups_b}, std::tuple{"B", &b, &groups_a}}) {
    for (const std::string& group : groups_of(*set)) {
      if (std::find(other->begin(), other->end(), group) == other->end()) {
        const std::size_t runs = runs_in(*set, group);
        notes.push_back(fmt::format("not compared: {} is only in {} ({}), {} run{}",
                                    joined_names({group}), side, set->source, runs,
                                    runs == 1 ? "" : "s"));
      }
    }
  }
  return notes;
}

SampleSet compared_runs(const SampleSet& set, const SampleSet& other) {
  const std::vector<std::string> groups = groups_of(set);
  const std::vector<std::string> other_groups = groups_of(other);
  if (groups.size() == 1 && other_groups.size() == 1) {
    return set;
  }
  SampleSet compared{set.source, set.format, {}};
  for (const RunObservation& run : set.runs) {
    if (std::find(other_groups.begin(), other_groups.end(), run.group) != other_groups.end()) {
      compared.runs.push_back(run);
    }
  }
  return compared;
}

std::vector<MetricSamples> select_metrics(const SampleSet& a, const SampleSet& b,
                                          const std::vector<std::string>& requested,
                                          std::optional<Direction> value_direction) {
  const auto groups = matched_groups(a, b);
  std::vector<MetricSamples> selected;
  for (const auto& [group_a, group_b] : groups) {
    const auto metrics =
        metrics_for(metrics_of(a, group_a), metrics_of(b, group_b), requested, a, b);
    for (const std::string& metric : metrics) {
      MetricSamples samples;
      // Named by its group whenever a side holds several, so that no row reads as all runs.
      const bool several = groups_of(a).size() > 1 || groups_of(b).size() > 1;
      samples.name = several ? group_a + "/" + metric : metric;
      samples.info = metric_info(metric);
      if (metric == "value" && value_direction) {
        samples.info.direction = *value_direction;
      }
      values_of(a, group_a, metric, samples.a, samples.a_boots);
      values_of(b, group_b, metric, samples.b, samples.b_boots);
      if (samples.a_boots.empty() || samples.b_boots.empty()) {
        samples.a_boots.clear();
        samples.b_boots.clear();
      }
      selected.push_back(std::move(samples));
    }
  }
  return selected;
}

}  // namespace clonebench
