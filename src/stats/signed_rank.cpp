#include "stats/signed_rank.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "stats/normal_distribution.hpp"
#include "stats/ranks.hpp"

namespace clonebench {
namespace {

double w_sigma(std::size_t n, double tie_term) {
  const auto nd = static_cast<double>(n);
  return std::sqrt(nd * (nd + 1) * (2 * nd + 1) / 24.0 - tie_term / 48.0);
}

}  // namespace

std::vector<double> signed_rank_null_pmf(std::size_t n) {
  // Each rank r = 1..n is in W+ with probability 1/2, independently: a subset-sum DP whose
  // counts stay below 2^50 < 2^53, so they are exact in double.
  const std::size_t max_sum = n * (n + 1) / 2;
  std::vector<double> counts(max_sum + 1, 0.0);
  counts[0] = 1.0;
  std::size_t reach = 0;
  for (std::size_t r = 1; r <= n; ++r) {
    reach += r;
    for (std::size_t s = reach; s >= r; --s) {
      counts[s] += counts[s - r];
    }
  }
  const double total = std::ldexp(1.0, static_cast<int>(n));
  for (double& c : counts) {
    c /= total;
  }
  return counts;
}

double signed_rank_min_p(std::size_t n) {
  return std::min(1.0, 2.0 * std::ldexp(1.0, -static_cast<int>(std::min<std::size_t>(n, 1000))));
}

SignedRankResult wilcoxon_signed_rank(std::span<const double> differences) {
  std::vector<double> nonzero;
  for (double d : differences) {
    if (d != 0.0) {
      nonzero.push_back(d);
    }
  }
  SignedRankResult result;
  result.n = nonzero.size();
  if (nonzero.empty()) {
    return result;  // p = 1: no pair differs
  }
  std::vector<double> magnitudes(nonzero.size());
  std::transform(nonzero.begin(), nonzero.end(), magnitudes.begin(),
                 [](double d) { return std::fabs(d); });
  const Ranking ranking = rank_with_ties(magnitudes);
  for (std::size_t i = 0; i < nonzero.size(); ++i) {
    if (nonzero[i] > 0) {
      result.w_plus += ranking.ranks[i];
    }
  }
  result.tie_term = ranking.tie_term;
  const auto n = static_cast<double>(result.n);
  const double mean = n * (n + 1) / 4.0;
  result.exact = result.n <= kSignedRankExactMax && !ranking.has_ties();
  if (result.exact) {
    const std::vector<double> pmf = signed_rank_null_pmf(result.n);
    const auto w_low = static_cast<std::size_t>(std::min(result.w_plus, 2 * mean - result.w_plus));
    double lower_tail = 0;
    for (std::size_t w = 0; w <= w_low; ++w) {
      lower_tail += pmf[w];
    }
    result.p = std::min(1.0, 2.0 * lower_tail);
    return result;
  }
  const double sigma = w_sigma(result.n, result.tie_term);
  const double z = (std::fabs(result.w_plus - mean) - 0.5) / sigma;
  result.p = z <= 0 ? 1.0 : std::clamp(2.0 * normal_sf(z), 0.0, 1.0);
  return result;
}

std::size_t signed_rank_ci_rank(std::size_t n, double alpha, bool exact, double tie_term) {
  if (n == 0) {
    return 0;
  }
  if (exact) {
    return exact_ci_rank(signed_rank_null_pmf(n), alpha);
  }
  const double walsh_count = static_cast<double>(n) * static_cast<double>(n + 1) / 2.0;
  const double k =
      std::floor(walsh_count / 2 - normal_quantile(1 - alpha / 2) * w_sigma(n, tie_term));
  return k < 1 ? 0 : static_cast<std::size_t>(k);
}

}  // namespace clonebench
