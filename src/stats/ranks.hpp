#pragma once
// Ranks with ties, shared by the rank tests: tied values share the average of their ranks, and
// the tie term Σ(t³ − t) over tie groups corrects the variance of the rank statistics.

#include <span>
#include <vector>

namespace clonebench {

struct Ranking {
  std::vector<double> ranks;  // 1-based, in input order; ties get the average rank
  double tie_term = 0;        // Σ (t³ − t) over groups of t equal values
  bool has_ties() const noexcept { return tie_term > 0; }
};

Ranking rank_with_ties(std::span<const double> values);

}  // namespace clonebench
