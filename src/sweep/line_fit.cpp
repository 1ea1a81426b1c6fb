#include "sweep/line_fit.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <stdexcept>
#include <string>

#include "stats/normal_distribution.hpp"

namespace clonebench {
namespace {

constexpr int kBootstrapResamples = 500;
constexpr double kLowR2 = 0.8;
constexpr double kNonlinearRelativeChange = 0.25;

double median_in_place(std::vector<double>& values) {
  const std::size_t middle = values.size() / 2;
  std::nth_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle),
                   values.end());
  const double upper = values[middle];
  if (values.size() % 2 == 1) {
    return upper;
  }
  const double lower =
      *std::max_element(values.begin(), values.begin() + static_cast<std::ptrdiff_t>(middle));
  return (lower + upper) / 2;
}

// A NaN or infinite cost (a phase that was never timed) has no place on a line: it would make
// every slope through it NaN, and std::sort of NaNs is undefined.
void require_finite(const std::vector<double>& values, const char* axis) {
  if (std::any_of(values.begin(), values.end(), [](double v) { return !std::isfinite(v); })) {
    throw std::invalid_argument(std::string("a line fit needs finite values; ") + axis +
                                " holds NaN or infinity");
  }
}

std::vector<double> pairwise_slopes(const std::vector<double>& x, const std::vector<double>& y) {
  require_finite(x, "x");
  require_finite(y, "y");
  std::vector<double> slopes;
  slopes.reserve(x.size() * (x.size() - 1) / 2);
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (std::size_t j = i + 1; j < x.size(); ++j) {
      if (x[i] != x[j]) {
        slopes.push_back((y[j] - y[i]) / (x[j] - x[i]));
      }
    }
  }
  if (slopes.empty()) {
    throw std::invalid_argument("a line fit needs at least 2 distinct x values");
  }
  return slopes;
}

// Conover's intercept: the median of y - slope * x.
double intercept_for(const std::vector<double>& x, const std::vector<double>& y, double slope) {
  std::vector<double> offsets(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) {
    offsets[i] = y[i] - slope * x[i];
  }
  return median_in_place(offsets);
}

// Sum over groups of equal values of t(t-1)(2t+5): the tie term of Var(Kendall's S). Each
// group holds at least its first value, so the walk ends even on a value equal to nothing.
double tie_term(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  double term = 0;
  for (std::size_t start = 0; start < values.size();) {
    std::size_t end = start + 1;
    while (end < values.size() && values[end] == values[start]) {
      ++end;
    }
    const auto t = static_cast<double>(end - start);
    term += t * (t - 1) * (2 * t + 5);
    start = end;
  }
  return term;
}

std::map<double, std::vector<std::size_t>> group_by_x(const std::vector<double>& x) {
  std::map<double, std::vector<std::size_t>> levels;
  for (std::size_t i = 0; i < x.size(); ++i) {
    levels[x[i]].push_back(i);
  }
  return levels;
}

// Percentile interval of the Theil-Sen intercept over resamples drawn within each x level, so
// that every resample keeps the design (the sizes the user chose).
FitEstimate bootstrap_intercept(const std::vector<double>& x, const std::vector<double>& y,
                                double intercept, std::uint64_t seed) {
  const auto levels = group_by_x(x);
  std::mt19937_64 rng(seed);
  std::vector<double> intercepts;
  intercepts.reserve(kBootstrapResamples);
  std::vector<double> xs, ys;
  for (int resample = 0; resample < kBootstrapResamples; ++resample) {
    xs.clear();
    ys.clear();
    for (const auto& [level, members] : levels) {
      std::uniform_int_distribution<std::size_t> pick(0, members.size() - 1);
      for (std::size_t draw = 0; draw < members.size(); ++draw) {
        const std::size_t index = members[pick(rng)];
        xs.push_back(x[index]);
        ys.push_back(y[index]);
      }
    }
    intercepts.push_back(intercept_for(xs, ys, theil_sen_slope(xs, ys)));
  }
  std::sort(intercepts.begin(), intercepts.end());
  const auto at = [&intercepts](double q) {
    const auto index = static_cast<std::size_t>(std::floor(q * (intercepts.size() - 1) + 0.5));
    return intercepts[index];
  };
  return FitEstimate{intercept, at(0.025), at(0.975)};
}

double r_squared(const std::vector<double>& x, const std::vector<double>& y, double slope,
                 double intercept);

