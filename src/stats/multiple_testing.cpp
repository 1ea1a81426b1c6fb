#include "stats/multiple_testing.hpp"

#include <algorithm>
#include <numeric>

namespace clonebench {

std::vector<double> holm_adjust(std::span<const double> p_values) {
  const std::size_t m = p_values.size();
  std::vector<std::size_t> order(m);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](std::size_t a, std::size_t b) { return p_values[a] < p_values[b]; });
  std::vector<double> adjusted(m);
  double running_max = 0;
  for (std::size_t i = 0; i < m; ++i) {
    const double scaled = p_values[order[i]] * static_cast<double>(m - i);
    running_max = std::max(running_max, std::min(1.0, scaled));
    adjusted[order[i]] = running_max;
  }
  return adjusted;
}

}  // namespace clonebench
