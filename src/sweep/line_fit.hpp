#pragma once
// A robust straight-line fit y = intercept + slope * x for cost versus parent size: Theil-Sen
// estimates, Sen's distribution-free 95 % interval for the slope, a seeded bootstrap (resampling
// within each x level) for the intercept, R², and flags for a shape that is not a line.

#include <cstdint>
#include <string>
#include <vector>

namespace clonebench {

struct FitEstimate {
  double estimate = 0, lo = 0, hi = 0;  // 95 % confidence interval [lo, hi]
};

struct LineFit {
  FitEstimate slope, intercept;
  double r2 = 0;           // 1 - SS_residual / SS_total of the per-x medians around the line
  double r2_runs = 0;      // the same over every observation (outliers included)
  std::size_t n = 0;       // observations
  std::size_t levels = 0;  // distinct x values
  std::vector<std::string> flags;  // "nonlinear", "low_r2"; empty = the line describes the data
  bool bad() const noexcept { return !flags.empty(); }
};

// Needs at least 2 distinct x values and finite x and y (throws std::invalid_argument otherwise;
// callers check the size list first). `seed` makes the bootstrap reproducible.
LineFit fit_line(const std::vector<double>& x, const std::vector<double>& y, std::uint64_t seed);

// Theil-Sen slope alone: the median of the slopes of all pairs with distinct x.
double theil_sen_slope(const std::vector<double>& x, const std::vector<double>& y);

// Sen's interval for the slope at 95 %: order statistics of the pairwise slopes chosen with the
// normal approximation of Kendall's S, with the variance corrected for ties in x and in y.
FitEstimate sen_slope_interval(const std::vector<double>& x, const std::vector<double>& y);

}  // namespace clonebench