// R² of the per-level medians around the line: one descheduled run must not make a straight
// line look bad, which the R² of every observation does.
double median_r_squared(const std::vector<double>& x, const std::vector<double>& y, double slope,
                        double intercept) {
  std::vector<double> level_x, level_y;
  for (const auto& [level, members] : group_by_x(x)) {
    std::vector<double> values;
    for (std::size_t index : members) {
      values.push_back(y[index]);
    }
    level_x.push_back(level);
    level_y.push_back(median_in_place(values));
  }
  return r_squared(level_x, level_y, slope, intercept);
}

double r_squared(const std::vector<double>& x, const std::vector<double>& y, double slope,
                 double intercept) {
  double mean = 0;
  for (double value : y) {
    mean += value / static_cast<double>(y.size());
  }
  double residual = 0, total = 0;
  for (std::size_t i = 0; i < x.size(); ++i) {
    const double error = y[i] - (intercept + slope * x[i]);
    residual += error * error;
    total += (y[i] - mean) * (y[i] - mean);
  }
  return total > 0 ? 1 - residual / total : 1.0;
}

// True when the line bends: the slope over the lower half of the sizes and the slope over the
// upper half have disjoint 95 % intervals and differ by more than a quarter. Both halves share
// the middle level when the count is odd. Needs 3 levels; two always lie on a line.
bool looks_nonlinear(const std::vector<double>& x, const std::vector<double>& y) {
  const auto levels = group_by_x(x);
  if (levels.size() < 3) {
    return false;
  }
  const std::size_t half = (levels.size() + 1) / 2;
  std::vector<double> low_x, low_y, high_x, high_y;
  std::size_t position = 0;
  for (const auto& [level, members] : levels) {
    for (std::size_t index : members) {
      if (position < half) {
        low_x.push_back(level);
        low_y.push_back(y[index]);
      }
      if (position + half >= levels.size()) {
        high_x.push_back(level);
        high_y.push_back(y[index]);
      }
    }
    ++position;
  }
  const FitEstimate low = sen_slope_interval(low_x, low_y);
  const FitEstimate high = sen_slope_interval(high_x, high_y);
  const bool disjoint = low.hi < high.lo || high.hi < low.lo;
  const double larger = std::max(std::fabs(low.estimate), std::fabs(high.estimate));
  return disjoint && std::fabs(high.estimate - low.estimate) > kNonlinearRelativeChange * larger;
}

}  // namespace

double theil_sen_slope(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> slopes = pairwise_slopes(x, y);
  return median_in_place(slopes);
}

FitEstimate sen_slope_interval(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> slopes = pairwise_slopes(x, y);
  std::sort(slopes.begin(), slopes.end());
  const auto n = static_cast<double>(x.size());
  const double variance = (n * (n - 1) * (2 * n + 5) - tie_term(x) - tie_term(y)) / 18;
  const double half_width = kNormalQuantile975 * std::sqrt(std::max(variance, 0.0));
  const auto count = static_cast<double>(slopes.size());
  // Hollander & Wolfe: lower = slope of rank (N - C)/2, upper = rank (N + C)/2 + 1 (1-based).
  const double lower_rank = std::max(std::round((count - half_width) / 2), 1.0);
  const double upper_rank = std::min(std::round((count + half_width) / 2) + 1, count);
  FitEstimate interval;
  interval.estimate = median_in_place(slopes);
  std::sort(slopes.begin(), slopes.end());
  interval.lo = slopes[static_cast<std::size_t>(lower_rank) - 1];
  interval.hi = slopes[static_cast<std::size_t>(upper_rank) - 1];
  return interval;
}

LineFit fit_line(const std::vector<double>& x, const std::vector<double>& y, std::uint64_t seed) {
  if (x.size() != y.size()) {
    throw std::invalid_argument("fit_line: x and y differ in length");
  }
  LineFit fit;
  fit.n = x.size();
  fit.levels = group_by_x(x).size();
  fit.slope = sen_slope_interval(x, y);
  const double intercept = intercept_for(x, y, fit.slope.estimate);
  fit.intercept = bootstrap_intercept(x, y, intercept, seed);
  fit.r2 = median_r_squared(x, y, fit.slope.estimate, intercept);
  fit.r2_runs = r_squared(x, y, fit.slope.estimate, intercept);
  if (looks_nonlinear(x, y)) {
    fit.flags.push_back("nonlinear");
  }
  // Without a size effect (shared, file: slope CI around 0) a low R² is the expected answer.
  const bool size_matters = fit.slope.lo > 0 || fit.slope.hi < 0;
  if (size_matters && fit.r2 < kLowR2) {
    fit.flags.push_back("low_r2");
  }
  return fit;
}

}  // namespace clonebench
