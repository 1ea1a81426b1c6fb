#include "core/stress_ng_accounting.hpp"

#include <cmath>

namespace clonebench {

double StressNgAccounting::ops_per_sec_real(std::uint64_t bogo_ops) const noexcept {
  return real_time_s > 0 ? static_cast<double>(bogo_ops) / real_time_s : 0.0;
}

double StressNgAccounting::ops_per_sec_cpu(std::uint64_t bogo_ops) const noexcept {
  const double cpu_s = usr_time_s + sys_time_s;
  return cpu_s > 0 ? static_cast<double>(bogo_ops) / cpu_s : 0.0;
}

double StressNgAccounting::cpu_per_instance_pct(std::uint32_t instances) const noexcept {
  if (real_time_s <= 0 || instances == 0) {
    return 0.0;
  }
  return 100.0 * (usr_time_s + sys_time_s) / real_time_s / instances;
}

double StressNgAccounting::metric_geometric_mean() const noexcept {
  double mantissa = 1.0;
  std::int64_t exponent = 0;
  double count = 0;
  for (const double value : metric_values) {
    if (value > 0.0) {
      int value_exponent = 0;
      mantissa *= std::frexp(value, &value_exponent);
      exponent += value_exponent;
      count += 1.0;
    }
  }
  if (count == 0) {
    return 0.0;
  }
  const double inverse = 1.0 / count;
  return std::pow(mantissa, inverse) * std::pow(2.0, static_cast<double>(exponent) * inverse);
}

double StressNgAccounting::metric_mean() const noexcept {
  if (metric_values.empty()) {
    return 0.0;
  }
  double total = 0;
  for (const double value : metric_values) {
    total += value;
  }
  return total / static_cast<double>(metric_values.size());
}

}  // namespace clonebench
