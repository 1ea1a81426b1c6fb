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

}  // namespace clonebench
