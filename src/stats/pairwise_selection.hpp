#pragma once
// Order statistics of all pairwise differences y_j − x_i, or of all Walsh averages
// (d_i + d_j)/2 with i <= j, found without building them: the m·n (or n(n+1)/2) values form a
// matrix whose rows and columns are sorted, and a randomized selection over it (Monahan 1984,
// docs/statistics.md) needs O(m + n) memory and O((m + n) log(m·n)) expected time. The values
// are computed exactly as a full enumeration would compute them, so the results are identical.

#include <cstddef>
#include <cstdint>
#include <span>

namespace clonebench {

// How much work a selection did: matrix entries evaluated. For tests of the complexity.
struct SelectionCost {
  std::uint64_t evaluations = 0;
};

// When the selection stops pivoting (at most this many candidates left, copied out and
// selected directly) and how many candidates it samples for its pivots. The defaults suit every
// input; tests lower them to drive the pivoting through small inputs.
struct SelectionTuning {
  std::uint64_t direct_minimum = 32768;
  std::size_t sample_size = 4096;
};

// The k-th smallest (1-based) of y_j − x_i over all i, j. `x_sorted` and `y_sorted` must be
// sorted ascending and non-empty. Throws std::out_of_range unless 1 <= k <= m·n.
double kth_pairwise_difference(std::span<const double> x_sorted, std::span<const double> y_sorted,
                               std::uint64_t k, SelectionCost* cost = nullptr,
                               const SelectionTuning& tuning = {});

// The k-th smallest (1-based) of (d_i + d_j)/2 over all i <= j. `d_sorted` must be sorted
// ascending and non-empty. Throws std::out_of_range unless 1 <= k <= n(n+1)/2.
double kth_walsh_average(std::span<const double> d_sorted, std::uint64_t k,
                         SelectionCost* cost = nullptr, const SelectionTuning& tuning = {});

}  // namespace clonebench
