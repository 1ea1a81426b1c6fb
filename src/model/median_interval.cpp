#include "model/median_interval.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace clonebench::model {
namespace {

// P(Binomial(n, 1/2) <= k), summed in log space so that n in the thousands does not overflow.
double binomial_half_cdf(std::size_t n, std::size_t k) {
  const double log_half_n = static_cast<double>(n) * std::log(0.5);
  double total = 0;
  for (std::size_t i = 0; i <= k && i <= n; ++i) {
    const double log_choose = std::lgamma(static_cast<double>(n) + 1) -
                              std::lgamma(static_cast<double>(i) + 1) -
                              std::lgamma(static_cast<double>(n - i) + 1);
    total += std::exp(log_choose + log_half_n);
  }
  return std::min(total, 1.0);
}

}  // namespace

double median_interval_coverage(std::size_t n, std::size_t rank) {
  if (rank == 0 || 2 * rank > n + 1) {
    return 0;
  }
  return 1 - 2 * binomial_half_cdf(n, rank - 1);
}

std::size_t median_interval_rank(std::size_t n, double level) {
  std::size_t rank = 1;
  while (2 * (rank + 1) <= n + 1 && median_interval_coverage(n, rank + 1) >= level) {
    ++rank;
  }
  return rank;
}

MedianInterval median_interval(std::span<const double> samples, double level) {
  if (samples.empty()) {
    throw std::invalid_argument("median_interval: no samples");
  }
  std::vector<double> sorted(samples.begin(), samples.end());
  std::sort(sorted.begin(), sorted.end());
  const std::size_t n = sorted.size();
  MedianInterval interval;
  interval.estimate = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  const std::size_t rank = median_interval_rank(n, level);
  interval.low = sorted[rank - 1];
  interval.high = sorted[n - rank];
  interval.coverage = median_interval_coverage(n, rank);
  return interval;
}

}  // namespace clonebench::model
