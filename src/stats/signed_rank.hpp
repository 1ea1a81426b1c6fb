#pragma once
// The Wilcoxon signed-rank test for paired differences, two-sided. Zero differences are dropped
// (Wilcoxon's convention, scipy's default "wilcox"). Exact null distribution for at most
// kSignedRankExactMax non-zero differences without tied magnitudes; otherwise the normal
// approximation with tie and continuity correction.

#include <cstddef>
#include <span>
#include <vector>

namespace clonebench {

inline constexpr std::size_t kSignedRankExactMax = 50;

struct SignedRankResult {
  double w_plus = 0;  // sum of the ranks of |d| over positive d
  std::size_t n = 0;  // non-zero differences used
  double p = 1;       // two-sided
  bool exact = true;
  double tie_term = 0;  // Σ (t³ − t) over tied |d|
};

SignedRankResult wilcoxon_signed_rank(std::span<const double> differences);

// P(W+ = w) for w = 0 .. n(n+1)/2 under the null hypothesis without ties.
std::vector<double> signed_rank_null_pmf(std::size_t n);

// The smallest two-sided p-value n pairs can give: 2 / 2^n, capped at 1.
double signed_rank_min_p(std::size_t n);

// The rank k (1-based) of the lower CI bound among the n(n+1)/2 sorted Walsh averages, from
// inverting the test at level alpha (exact, or normal with tie term); 0 means infinite.
std::size_t signed_rank_ci_rank(std::size_t n, double alpha, bool exact, double tie_term);

}  // namespace clonebench
