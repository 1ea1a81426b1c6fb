#pragma once
// How many runs a comparison needs, and what it can resolve with the runs it has
// (docs/statistics.md, "Runs needed and the minimum detectable effect"). Effects and spreads are
// on the log scale (ln B − ln A ≈ relative change; σ of ln x ≈ the CV). Rank tests need about
// π/3 times the runs of a t-test under normal noise (asymptotic relative efficiency 3/π), so
// every figure here includes that factor.

#include <cstddef>

namespace clonebench {

inline constexpr double kDefaultPower = 0.8;

// The smallest log-scale change detected with probability `power` by a two-sided test at
// `alpha` with these sample sizes: (z_{1−α/2} + z_power)·σ·√((1/n_a + 1/n_b)·π/3).
double minimum_detectable_effect_unpaired(double sigma_log, std::size_t n_a, std::size_t n_b,
                                          double alpha, double power = kDefaultPower);
// Paired: (z_{1−α/2} + z_power)·σ_d·√(π/(3n)), σ_d the spread of the pair differences.
double minimum_detectable_effect_paired(double sigma_d, std::size_t pairs, double alpha,
                                        double power = kDefaultPower);

// Runs per side to detect `effect_log`: ⌈2·(z_{1−α/2} + z_power)²·(σ/Δ)²·π/3⌉ + 1 (the +1 for
// estimating σ), never fewer than 6 (an order-statistic 95 % CI of a median needs 6) nor fewer
// than a rank test needs to reach alpha at all.
std::size_t runs_needed_per_side(double sigma_log, double effect_log, double alpha,
                                 double power = kDefaultPower);
// Pairs to detect `effect_log`: ⌈(z_{1−α/2} + z_power)²·(σ_d/Δ)²·π/3⌉ + 1, at least the
// signed-rank minimum for alpha.
std::size_t pairs_needed(double sigma_d, double effect_log, double alpha,
                         double power = kDefaultPower);

// The fewest runs per side (equal sizes) with which the Mann–Whitney test can reach alpha.
std::size_t min_runs_per_side_for_alpha(double alpha);
// The fewest pairs with which the signed-rank test can reach alpha.
std::size_t min_pairs_for_alpha(double alpha);

}  // namespace clonebench
