// The sweep's line fit. Exact values come from an independent Python implementation
// (itertools pairs, statistics.median, the Hollander-Wolfe ranks) over the same data; coverage
// and robustness are checked on synthetic lines with known truth over many fixed seeds, and the
// two bad-fit flags on shapes built to raise one and not the other.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "sweep/line_fit.hpp"

namespace clonebench {
namespace {

// Four sizes in pages, four rounds each; one wild value at 0 and one at 65536 pages.
const std::vector<double> kX = {0,     0,     0,     0,     4096,  4096,  4096,  4096,
                                16384, 16384, 16384, 16384, 65536, 65536, 65536, 65536};
const std::vector<double> kY = {52100,   49800,   51000,   250000,  378000,  381500,
                                376200,  380100,  1362000, 1358500, 1371000, 1365400,
                                5290000, 5301000, 5275000, 900000};

TEST(LineFit, MatchesAnIndependentTheilSenComputation) {
  const LineFit fit = fit_line(kX, kY, 1);
  EXPECT_NEAR(fit.slope.estimate, 79.88382975260416, 1e-9);
  EXPECT_NEAR(fit.intercept.estimate, 52497.916666666686, 1e-6);
  EXPECT_NEAR(fit.r2_runs, 0.6578437305164583, 1e-12);
  EXPECT_NEAR(fit.r2, 0.9999980029488633, 1e-12);
  EXPECT_EQ(fit.n, 16u);
  EXPECT_EQ(fit.levels, 4u);
}

TEST(LineFit, MatchesAnIndependentSenIntervalWithTiesInX) {
  const FitEstimate interval = sen_slope_interval(kX, kY);
  EXPECT_NEAR(interval.lo, 79.50846354166667, 1e-9);
  EXPECT_NEAR(interval.hi, 80.0927734375, 1e-9);
}

TEST(LineFit, IgnoresOutliersThatWouldPullLeastSquares) {
  const LineFit fit = fit_line(kX, kY, 1);
  EXPECT_GT(fit.slope.lo, 79.0);
  EXPECT_LT(fit.slope.hi, 81.0);
  EXPECT_LE(fit.intercept.lo, fit.intercept.estimate);
  EXPECT_GE(fit.intercept.hi, fit.intercept.estimate);
}

TEST(LineFit, IsReproducibleForASeed) {
  const LineFit first = fit_line(kX, kY, 42);
  const LineFit second = fit_line(kX, kY, 42);
  EXPECT_EQ(first.intercept.lo, second.intercept.lo);
  EXPECT_EQ(first.intercept.hi, second.intercept.hi);
}

// A NaN cost once made the tie count of Sen's interval loop for ever (NaN equals nothing, so its
// group never advanced): the fit refuses it with an error instead.
TEST(LineFit, RefusesANotANumberCostInsteadOfSpinning) {
  std::vector<double> y = kY;
  y[5] = std::nan("");
  EXPECT_THROW(sen_slope_interval(kX, y), std::invalid_argument);
  EXPECT_THROW(fit_line(kX, y, 1), std::invalid_argument);
  std::vector<double> x = kX;
  x[0] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(theil_sen_slope(x, kY), std::invalid_argument);
}

TEST(LineFit, RefusesDataWithOneDistinctX) {
  EXPECT_THROW(fit_line({5, 5, 5}, {1, 2, 3}, 1), std::invalid_argument);
  EXPECT_THROW(fit_line({1, 2}, {1}, 1), std::invalid_argument);
}

// Draws written here, not std::normal_distribution or std::uniform_real_distribution, whose
// algorithms differ between standard libraries: the engine's 53 top bits for a uniform, and
// Box–Muller for a normal. std::mt19937_64's output itself is fixed by the C++ standard.
class Draws {
 public:
  explicit Draws(std::uint64_t seed) : engine_(seed) {}
  double uniform() { return (static_cast<double>(engine_() >> 11) + 0.5) * 0x1.0p-53; }
  double normal() { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); }

