#include "compare/metric_catalog.hpp"

namespace clonebench {

MetricInfo metric_info(std::string_view name) {
  if (name == "ops_per_sec_real" || name == "ops_per_sec_cpu") {
    return {Direction::kHigherIsBetter, "ops/s"};
  }
  if (name == "bogo_ops") {
    return {Direction::kHigherIsBetter, "ops"};
  }
  if (name == "real_time_s" || name == "usr_time_s" || name == "sys_time_s" || name == "time_s") {
    return {Direction::kLowerIsBetter, "sec"};
  }
  if (name == "cpu_per_instance_pct") {
    return {Direction::kLowerIsBetter, "%"};
  }
  if (name == "max_rss_kb") {
    return {Direction::kLowerIsBetter, "KiB"};
  }
  if (name.starts_with("latency_us.")) {
    return {Direction::kLowerIsBetter, "µs"};
  }
  return {Direction::kLowerIsBetter, ""};
}

std::string_view direction_name(Direction direction) {
  return direction == Direction::kHigherIsBetter ? "higher-is-better" : "lower-is-better";
}

}  // namespace clonebench
