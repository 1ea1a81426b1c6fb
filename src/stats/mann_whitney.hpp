#pragma once
// The Mann–Whitney U test (Wilcoxon rank-sum) for two independent samples, two-sided.
// Exact null distribution when both samples have at most kMannWhitneyExactMax values and no
// value is tied; otherwise the normal approximation with tie and continuity correction
// (the same choices as scipy.stats.mannwhitneyu(method="auto") and benchstat).

#include <cstddef>
#include <span>
#include <vector>

namespace clonebench {

inline constexpr std::size_t kMannWhitneyExactMax = 50;

struct MannWhitneyResult {
  double u_x = 0;     // pairs (x_i, y_j) with x_i > y_j, ties counting one half
  double p = 1;       // two-sided
  bool exact = true;  // exact null distribution (false: normal approximation)
};

// Throws std::invalid_argument if either sample is empty.
MannWhitneyResult mann_whitney_u(std::span<const double> x, std::span<const double> y);

// P(U = u) for u = 0 .. m·n under the null hypothesis without ties (U counts pairs x > y).
std::vector<double> mann_whitney_null_pmf(std::size_t m, std::size_t n);

// The smallest two-sided p-value any data of these sizes can give: 2 / C(m + n, m), capped at 1.
// When it exceeds alpha, no rank test on such samples can ever reject.
double mann_whitney_min_p(std::size_t m, std::size_t n);

// The rank k (1-based) of the lower CI bound among the m·n sorted differences, from inverting
// the test at level alpha: exact when `exact`, else from the normal approximation
// k = ⌊mn/2 − z·σ_U⌋ with σ_U tie-corrected by `tie_term`. 0 means the bound is infinite.
std::size_t mann_whitney_ci_rank(std::size_t m, std::size_t n, double alpha, bool exact,
                                 double tie_term);

}  // namespace clonebench
