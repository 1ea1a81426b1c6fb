#include "stats/precision_stop.hpp"

#include <cmath>
#include <limits>

#include "stats/hodges_lehmann.hpp"

namespace clonebench {

double relative_half_width(std::span<const double> log_differences, double alpha) {
  if (log_differences.empty()) {
    return std::numeric_limits<double>::infinity();
  }
  const ShiftEstimate shift = hodges_lehmann_paired(log_differences, alpha);
  if (!std::isfinite(shift.ci_low) || !std::isfinite(shift.ci_high)) {
    return std::numeric_limits<double>::infinity();
  }
  return (std::exp(shift.ci_high) - std::exp(shift.ci_low)) / 2;
}

bool is_look(std::size_t pairs, const PrecisionTarget& target) noexcept {
  if (pairs < target.first_look_pairs) {
    return false;
  }
  const std::size_t block = target.block_pairs == 0 ? 1 : target.block_pairs;
  return (pairs - target.first_look_pairs) % block == 0;
}

bool precision_reached(const std::vector<std::vector<double>>& log_differences_by_metric,
                       const PrecisionTarget& target, double alpha) {
  if (log_differences_by_metric.empty()) {
    return false;
  }
  for (const std::vector<double>& differences : log_differences_by_metric) {
    if (!(relative_half_width(differences, alpha) <= target.half_width)) {
      return false;
    }
  }
  return true;
}

}  // namespace clonebench
