#include "stats/hodges_lehmann.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "stats/mann_whitney.hpp"
#include "stats/pairwise_selection.hpp"
#include "stats/ranks.hpp"
#include "stats/signed_rank.hpp"

namespace clonebench {
namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

// The median and CI bounds of a set of `count` values given only by its k-th order statistic.
template <typename KthSmallest>
ShiftEstimate estimate_from(std::uint64_t count, std::size_t k, const KthSmallest& kth) {
  ShiftEstimate estimate;
  const double upper = kth(count / 2 + 1);
  estimate.estimate = count % 2 == 1 ? upper : (kth(count / 2) + upper) / 2;
  estimate.k = k;
  if (k == 0) {
    estimate.ci_low = -kInfinity;
    estimate.ci_high = kInfinity;
  } else {
    estimate.ci_low = kth(k);
    estimate.ci_high = kth(count - k + 1);
  }
  return estimate;
}

// A NaN has no place in an order, and an infinity makes NaN averages and differences: the
// selection of an order statistic would then never narrow (it would loop for ever), so such
// input is refused. The callers' inputs are finite already (logs of positive finite values).
void require_finite(std::span<const double> values, const char* what) {
  if (!std::all_of(values.begin(), values.end(), [](double v) { return std::isfinite(v); })) {
    throw std::invalid_argument(std::string(what) + ": a value is not finite");
  }
}

std::vector<double> sorted(std::span<const double> values) {
  std::vector<double> copy(values.begin(), values.end());
  std::sort(copy.begin(), copy.end());
  return copy;
}

}  // namespace

ShiftEstimate hodges_lehmann_unpaired(std::span<const double> x, std::span<const double> y,
                                      double alpha) {
  if (x.empty() || y.empty()) {
    throw std::invalid_argument("hodges_lehmann_unpaired: empty sample");
  }
  require_finite(x, "hodges_lehmann_unpaired");
  require_finite(y, "hodges_lehmann_unpaired");
  std::vector<double> pooled(x.begin(), x.end());
  pooled.insert(pooled.end(), y.begin(), y.end());
  const Ranking ranking = rank_with_ties(pooled);
  const bool exact =
      x.size() <= kMannWhitneyExactMax && y.size() <= kMannWhitneyExactMax && !ranking.has_ties();
  const std::vector<double> x_sorted = sorted(x);
  const std::vector<double> y_sorted = sorted(y);
  ShiftEstimate estimate = estimate_from(
      std::uint64_t{x.size()} * y.size(),
      mann_whitney_ci_rank(x.size(), y.size(), alpha, exact, ranking.tie_term),
      [&](std::uint64_t k) { return kth_pairwise_difference(x_sorted, y_sorted, k); });
  estimate.exact = exact;
  return estimate;
}

ShiftEstimate hodges_lehmann_paired(std::span<const double> differences, double alpha) {
  if (differences.empty()) {
    throw std::invalid_argument("hodges_lehmann_paired: no pairs");
  }
  require_finite(differences, "hodges_lehmann_paired");
  const std::uint64_t n = differences.size();
  const SignedRankResult test = wilcoxon_signed_rank(differences);
  const bool exact = test.exact && test.n == n;
  const std::vector<double> d_sorted = sorted(differences);
  ShiftEstimate estimate =
      estimate_from(n * (n + 1) / 2, signed_rank_ci_rank(n, alpha, exact, test.tie_term),
                    [&](std::uint64_t k) { return kth_walsh_average(d_sorted, k); });
  estimate.exact = exact;
  return estimate;
}

}  // namespace clonebench
