#include "stats/hodges_lehmann.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "stats/mann_whitney.hpp"
#include "stats/ranks.hpp"
#include "stats/signed_rank.hpp"

namespace clonebench {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The k-th smallest (1-based) of `values`, which it partially reorders.
double order_statistic(std::vector<double>& values, std::size_t k) {
  auto it = values.begin() + static_cast<std::ptrdiff_t>(k - 1);
  std::nth_element(values.begin(), it, values.end());
  return *it;
}

double median_of(std::vector<double>& values) {
  const std::size_t n = values.size();
  const double upper = order_statistic(values, n / 2 + 1);
  if (n % 2 == 1) {
    return upper;
  }
  return (order_statistic(values, n / 2) + upper) / 2;
}

void fill_interval(std::vector<double>& values, std::size_t k, ShiftEstimate& estimate) {
  estimate.k = k;
  if (k == 0) {
    estimate.ci_low = -kInfinity;
    estimate.ci_high = kInfinity;
    return;
  }
  estimate.ci_low = order_statistic(values, k);
  estimate.ci_high = order_statistic(values, values.size() - k + 1);
}

}  // namespace

ShiftEstimate hodges_lehmann_unpaired(std::span<const double> x, std::span<const double> y,
                                      double alpha) {
  if (x.empty() || y.empty()) {
    throw std::invalid_argument("hodges_lehmann_unpaired: empty sample");
  }
  std::vector<double> differences;
  differences.reserve(x.size() * y.size());
  for (double b : y) {
    for (double a : x) {
      differences.push_back(b - a);
    }
  }
  std::vector<double> pooled(x.begin(), x.end());
  pooled.insert(pooled.end(), y.begin(), y.end());
  const Ranking ranking = rank_with_ties(pooled);
  ShiftEstimate estimate;
  estimate.exact =
      x.size() <= kMannWhitneyExactMax && y.size() <= kMannWhitneyExactMax && !ranking.has_ties();
  estimate.estimate = median_of(differences);
  fill_interval(differences,
                mann_whitney_ci_rank(x.size(), y.size(), alpha, estimate.exact, ranking.tie_term),
                estimate);
  return estimate;
}

ShiftEstimate hodges_lehmann_paired(std::span<const double> differences, double alpha) {
  if (differences.empty()) {
    throw std::invalid_argument("hodges_lehmann_paired: no pairs");
  }
  const std::size_t n = differences.size();
  std::vector<double> walsh;
  walsh.reserve(n * (n + 1) / 2);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i; j < n; ++j) {
      walsh.push_back((differences[i] + differences[j]) / 2);
    }
  }
  const SignedRankResult test = wilcoxon_signed_rank(differences);
  ShiftEstimate estimate;
  estimate.exact = test.exact && test.n == n;
  estimate.estimate = median_of(walsh);
  fill_interval(walsh, signed_rank_ci_rank(n, alpha, estimate.exact, test.tie_term), estimate);
  return estimate;
}

}  // namespace clonebench
