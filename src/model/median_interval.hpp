#pragma once
// A distribution-free confidence interval for a median: the order statistics x(l) and
// x(n+1-l) cover the population median with probability 1 - 2 P(Binomial(n, 1/2) <= l-1),
// whatever the distribution. Timing samples are skewed (a run can be arbitrarily slow, never
// faster than its floor), so no normality is assumed.

#include <cstddef>
#include <span>

namespace clonebench::model {

struct MedianInterval {
  double estimate = 0;  // sample median
  double low = 0;
  double high = 0;
  double coverage = 0;  // exact coverage of [low, high]: >= the requested level when n allows
};

// 1-based rank l of the lower bound for n samples at `level`: the largest l whose interval
// still covers with probability >= level; 1 (min..max) when even that falls short.
std::size_t median_interval_rank(std::size_t n, double level);

// Exact coverage of [x(l), x(n+1-l)].
double median_interval_coverage(std::size_t n, std::size_t rank);

// Throws std::invalid_argument for an empty sample.
MedianInterval median_interval(std::span<const double> samples, double level);

}  // namespace clonebench::model
