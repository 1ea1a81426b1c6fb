#pragma once
// stress-ng's own accounting of a --workload stress-ng run: the numbers its --metrics table and
// YAML would show for the same run (docs/measurement.md, "Two accountings"). Plain data; the
// derived numbers use stress-ng 0.15.06's formulas.

#include <cstdint>
#include <string>
#include <vector>

namespace clonebench {

struct StressNgAccounting {
  double real_time_s = 0;  // mean over instances: set-up, loop and teardown
  double usr_time_s = 0;   // sum over instances: the worker and the children it reaped
  double sys_time_s = 0;
  std::uint64_t max_rss_kb = 0;       // max over instances
  std::string metric;                 // its misc metric, e.g. "microsecs per clone"; empty: none
  std::vector<double> metric_values;  // the misc metric of each instance

  double ops_per_sec_real(std::uint64_t bogo_ops) const noexcept;
  double ops_per_sec_cpu(std::uint64_t bogo_ops) const noexcept;
  double cpu_per_instance_pct(std::uint32_t instances) const noexcept;
  // The --metrics table's value: the geometric mean over instances whose value is above zero,
  // computed as stress-ng does (mantissas and exponents apart, so it cannot overflow); 0 if none.
  double metric_geometric_mean() const noexcept;
  // The YAML's value: the sum over instances divided by their number.
  double metric_mean() const noexcept;
};

}  // namespace clonebench
