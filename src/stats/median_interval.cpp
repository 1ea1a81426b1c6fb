#include "stats/median_interval.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "stats/normal_distribution.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kApproximationAbove = 30;

double binomial_half_pmf(std::size_t n, long k) {
  if (k < 0 || k > static_cast<long>(n)) {
    return 0.0;
  }
  const double log_choose = std::lgamma(static_cast<double>(n) + 1) -
                            std::lgamma(static_cast<double>(k) + 1) -
                            std::lgamma(static_cast<double>(n) - static_cast<double>(k) + 1);
  return std::exp(log_choose - static_cast<double>(n) * std::log(2.0));
}

OrderInterval exact_interval(std::size_t n, double confidence) {
  // k = how many samples fall below the population median; PMF(k) is the chance that the
  // median lies between x(k) and x(k+1). Sum outwards from the (lower) mode.
  long x = static_cast<long>(std::ceil(static_cast<double>(n + 1) * 0.5)) - 1;
  double accumulated = binomial_half_pmf(n, x);
  long l = x, r = x + 1;
  double lp = binomial_half_pmf(n, l - 1), rp = binomial_half_pmf(n, r);
  while (accumulated < confidence && (lp > 0 || rp > 0)) {
    if (lp >= rp) {
      accumulated += lp;
      --l;
      lp = binomial_half_pmf(n, l - 1);
    } else {
      accumulated += rp;
      ++r;
      rp = binomial_half_pmf(n, r);
    }
  }
  return {static_cast<std::size_t>(std::max(l, 0L)),
          static_cast<std::size_t>(std::min(r, static_cast<long>(n) + 1)), accumulated};
}

OrderInterval approximate_interval(std::size_t n, double confidence) {
  const double mu = static_cast<double>(n) / 2;
  const double sigma = std::sqrt(static_cast<double>(n)) / 2;
  const double l1 = mu + sigma * normal_quantile((1 - confidence) / 2);
  const double r1 = 2 * mu - l1;
  long l = static_cast<long>(std::floor(std::floor(l1 - 0.5) + 0.5)) + 1;
  long r = static_cast<long>(std::floor(std::ceil(r1 - 0.5) + 0.5)) + 1;
  auto coverage = [&](long lo, long hi) {
    return normal_cdf((static_cast<double>(hi) - 0.5 - mu) / sigma) -
           normal_cdf((static_cast<double>(lo) - 0.5 - mu) / sigma);
  };
  double actual = coverage(l, r);
  const double biased = coverage(l, r - 1);
  if (biased >= confidence && biased < actual) {
    actual = biased;
    --r;
  }
  if (l <= 0 && r >= static_cast<long>(n) + 1) {
    actual = 1.0;
  }
  return {static_cast<std::size_t>(std::max(l, 0L)),
          static_cast<std::size_t>(std::min(r, static_cast<long>(n) + 1)), actual};
}

}  // namespace

OrderInterval median_order_interval(std::size_t n, double confidence) {
  if (confidence >= 1) {
    return {0, n + 1, 1.0};
  }
  return n <= kApproximationAbove ? exact_interval(n, confidence)
                                  : approximate_interval(n, confidence);
}

ValueInterval median_interval(std::span<const double> values, double confidence) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  const OrderInterval orders = median_order_interval(sorted.size(), confidence);
  constexpr double kInfinity = std::numeric_limits<double>::infinity();
  ValueInterval interval;
  interval.lo = orders.lo_order < 1 ? -kInfinity : sorted[orders.lo_order - 1];
  interval.hi = orders.hi_order > sorted.size() ? kInfinity : sorted[orders.hi_order - 1];
  return interval;
}

}  // namespace clonebench
