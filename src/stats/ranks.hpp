#pragma once
// Ranks with ties, shared by the rank tests: tied values share the average of their ranks, and
// the tie term Σ(t³ − t) over tie groups corrects the variance of the rank statistics. Also the
// exact confidence bound both tests read off their null distributions.

#include <cstddef>
#include <span>
#include <vector>

namespace clonebench {

struct Ranking {
  std::vector<double> ranks;  // 1-based, in input order; ties get the average rank
  double tie_term = 0;        // Σ (t³ − t) over groups of t equal values
  bool has_ties() const noexcept { return tie_term > 0; }
};

Ranking rank_with_ties(std::span<const double> values);

// The largest k with P(S <= k − 1) <= alpha/2, S distributed as `null_pmf` (the probability of
// each value 0, 1, 2, ... of the statistic): the interval between the k-th smallest and k-th
// largest of the ordered estimates covers with 1 − 2·P(S <= k − 1) >= 1 − alpha.
std::size_t exact_ci_rank(std::span<const double> null_pmf, double alpha);

}  // namespace clonebench
