#include "ab/ab_plan.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {

// Every metric observation_of() can produce, so a bad --metric fails before the experiment.
void check_metric_names(const std::vector<std::string>& requested) {
  const RunObservation base = observation_of(RunRecord{}, nullptr);
  for (const std::string& metric : requested) {
    bool known = base.metrics.contains(metric);
    for (const char* phase : {"create", "start", "reap"}) {
      for (const char* stat : {"mean", "p50", "p90", "p99", "max"}) {
        known = known || metric == fmt::format("latency_us.{}.{}", phase, stat);
      }
    }
    if (!known) {
      throw UsageError(fmt::format(
          "--metric {}: unknown for ab (ops_per_sec_real, ops_per_sec_cpu, real_time_s, "
          "sys_time_s, max_rss_kb, latency_us.create.p50, ...)",
          metric));
    }
  }
}

}  // namespace clonebench
