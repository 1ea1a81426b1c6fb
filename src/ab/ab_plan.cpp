#include "ab/ab_plan.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "record/metric_table.hpp"

namespace clonebench {

// A bad --metric fails before the experiment, not after its last pair.
void check_metric_names(const std::vector<std::string>& requested) {
  for (const std::string& metric : requested) {
    if (!is_run_metric(metric)) {
      throw UsageError(fmt::format(
          "--metric {}: unknown for ab (ops_per_sec_real, ops_per_sec_cpu, real_time_s, "
          "sys_time_s, max_rss_kb, latency_us.create.p50, ...)",
          metric));
    }
  }
}

}  // namespace clonebench
