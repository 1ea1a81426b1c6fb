#include "stats/sample_size.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "stats/mann_whitney.hpp"
#include "stats/normal_distribution.hpp"
#include "stats/signed_rank.hpp"

namespace clonebench {
namespace {

constexpr double kRankTestInefficiency = M_PI / 3.0;
constexpr std::size_t kMedianCiMinRuns = 6;
constexpr std::size_t kSearchLimit = 10000;

double z_sum(double alpha, double power) {
  return normal_quantile(1 - alpha / 2) + normal_quantile(power);
}

std::size_t ceil_count(double value) {
  if (!std::isfinite(value) || value > 1e9) {
    return std::numeric_limits<std::size_t>::max();
  }
  return static_cast<std::size_t>(std::ceil(value));
}

}  // namespace

double minimum_detectable_effect_unpaired(double sigma_log, std::size_t n_a, std::size_t n_b,
                                          double alpha, double power) {
  const double inverse_sizes = 1.0 / static_cast<double>(n_a) + 1.0 / static_cast<double>(n_b);
  return z_sum(alpha, power) * sigma_log * std::sqrt(inverse_sizes * kRankTestInefficiency);
}

double minimum_detectable_effect_paired(double sigma_d, std::size_t pairs, double alpha,
                                        double power) {
  return z_sum(alpha, power) * sigma_d *
         std::sqrt(kRankTestInefficiency / static_cast<double>(pairs));
}

std::size_t min_runs_per_side_for_alpha(double alpha) {
  for (std::size_t n = 1; n < kSearchLimit; ++n) {
    if (mann_whitney_min_p(n, n) <= alpha) {
      return n;
    }
  }
  return kSearchLimit;
}

std::size_t min_pairs_for_alpha(double alpha) {
  for (std::size_t n = 1; n < kSearchLimit; ++n) {
    if (signed_rank_min_p(n) <= alpha) {
      return n;
    }
  }
  return kSearchLimit;
}

std::size_t runs_needed_per_side(double sigma_log, double effect_log, double alpha, double power) {
  const double ratio = sigma_log / std::fabs(effect_log);
  const double z = z_sum(alpha, power);
  const std::size_t n = ceil_count(2 * z * z * ratio * ratio * kRankTestInefficiency);
  const std::size_t floor = std::max(kMedianCiMinRuns, min_runs_per_side_for_alpha(alpha));
  if (n == std::numeric_limits<std::size_t>::max()) {
    return n;
  }
  return std::max(floor, n + 1);
}

std::size_t pairs_needed(double sigma_d, double effect_log, double alpha, double power) {
  const double ratio = sigma_d / std::fabs(effect_log);
  const double z = z_sum(alpha, power);
  const std::size_t n = ceil_count(z * z * ratio * ratio * kRankTestInefficiency);
  if (n == std::numeric_limits<std::size_t>::max()) {
    return n;
  }
  return std::max(min_pairs_for_alpha(alpha), n + 1);
}

}  // namespace clonebench
