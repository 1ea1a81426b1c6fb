#include "compare/metric_selection.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "core/error.hpp"
#include "record/instruction_metrics.hpp"

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

// A metric shown beside `primary` when both sides hold it: every one, except, beside a rate, the
// run's other totals (bogo ops, times and CPU share grow with the run's length, and ops/s of CPU
// restates the rate) and, of the latencies, all but the medians (a phase's mean and tail move
// with its median and are noisier): the rate, the phases' p50, another tool's misc metric
// ("microsecs_per_clone") and the instruction counts remain, a handful of rows.
bool shown_beside(const std::string& name, const std::string& primary) {
  if (name == primary) {
    return false;
  }
  if (name.starts_with("latency_us.")) {
    return name.ends_with(".p50");
  }
  return primary != "ops_per_sec_real" || find_run_metric(name) == nullptr;
}

// What a comparison knows of `name`: the metric table's unit and direction; for a misc metric
// named as stress-ng names its times ("microsecs_per_clone"), lower is better, in µs; for any
// other name nobody defined, the direction is unknown.
void describe(MetricSamples& samples, const std::string& name,
              std::optional<Direction> value_direction) {
  samples.info = metric_info(name);
  if (name == "value" && value_direction) {
    samples.info.direction = *value_direction;
  }
  const bool defined = is_run_metric(name) || find_instruction_metric(name) != nullptr ||
                       name == "time_s" || name == "value";
  if (!defined && name.starts_with("microsecs_per_")) {
    samples.info = {Direction::kLowerIsBetter, "µs"};
  } else if (!defined) {
    samples.direction_known = false;
  }
}

// The metrics shown beside `primary`, the latencies in the phases' order (create, start, reap),
// then the others by name.
std::vector<std::string> secondary_names(const std::set<std::string>& in_a,
                                         const std::set<std::string>& in_b,
                                         const std::string& primary) {
  std::vector<std::string> names;
  for (const LatencyPhase& phase : kLatencyPhases) {
    const std::string name = latency_metric_name(phase.name, "p50");
    if (in_a.contains(name) && in_b.contains(name) && shown_beside(name, primary)) {
      names.push_back(name);
    }
  }
  for (const std::string& name : in_a) {
    if (!name.starts_with("latency_us.") && in_b.contains(name) && shown_beside(name, primary)) {
      names.push_back(name);
    }
  }
  return names;
}

// A change is a ratio: a secondary metric with a value of 0 (`time`'s "sys 0.00") is left out
// rather than refused, since nobody asked for it (a named metric is refused, naming the value).
bool all_positive(const std::vector<double>& values) {
  return std::all_of(values.begin(), values.end(), [](double v) { return v > 0; });
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
                                          std::optional<Direction> value_direction,
                                          bool with_secondary) {
  const auto groups = matched_groups(a, b);
  // Named by its group whenever a side holds several, so that no row reads as all runs.
  const bool several = groups_of(a).size() > 1 || groups_of(b).size() > 1;
  std::vector<MetricSamples> primary, secondary;
  for (const auto& [group_a, group_b] : groups) {
    const std::set<std::string> in_a = metrics_of(a, group_a);
    const std::set<std::string> in_b = metrics_of(b, group_b);
    const std::vector<std::string> chosen = metrics_for(in_a, in_b, requested, a, b);
    std::vector<std::pair<std::string, MetricRole>> rows;
    for (const std::string& metric : chosen) {
      rows.emplace_back(metric, MetricRole::kPrimary);
    }
    if (with_secondary && requested.empty()) {
      for (const std::string& metric : secondary_names(in_a, in_b, chosen.front())) {
        rows.emplace_back(metric, MetricRole::kSecondary);
      }
    }
    for (const auto& [metric, role] : rows) {
      MetricSamples samples;
      samples.name = several ? group_a + "/" + metric : metric;
      samples.role = role;
      describe(samples, metric, value_direction);
      values_of(a, group_a, metric, samples.a, samples.a_boots);
      values_of(b, group_b, metric, samples.b, samples.b_boots);
      if (samples.a_boots.empty() || samples.b_boots.empty()) {
        samples.a_boots.clear();
        samples.b_boots.clear();
      }
      if (role == MetricRole::kPrimary) {
        primary.push_back(std::move(samples));
      } else if (all_positive(samples.a) && all_positive(samples.b)) {
        secondary.push_back(std::move(samples));
      }
    }
  }
  // The primary rows first, group by group, then the secondary ones: the order the report shows.
  for (MetricSamples& samples : secondary) {
    primary.push_back(std::move(samples));
  }
  return primary;
}

}  // namespace clonebench
