#include "stats/mann_whitney.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "stats/normal_distribution.hpp"
#include "stats/ranks.hpp"

namespace clonebench {
namespace {

double u_sigma(std::size_t m, std::size_t n, double tie_term) {
  const double mn = static_cast<double>(m) * static_cast<double>(n);
  const double total = static_cast<double>(m + n);
  return std::sqrt(mn / 12.0 * ((total + 1) - tie_term / (total * (total - 1))));
}

}  // namespace

namespace {

std::vector<double> compute_null_pmf(std::size_t m, std::size_t n) {
  // p(u; i, j): the largest of the i + j values is an x with probability i/(i+j) and then beats
  // all j y's, so p(u; i, j) = i/(i+j)·p(u−j; i−1, j) + j/(i+j)·p(u; i, j−1). Only additions of
  // non-negative terms: the tails keep full relative precision (a q-binomial product would not).
  // previous[j] holds p(·; i−1, j), current[j] p(·; i, j).
  std::vector<std::vector<double>> previous(n + 1), current(n + 1);
  for (std::size_t j = 0; j <= n; ++j) {
    previous[j] = {1.0};  // i = 0: U is 0 with certainty
  }
  for (std::size_t i = 1; i <= m; ++i) {
    current[0] = {1.0};
    for (std::size_t j = 1; j <= n; ++j) {
      std::vector<double> pmf(i * j + 1, 0.0);
      const double from_x = static_cast<double>(i) / static_cast<double>(i + j);
      const double from_y = static_cast<double>(j) / static_cast<double>(i + j);
      for (std::size_t u = 0; u < previous[j].size(); ++u) {
        pmf[u + j] += from_x * previous[j][u];
      }
      for (std::size_t u = 0; u < current[j - 1].size(); ++u) {
        pmf[u] += from_y * current[j - 1][u];
      }
      current[j] = std::move(pmf);
    }
    std::swap(previous, current);
  }
  return previous[n];
}

}  // namespace

std::vector<double> mann_whitney_null_pmf(std::size_t m, std::size_t n) {
  // Computing the 50/50 null takes ~1.6 M steps; comparisons repeat the same sizes (p-value,
  // two CI levels, every metric), so keep each one. Thread-safe; at most a few hundred sizes.
  static std::mutex mutex;
  static std::map<std::pair<std::size_t, std::size_t>, std::vector<double>> cache;
  const std::lock_guard lock(mutex);
  auto found = cache.find({m, n});
  if (found == cache.end()) {
    found = cache.emplace(std::pair{m, n}, compute_null_pmf(m, n)).first;
  }
  return found->second;
}

double mann_whitney_min_p(std::size_t m, std::size_t n) {
  // 1 / C(m+n, m) via lgamma; exact enough for a comparison with alpha.
  const double log_choose = std::lgamma(static_cast<double>(m + n + 1)) -
                            std::lgamma(static_cast<double>(m + 1)) -
                            std::lgamma(static_cast<double>(n + 1));
  return std::min(1.0, 2.0 * std::exp(-log_choose));
}

MannWhitneyResult mann_whitney_u(std::span<const double> x, std::span<const double> y) {
  if (x.empty() || y.empty()) {
    throw std::invalid_argument("mann_whitney_u: empty sample");
  }
  const std::size_t m = x.size();
  const std::size_t n = y.size();
  std::vector<double> pooled(x.begin(), x.end());
  pooled.insert(pooled.end(), y.begin(), y.end());
  const Ranking ranking = rank_with_ties(pooled);
  double rank_sum_x = 0;
  for (std::size_t i = 0; i < m; ++i) {
    rank_sum_x += ranking.ranks[i];
  }
  MannWhitneyResult result;
  const double mn = static_cast<double>(m) * static_cast<double>(n);
  result.u_x = rank_sum_x - static_cast<double>(m) * static_cast<double>(m + 1) / 2.0;
  const double u_high = std::max(result.u_x, mn - result.u_x);
  result.exact = m <= kMannWhitneyExactMax && n <= kMannWhitneyExactMax && !ranking.has_ties();
  if (result.exact) {
    // Two-sided: twice the upper tail at the larger of U_x and U_y (the null is symmetric).
    const std::vector<double> pmf = mann_whitney_null_pmf(m, n);
    double upper_tail = 0;
    for (auto u = static_cast<std::size_t>(u_high); u < pmf.size(); ++u) {
      upper_tail += pmf[u];
    }
    result.p = std::min(1.0, 2.0 * upper_tail);
    return result;
  }
  const double sigma = u_sigma(m, n, ranking.tie_term);
  if (sigma == 0) {
    result.p = 1.0;  // every value equal: no evidence either way
    return result;
  }
  const double z = (u_high - mn / 2.0 - 0.5) / sigma;
  result.p = std::clamp(2.0 * normal_sf(z), 0.0, 1.0);
  return result;
}

std::size_t mann_whitney_ci_rank(std::size_t m, std::size_t n, double alpha, bool exact,
                                 double tie_term) {
  const double mn = static_cast<double>(m) * static_cast<double>(n);
  if (exact) {
    return exact_ci_rank(mann_whitney_null_pmf(m, n), alpha);
  }
  const double z = normal_quantile(1 - alpha / 2);
  const double k = std::floor(mn / 2 - z * u_sigma(m, n, tie_term));
  return k < 1 ? 0 : static_cast<std::size_t>(k);
}

}  // namespace clonebench
