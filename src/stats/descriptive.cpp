#include "stats/descriptive.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "stats/normal_distribution.hpp"
#include "stats/ranks.hpp"

namespace clonebench {
namespace {

void require_values(std::span<const double> values, const char* what) {
  if (values.empty()) {
    throw std::invalid_argument(std::string(what) + ": empty sample");
  }
}

std::vector<double> sorted_copy(std::span<const double> values) {
  std::vector<double> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  return sorted;
}

double sorted_quantile(const std::vector<double>& sorted, double q) {
  const double position = q * static_cast<double>(sorted.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, sorted.size() - 1);
  const double fraction = position - static_cast<double>(below);
  const double gap = sorted[above] - sorted[below];
  if (!std::isfinite(gap)) {  // ends of opposite sign near the limit of double
    return (1 - fraction) * sorted[below] + fraction * sorted[above];
  }
  return sorted[below] + fraction * gap;
}

// A power of two that brings the largest magnitude of `values` far below the limit of double,
// so sums of squares cannot overflow; 1 for ordinary values (then results are unchanged).
// Multiplying by a power of two is exact.
double overflow_scale(std::span<const double> values) {
  double largest = 0;
  for (double v : values) {
    largest = std::max(largest, std::fabs(v));
  }
  return largest > 0x1p500 ? 0x1p-600 : 1.0;
}

}  // namespace

double median(std::span<const double> values) {
  require_values(values, "median");
  return sorted_quantile(sorted_copy(values), 0.5);
}

double mean(std::span<const double> values) {
  require_values(values, "mean");
  const double scale = overflow_scale(values);
  double sum = 0;
  for (double v : values) {
    sum += v * scale;
  }
  return sum / static_cast<double>(values.size()) / scale;
}

double standard_deviation(std::span<const double> values) {
  require_values(values, "standard_deviation");
  if (values.size() < 2) {
    return 0.0;
  }
  // Welford: stable when the spread is tiny relative to the mean (1e-3 CVs are common).
  const double scale = overflow_scale(values);
  double running_mean = 0;
  double squares = 0;
  std::size_t count = 0;
  for (double value : values) {
    const double v = value * scale;
    ++count;
    const double delta = v - running_mean;
    running_mean += delta / static_cast<double>(count);
    squares += delta * (v - running_mean);
  }
  return std::sqrt(squares / static_cast<double>(count - 1)) / scale;
}

double quantile(std::span<const double> values, double q) {
  require_values(values, "quantile");
  return sorted_quantile(sorted_copy(values), std::clamp(q, 0.0, 1.0));
}

double median_absolute_deviation(std::span<const double> values) {
  const double centre = median(values);
  std::vector<double> deviations(values.size());
  std::transform(values.begin(), values.end(), deviations.begin(),
                 [centre](double v) { return std::fabs(v - centre); });
  return median(deviations);
}

double log_cv(std::span<const double> values) {
  require_values(values, "log_cv");
  std::vector<double> logs(values.size());
  std::transform(values.begin(), values.end(), logs.begin(), [](double v) { return std::log(v); });
  return std::expm1(standard_deviation(logs));
}

double robust_cv(std::span<const double> values) {
  const double centre = median(values);
  if (centre == 0) {
    return 0.0;
  }
  const double spread = 1.4826 * median_absolute_deviation(values);
  if (!std::isfinite(spread)) {  // a MAD near the limit of double
    return 1.4826 * (median_absolute_deviation(values) / std::fabs(centre));
  }
  return spread / std::fabs(centre);
}

OutlierCounts count_outliers(std::span<const double> values) {
  require_values(values, "count_outliers");
  const std::vector<double> sorted = sorted_copy(values);
  const double q1 = sorted_quantile(sorted, 0.25);
  const double q3 = sorted_quantile(sorted, 0.75);
  const double iqr = q3 - q1;
  OutlierCounts counts;
  for (double v : sorted) {
    if (v < q1 - 3 * iqr) {
      ++counts.low_severe;
    } else if (v < q1 - 1.5 * iqr) {
      ++counts.low_mild;
    } else if (v > q3 + 3 * iqr) {
      ++counts.high_severe;
    } else if (v > q3 + 1.5 * iqr) {
      ++counts.high_mild;
    }
  }
  return counts;
}

double spearman_rho(std::span<const double> x, std::span<const double> y) {
  if (x.size() != y.size() || x.empty()) {
    throw std::invalid_argument("spearman_rho: samples must be non-empty and equally long");
  }
  const std::vector<double> rx = rank_with_ties(x).ranks;
  const std::vector<double> ry = rank_with_ties(y).ranks;
  const double mx = mean(rx);
  const double my = mean(ry);
  double sxy = 0, sxx = 0, syy = 0;
  for (std::size_t i = 0; i < rx.size(); ++i) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) * (rx[i] - mx);
    syy += (ry[i] - my) * (ry[i] - my);
  }
  if (sxx == 0 || syy == 0) {
    return 0.0;
  }
  return sxy / std::sqrt(sxx * syy);
}

Drift drift_of(std::span<const double> values_in_sequence) {
  const std::size_t n = values_in_sequence.size();
  if (n < 3) {
    return {};
  }
  std::vector<double> sequence(n);
  std::iota(sequence.begin(), sequence.end(), 0.0);
  Drift drift;
  drift.rho = spearman_rho(sequence, values_in_sequence);
  if (std::fabs(drift.rho) >= 1.0) {
    drift.p = 0.0;
    return drift;
  }
  const double dof = static_cast<double>(n) - 2;
  const double t = drift.rho * std::sqrt(dof / (1 - drift.rho * drift.rho));
  drift.p = std::min(1.0, 2.0 * student_t_sf(std::fabs(t), dof));
  return drift;
}

}  // namespace clonebench
