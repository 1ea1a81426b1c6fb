#pragma once
// The stopping rule of a paired experiment run to a precision (`ab --precision P`): pairs come in
// blocks, and after each block the experiment stops once the confidence interval of every
// selected metric is narrow enough. The rule reads only the interval's width, never the estimate,
// its sign or a p-value, so it cannot stop on a lucky streak: docs/statistics.md ("Stopping at a
// precision") says why the error rates then stay what a fixed-size experiment gives, and
// tests/unit/stats/precision_stop_test.cpp checks it by simulation.

#include <cstddef>
#include <span>
#include <vector>

namespace clonebench {

struct PrecisionTarget {
  double half_width = 0.01;  // relative: 0.01 stops at a CI of ±1 % (or narrower)
  // No look before this many pairs: earlier looks let the narrowest intervals of heavy-tailed
  // noise stop too early (docs/statistics.md, "Stopping at a precision").
  std::size_t first_look_pairs = 30;
  std::size_t block_pairs = 5;  // then one look after every block
};

// Half the width of the paired Hodges–Lehmann interval of log differences, as a relative change:
// (e^high − e^low) / 2. Infinite when the pairs are too few for this confidence.
double relative_half_width(std::span<const double> log_differences, double alpha);

// True when `pairs` pairs have been run and the rule looks now (after the first look's pairs,
// then after every block).
bool is_look(std::size_t pairs, const PrecisionTarget& target) noexcept;

// True when every metric's interval is at most the target's half-width. Each element holds one
// metric's log differences (B − A), all of the same pairs.
bool precision_reached(const std::vector<std::vector<double>>& log_differences_by_metric,
                       const PrecisionTarget& target, double alpha);

}  // namespace clonebench
