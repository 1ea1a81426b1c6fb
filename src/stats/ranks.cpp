#include "stats/ranks.hpp"

#include <algorithm>
#include <numeric>

namespace clonebench {

Ranking rank_with_ties(std::span<const double> values) {
  std::vector<std::size_t> order(values.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return values[a] < values[b]; });
  Ranking ranking;
  ranking.ranks.resize(values.size());
  std::size_t first = 0;
  while (first < order.size()) {
    std::size_t last = first + 1;
    while (last < order.size() && values[order[last]] == values[order[first]]) {
      ++last;
    }
    // Positions first..last-1 hold equal values: ranks first+1 .. last, averaged.
    const double average_rank = (static_cast<double>(first + 1) + static_cast<double>(last)) / 2;
    for (std::size_t i = first; i < last; ++i) {
      ranking.ranks[order[i]] = average_rank;
    }
    const auto t = static_cast<double>(last - first);
    ranking.tie_term += t * t * t - t;
    first = last;
  }
  return ranking;
}

std::size_t exact_ci_rank(std::span<const double> null_pmf, double alpha) {
  double cdf = 0;
  std::size_t k = 0;
  for (std::size_t value = 0; value < null_pmf.size(); ++value) {
    cdf += null_pmf[value];
    // 1e-12 absorbs rounding at exactly alpha/2 (e.g. 2/252 vs 0.05 never sits on it, but
    // tables such as 5/5 at alpha = 2·P(U <= 2) do).
    if (cdf > alpha / 2 * (1 + 1e-12)) {
      break;
    }
    k = value + 1;
  }
  return k;
}

}  // namespace clonebench
