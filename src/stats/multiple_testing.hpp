#pragma once
// Holm's step-down adjustment: controls the chance of any false "changed" verdict across several
// metrics compared at once, without assuming they are independent.

#include <span>
#include <vector>

namespace clonebench {

// Adjusted p-values, in input order: sort ascending, p_(i)·(m − i + 1) (i 1-based), made
// monotone by a running maximum, capped at 1.
std::vector<double> holm_adjust(std::span<const double> p_values);

}  // namespace clonebench
