#pragma once
// Descriptive statistics and diagnostics of one sample: centre, noise, outliers and drift.
// Diagnostics are reported, never acted on: outliers are counted and kept (the rank methods are
// robust to them), drift is a warning.

#include <cstddef>
#include <span>

namespace clonebench {

// Throws std::invalid_argument on an empty sample (all functions below).
double median(std::span<const double> values);
double mean(std::span<const double> values);
// Sample standard deviation (n − 1); 0 for a single value.
double standard_deviation(std::span<const double> values);
// Linear-interpolation quantile (type 7, as numpy's default), q in [0, 1].
double quantile(std::span<const double> values, double q);
// Median absolute deviation from the median (unscaled).
double median_absolute_deviation(std::span<const double> values);

// CV on the log scale, exp(sd(ln x)) − 1: the typical multiplicative run-to-run spread.
// Values must be positive.
double log_cv(std::span<const double> values);
// 1.4826·MAD/median: the CV a normal sample would have, ignoring outliers. 0 if median is 0.
double robust_cv(std::span<const double> values);

// Tukey fences: mild beyond 1.5·IQR from the quartiles, severe beyond 3·IQR (criterion's).
struct OutlierCounts {
  std::size_t low_severe = 0, low_mild = 0, high_mild = 0, high_severe = 0;
  std::size_t total() const noexcept { return low_severe + low_mild + high_mild + high_severe; }
};
OutlierCounts count_outliers(std::span<const double> values);

// Spearman's rank correlation of the values with their position in the sequence, and its
// two-sided p-value from the t approximation with n − 2 degrees of freedom (scipy's). A
// significant ρ means the machine drifted while the runs were taken.
struct Drift {
  double rho = 0;
  double p = 1;
};
// n < 3 gives {0, 1}.
Drift drift_of(std::span<const double> values_in_sequence);

// Spearman's ρ between two equally long samples (Pearson correlation of the tie-averaged ranks).
double spearman_rho(std::span<const double> x, std::span<const double> y);

}  // namespace clonebench
