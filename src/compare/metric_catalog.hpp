#pragma once
// What each comparable metric means: which way is better and its unit. Rates are
// higher-is-better, times and sizes lower-is-better; one table, so every reader and renderer
// agrees.

#include <string>
#include <string_view>

namespace clonebench {

enum class Direction { kLowerIsBetter, kHigherIsBetter };

struct MetricInfo {
  Direction direction = Direction::kLowerIsBetter;
  std::string unit;  // benchstat's unit column: "ops/s", "sec", "µs", "KiB", "%", ""
};

// Known names: ops_per_sec_real, ops_per_sec_cpu, bogo_ops, real_time_s, usr_time_s,
// sys_time_s, cpu_per_instance_pct, max_rss_kb, time_s (hyperfine, number files with units),
// latency_us.<phase>.<stat>, and "value" (unit-less number files, lower is better unless the
// user says otherwise). Unknown names are treated as lower-is-better without a unit.
MetricInfo metric_info(std::string_view name);

std::string_view direction_name(Direction direction);  // "lower-is-better" | "higher-is-better"

}  // namespace clonebench
