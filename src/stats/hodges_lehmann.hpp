#pragma once
// Hodges–Lehmann shift estimates with confidence intervals obtained by inverting the matching
// rank test, so that the interval excludes 0 exactly when the test rejects (up to the
// discreteness of the normal approximation). Callers pass log values to get ratios.

#include <cstddef>
#include <span>

namespace clonebench {

struct ShiftEstimate {
  double estimate = 0;  // the median of the pairwise differences (or Walsh averages)
  double ci_low = 0;    // -inf / +inf when the samples are too small for this confidence
  double ci_high = 0;
  std::size_t k = 0;  // 1-based rank of the lower bound among the sorted differences
  bool exact = true;  // k from the exact null distribution
};

// Unpaired: the median of all m·n differences y_j − x_i; CI [D_(k), D_(mn−k+1)] from the
// Mann–Whitney null. Throws std::invalid_argument on an empty sample or a value that is not finite.
ShiftEstimate hodges_lehmann_unpaired(std::span<const double> x, std::span<const double> y,
                                      double alpha);

// Paired: the median of the Walsh averages (d_i + d_j)/2, i <= j; CI [W_(k), W_(N−k+1)] from the
// signed-rank null; zero or tied differences switch k to the normal approximation.
// Throws std::invalid_argument on empty input or a value that is not finite.
ShiftEstimate hodges_lehmann_paired(std::span<const double> differences, double alpha);

}  // namespace clonebench
