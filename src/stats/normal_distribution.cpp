#include "stats/normal_distribution.hpp"

#include <cmath>
#include <limits>

namespace clonebench {

double normal_cdf(double z) noexcept {
  return 0.5 * std::erfc(-z / std::sqrt(2.0));
}

double normal_sf(double z) noexcept {
  return 0.5 * std::erfc(z / std::sqrt(2.0));
}

double normal_quantile(double p) noexcept {
  if (p <= 0.0) {
    return -std::numeric_limits<double>::infinity();
  }
  if (p >= 1.0) {
    return std::numeric_limits<double>::infinity();
  }
  // Acklam's rational approximation (relative error 1.15e-9), then one Halley step against
  // erfc, which brings it to full double precision.
  static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  constexpr double kLow = 0.02425;
  double x = 0;
  if (p < kLow) {
    const double q = std::sqrt(-2 * std::log(p));
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  } else if (p <= 1 - kLow) {
    const double q = p - 0.5;
    const double r = q * q;
    x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
        (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
  } else {
    const double q = std::sqrt(-2 * std::log(1 - p));
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
        ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  const double e = normal_cdf(x) - p;
  const double u = e * std::sqrt(2 * M_PI) * std::exp(x * x / 2);
  return x - u / (1 + x * u / 2);
}

namespace {

// Continued fraction of the incomplete beta function (modified Lentz), valid for
// x < (a + 1) / (a + b + 2); the caller uses the symmetry relation otherwise.
double beta_continued_fraction(double x, double a, double b) noexcept {
  constexpr double kTiny = 1e-300;
  constexpr double kEpsilon = 1e-15;
  double c = 1.0;
  double d = 1.0 - (a + b) * x / (a + 1.0);
  d = std::fabs(d) < kTiny ? kTiny : d;
  d = 1.0 / d;
  double h = d;
  for (int m = 1; m <= 1000; ++m) {
    const double m2 = 2.0 * m;
    double numerator = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
    for (int half = 0; half < 2; ++half) {
      d = 1.0 + numerator * d;
      d = std::fabs(d) < kTiny ? kTiny : d;
      c = 1.0 + numerator / c;
      c = std::fabs(c) < kTiny ? kTiny : c;
      d = 1.0 / d;
      h *= d * c;
      numerator = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
    }
    if (std::fabs(d * c - 1.0) < kEpsilon) {
      break;
    }
  }
  return h;
}

}  // namespace

double regularized_incomplete_beta(double x, double a, double b) noexcept {
  if (x <= 0.0) {
    return 0.0;
  }
  if (x >= 1.0) {
    return 1.0;
  }
  const double log_front =
      std::lgamma(a + b) - std::lgamma(a) - std::lgamma(b) + a * std::log(x) + b * std::log1p(-x);
  if (x < (a + 1.0) / (a + b + 2.0)) {
    return std::exp(log_front) * beta_continued_fraction(x, a, b) / a;
  }
  return 1.0 - std::exp(log_front) * beta_continued_fraction(1.0 - x, b, a) / b;
}

double student_t_sf(double t, double dof) noexcept {
  const double tail = 0.5 * regularized_incomplete_beta(dof / (dof + t * t), dof / 2.0, 0.5);
  return t >= 0 ? tail : 1.0 - tail;
}

}  // namespace clonebench
