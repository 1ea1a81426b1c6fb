#pragma once
// Which values of A and B are compared: groups (stressors) matched by name, or the only group
// of each side with the other's; metrics as requested (--metric) or the natural default
// (ops_per_sec_real, else time_s, else value).

#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "compare/sample_set.hpp"

namespace clonebench {

// `value_direction` overrides the direction of unit-less "value" metrics (number files).
// Throws UsageError naming the metric or the groups when nothing matches.
std::vector<MetricSamples> select_metrics(const SampleSet& a, const SampleSet& b,
                                          const std::vector<std::string>& requested,
                                          std::optional<Direction> value_direction);

}  // namespace clonebench