 private:
  std::mt19937_64 engine_;
};

struct Synthetic {
  std::vector<double> x, y;
};

// A fork-like line: 40 µs fixed + 90 ns per page, 8 sizes up to 131072 pages, 5 rounds,
// Gaussian noise of 5 % of the value plus 2 µs, and 10 % of the values multiplied by 3
// (a descheduled run on a shared machine).
Synthetic fork_like(std::uint64_t seed, double curvature = 0) {
  Draws draws(seed);
  Synthetic data;
  for (int round = 0; round < 5; ++round) {
    for (int point = 0; point < 8; ++point) {
      const double pages = 131072.0 * point / 7;
      const double truth = 40000 + 90 * pages + curvature * pages * pages;
      double value = truth + draws.normal() * (0.05 * truth + 2000);
      if (draws.uniform() < 0.10) {
        value *= 3;
      }
      data.x.push_back(pages);
      data.y.push_back(value);
    }
  }
  return data;
}

// The counts of `trials` independent data sets that a 95 % interval may cover without
// contradicting its level: every count outside the 0.135 % tail on either side of
// Binomial(trials, 0.95), as far out as 3 standard deviations of a normal but exact near 100 %.
std::pair<int, int> coverage_band(int trials) {
  constexpr double kTail = 0.00135;
  std::vector<double> pmf(static_cast<std::size_t>(trials) + 1);
  for (int k = 0; k <= trials; ++k) {
    pmf[static_cast<std::size_t>(k)] =
        std::exp(std::lgamma(trials + 1.0) - std::lgamma(k + 1.0) - std::lgamma(trials - k + 1.0) +
                 k * std::log(0.95) + (trials - k) * std::log(0.05));
  }
  int low = 0, high = trials;
  for (double below = 0; below + pmf[static_cast<std::size_t>(low)] <= kTail; ++low) {
    below += pmf[static_cast<std::size_t>(low)];
  }
  for (double above = 0; above + pmf[static_cast<std::size_t>(high)] <= kTail; --high) {
    above += pmf[static_cast<std::size_t>(high)];
  }
  return {low, high};
}

TEST(LineFitSimulation, CoversTheTrueSlopeAndInterceptAtAboutTheNominalRate) {
  constexpr int kSeeds = 200;
  int slope_covered = 0, intercept_covered = 0;
  std::vector<double> slope_errors;
  for (int seed = 0; seed < kSeeds; ++seed) {
    const Synthetic data = fork_like(static_cast<std::uint64_t>(seed));
    const LineFit fit = fit_line(data.x, data.y, static_cast<std::uint64_t>(seed));
    slope_covered += fit.slope.lo <= 90 && 90 <= fit.slope.hi ? 1 : 0;
    intercept_covered += fit.intercept.lo <= 40000 && 40000 <= fit.intercept.hi ? 1 : 0;
    slope_errors.push_back(std::fabs(fit.slope.estimate - 90));
  }
  // Both intervals claim 95 %: of 200 data sets, 180 to 198 may be covered (too narrow and too
  // wide both fail).
  const auto [low, high] = coverage_band(kSeeds);
  ASSERT_EQ(low, 180);
  ASSERT_EQ(high, 198);
  EXPECT_GE(slope_covered, low);
  EXPECT_LE(slope_covered, high);
  EXPECT_GE(intercept_covered, low);
  EXPECT_LE(intercept_covered, high);
  std::sort(slope_errors.begin(), slope_errors.end());
  EXPECT_LT(slope_errors[kSeeds / 2], 90 * 0.03);  // median error under 3 % despite outliers
}

// With 10 % of values tripled, 3 of a level's 5 values are tripled in about 7 % of the data
// sets; that level's median is then genuinely off the line and a flag is the right answer.
TEST(LineFitSimulation, RarelyFlagsANoisyStraightLine) {
  int flagged = 0;
  for (int seed = 0; seed < 200; ++seed) {
    const Synthetic data = fork_like(1000 + static_cast<std::uint64_t>(seed));
    flagged += fit_line(data.x, data.y, 7).bad() ? 1 : 0;
  }
  EXPECT_LE(flagged, 20);
}

TEST(LineFitSimulation, FlagsACurvedShape) {
  int flagged = 0;
  for (int seed = 0; seed < 50; ++seed) {
    // The quadratic term doubles the cost at the largest size.
    const Synthetic data = fork_like(5000 + static_cast<std::uint64_t>(seed), 90.0 / 131072);
    const LineFit fit = fit_line(data.x, data.y, 7);
    flagged += fit.bad() ? 1 : 0;
  }
  EXPECT_GE(flagged, 45);
}

TEST(LineFit, DoesNotFlagAFlatNoisyLineForItsLowR2) {
  Draws draws(3);
  std::vector<double> x, y;
  for (int round = 0; round < 5; ++round) {
    for (int point = 0; point < 6; ++point) {
      x.push_back(10000.0 * point);
      y.push_back(50000 + 1000 * draws.normal());
    }
  }
  const LineFit fit = fit_line(x, y, 3);
  EXPECT_LT(fit.r2, 0.5);
  EXPECT_LT(fit.slope.lo, 0.0);
  EXPECT_GT(fit.slope.hi, 0.0);
  EXPECT_TRUE(fit.flags.empty()) << fit.flags.size();
}

// 8 sizes × 5 rounds of y = f(level) with ±0.5 % of deterministic jitter per round.
Synthetic levels_of(const std::vector<double>& level_values) {
  Synthetic data;
  for (int round = 0; round < 5; ++round) {
    for (std::size_t level = 0; level < level_values.size(); ++level) {
      data.x.push_back(4096.0 * static_cast<double>(level));
      data.y.push_back(level_values[level] * (1 + 0.005 * (round - 2)) + 50000);
    }
  }
  return data;
}

TEST(LineFit, CallsASmoothCurveNonlinearButNotAPoorFit) {
  // 100 µs + 20 µs · level²: the lower half rises by about 60 µs per level, the upper half by
  // about 220; a straight line still explains 97 % of the medians' spread.
  std::vector<double> curve;
  for (int level = 0; level < 8; ++level) {
    curve.push_back(100000.0 * level + 20000.0 * level * level);
  }
  const LineFit fit = fit_line(levels_of(curve).x, levels_of(curve).y, 5);
  EXPECT_GT(fit.r2, 0.9);
  EXPECT_EQ(fit.flags, std::vector<std::string>{"nonlinear"});
  EXPECT_TRUE(fit.bad());
}

TEST(LineFit, CallsAZigzagAroundARisingLineLowR2ButNotNonlinear) {
  // 100 µs per level with the levels alternately 200 µs above and below the line: the rise is
  // certain, both halves rise alike, but the line explains less than half of the medians'
  // spread (the flag needs R² < 0.8).
  std::vector<double> zigzag;
  for (int level = 0; level < 8; ++level) {
    zigzag.push_back(100000.0 * level + (level % 2 == 0 ? 200000.0 : -200000.0) + 400000);
  }
  const LineFit fit = fit_line(levels_of(zigzag).x, levels_of(zigzag).y, 5);
  EXPECT_GT(fit.slope.lo, 0.0);
  EXPECT_LT(fit.r2, 0.8);
  EXPECT_EQ(fit.flags, std::vector<std::string>{"low_r2"});
  EXPECT_TRUE(fit.bad());
}

// The same zigzag, smaller, on either side of the R² = 0.8 the flag is defined by: both are
// clear rises of one shape, so only the threshold tells them apart.
std::vector<double> rising_zigzag(double amplitude_ns) {
  std::vector<double> medians;
  for (int level = 0; level < 8; ++level) {
    medians.push_back(100000.0 * level + (level % 2 == 0 ? amplitude_ns : -amplitude_ns) + 400000);
  }
  return medians;
}

TEST(LineFit, FlagsLowR2JustBelowPointEightAndNotJustAbove) {
  const std::vector<double> below = rising_zigzag(140000);
  const LineFit poor = fit_line(levels_of(below).x, levels_of(below).y, 5);
  EXPECT_GT(poor.r2, 0.65);
  EXPECT_LT(poor.r2, 0.8);
  EXPECT_EQ(poor.flags, std::vector<std::string>{"low_r2"});
  const std::vector<double> above = rising_zigzag(85000);
  const LineFit fair = fit_line(levels_of(above).x, levels_of(above).y, 5);
  EXPECT_GT(fair.r2, 0.8);
  EXPECT_LT(fair.r2, 0.95);
  EXPECT_TRUE(fair.flags.empty()) << fair.flags.size();
}

}  // namespace
}  // namespace clonebench
