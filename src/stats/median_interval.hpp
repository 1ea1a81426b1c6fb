#pragma once
// benchstat's confidence interval of a median: a pair of order statistics chosen on the
// Binomial(n, ½) distribution (go-moremath stats.QuantileCI), so `--format benchstat` prints
// the same "± x%" and the same "need >= 6 samples" as benchstat itself.

#include <cstddef>
#include <span>

namespace clonebench {

struct OrderInterval {
  std::size_t lo_order = 0;  // 1-based; 0 means −∞
  std::size_t hi_order = 0;  // 1-based; n + 1 means +∞
  double confidence = 0;     // actual confidence, >= the requested one
};

// Exact (greedy from the mode, left-biased) for n <= 30, normal approximation above.
OrderInterval median_order_interval(std::size_t n, double confidence);

struct ValueInterval {
  double lo = 0, hi = 0;  // ±inf when the order is outside the sample
};
ValueInterval median_interval(std::span<const double> values, double confidence);

}  // namespace clonebench
