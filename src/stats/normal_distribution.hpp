#pragma once
// The standard normal and Student t distributions, as the rank tests' large-sample
// approximations and the drift test need them. Pure functions, no state.

namespace clonebench {

// P(Z <= z) for a standard normal Z.
double normal_cdf(double z) noexcept;
// P(Z > z), accurate far into the upper tail (no 1 - cdf cancellation).
double normal_sf(double z) noexcept;
// The z with normal_cdf(z) == p, for p in (0, 1); -inf / +inf at 0 / 1.
double normal_quantile(double p) noexcept;
// normal_quantile(0.975): the z of a two-sided 95 % normal interval, for code that needs it as a
// constant.
inline constexpr double kNormalQuantile975 = 1.959963984540054;

// P(T > t) for Student's t with `dof` degrees of freedom (dof > 0).
double student_t_sf(double t, double dof) noexcept;

// The regularized incomplete beta function I_x(a, b), for x in [0, 1] and a, b > 0.
double regularized_incomplete_beta(double x, double a, double b) noexcept;

}  // namespace clonebench
