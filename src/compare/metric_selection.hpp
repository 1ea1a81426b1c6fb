#pragma once
// Which values of A and B are compared: groups matched by name, or the only group of each side
// with the other's. A stored run's group is its stressor and the settings that change the work
// (record/run_group.hpp), so runs of different settings are compared group by group, never
// pooled; metrics as requested (--metric) or the natural default
// (ops_per_sec_real, else time_s, else value), with the others both sides hold beside it.

#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "compare/sample_set.hpp"

namespace clonebench {

// `value_direction` overrides the direction of unit-less "value" metrics (number files).
// The requested metrics, or the default one, are primary (MetricRole); with `with_secondary` and
// nothing requested, the other metrics both sides of a group hold follow as secondary rows
// (docs/statistics.md, "Primary and secondary metrics": beside a rate, the phases' median
// latencies, misc metrics such as stress-ng's microsecs_per_clone and instruction counts).
// A metric nobody defined has an unknown direction, except stress-ng's "microsecs_per_..."
// times (lower is better, µs). Throws UsageError naming the metric or the groups when nothing
// matches.
std::vector<MetricSamples> select_metrics(const SampleSet& a, const SampleSet& b,
                                          const std::vector<std::string>& requested,
                                          std::optional<Direction> value_direction,
                                          bool with_secondary = false);

// What the comparison leaves out or pairs across settings, one line each: the groups only one
// side measured ("not compared: fork (rss 64M) is only in A (LABEL), 6 runs"), or, when each side
// holds one group and their names differ, that different settings are compared. Empty when
// every group has its match.
std::vector<std::string> group_match_notes(const SampleSet& a, const SampleSet& b);

// `set`'s runs of the groups that are compared with `other` (all of them when each side holds
// one group), so that warnings about the inputs speak of what was compared.
SampleSet compared_runs(const SampleSet& set, const SampleSet& other);

}  // namespace clonebench
