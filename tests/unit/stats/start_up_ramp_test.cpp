// The start-up ramp rule against constructed series: the ramps issue 36 measured are found, the
// steady series measured beside them are not, and by simulation a steady series of independent
// noise raises the warning in at most alpha of runs while a ramp of the issue's size is found in
// nearly all. The simulation draws its own random numbers (splitmix64, Box–Muller) so that its
// figures do not depend on the standard library's distributions.
#include "stats/start_up_ramp.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

namespace clonebench {
namespace {

TEST(StartUpRamp, FindsTheRampsOfTheIssuesFirstRuns) {
  // `run fork --timeout 1`, three commands, ops per 100 ms (issue 36).
  const std::vector<std::vector<double>> first_runs = {
      {85, 85, 109, 149, 150, 159, 154, 165, 173, 161},
      {103, 111, 118, 127, 124, 166, 169, 168, 178, 159},
      {96, 91, 118, 165, 177, 188, 186, 150, 149, 154}};
  for (const auto& series : first_runs) {
    const StartUpRamp ramp = find_start_up_ramp(series);
    EXPECT_TRUE(ramp.found);
    EXPECT_GE(ramp.leading, 2U);
    EXPECT_LT(ramp.ratio, 0.8);
    EXPECT_LT(ramp.p, 0.01);
  }
}

TEST(StartUpRamp, LeavesTheIssuesSteadyBareLoopsAlone) {
  // The bare static loop run between them; the second has one slow interval in its middle.
  EXPECT_FALSE(
      find_start_up_ramp(std::vector<double>{160, 161, 162, 165, 152, 157, 162, 169, 166, 163})
          .found);
  EXPECT_FALSE(
      find_start_up_ramp(std::vector<double>{156, 174, 177, 170, 123, 179, 185, 201, 170, 178})
          .found);
}

TEST(StartUpRamp, ALowIntervalInTheMiddleIsNoRamp) {
  EXPECT_FALSE(
      find_start_up_ramp(std::vector<double>{170, 171, 169, 172, 90, 85, 170, 171, 169, 170})
          .found);
}

TEST(StartUpRamp, OneSlowFirstIntervalWellBeyondTheNoiseIsARamp) {
  const StartUpRamp ramp =
      find_start_up_ramp(std::vector<double>{100, 170, 171, 169, 172, 170, 168, 171, 169, 170});
  EXPECT_TRUE(ramp.found);
  EXPECT_EQ(ramp.leading, 1U);
  EXPECT_NEAR(ramp.ratio, 100.0 / 170.0, 0.01);
}

TEST(StartUpRamp, AStartFewPercentLowIsBelowTheDeficitWorthAWarning) {
  // Beyond a noiseless rest, but only 3 % low: significant, yet under min_deficit (5 %).
  const StartUpRamp ramp =
      find_start_up_ramp(std::vector<double>{165, 170, 170, 170, 170, 170, 170, 170, 170, 170});
  EXPECT_FALSE(ramp.found);
  EXPECT_TRUE(
      find_start_up_ramp(std::vector<double>{165, 170, 170, 170, 170, 170, 170, 170, 170, 170},
                         RampRule{.min_deficit = 0.02})
          .found);
}

TEST(StartUpRamp, TooShortASeriesSaysNothing) {
  EXPECT_FALSE(find_start_up_ramp(std::vector<double>{105, 108, 112, 149, 191}).found);
  EXPECT_FALSE(find_start_up_ramp(std::vector<double>{}).found);
}

TEST(StartUpRamp, AFasterStartIsNoRamp) {
  EXPECT_FALSE(
      find_start_up_ramp(std::vector<double>{250, 240, 170, 171, 169, 172, 170, 168, 171, 169})
          .found);
}

// --- Simulation --------------------------------------------------------------------------------

class RampRandom {
 public:
  explicit RampRandom(std::uint64_t seed) : state_(seed) {}
  double uniform() {  // splitmix64
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    z ^= z >> 31;
    return (static_cast<double>(z >> 11) + 0.5) * 0x1.0p-53;
  }
  double normal() {  // Box–Muller, one of the pair
    return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform());
  }

 private:
  std::uint64_t state_;
};

// The share of 20,000 constructed series of `n` intervals (steady rate 170 per interval, normal
// noise of `cv` of it) in which the rule finds a ramp, when the first `ramp_intervals` run at
// `ramp_level` of the rate, and any interval is slowed to 60 % with probability `dip_chance` (a
// disturbance: another process took the CPU).
double ramp_found_share(std::size_t n, double cv, std::size_t ramp_intervals, double ramp_level,
                        std::uint64_t seed, double dip_chance = 0) {
  constexpr int kSeries = 20'000;
  RampRandom random(seed);
  int found = 0;
  std::vector<double> series(n);
  for (int s = 0; s < kSeries; ++s) {
    for (std::size_t i = 0; i < n; ++i) {
      const double level = i < ramp_intervals ? ramp_level : 1.0;
      series[i] = 170.0 * level * (1 + cv * random.normal());
      if (random.uniform() < dip_chance) {
        series[i] *= 0.6;
      }
    }
    found += find_start_up_ramp(series).found ? 1 : 0;
  }
  return static_cast<double>(found) / kSeries;
}

TEST(StartUpRampSimulation, ASteadySeriesWarnsInAtMostOnePercentOfRuns) {
  // alpha is 0.01 family-wise; Bonferroni over the leading segments makes it conservative. The
  // bound allows 3 binomial standard errors of 20,000 series (0.0021).
  for (const std::size_t n : {6U, 10U, 20U, 40U}) {
    EXPECT_LE(ramp_found_share(n, 0.05, 0, 1.0, 36 + n), 0.0121) << n << " intervals";
  }
}

TEST(StartUpRampSimulation, ADisturbanceIsCalledARampOnlyAsOftenAsItHitsTheFirstInterval) {
  // Dips in 5 % of intervals, anywhere: a dipped first interval is a slow start the series cannot
  // tell from a ramp (the warning says so), but a dip later in the first half is none: at most
  // the dip's chance plus alpha, plus 3 binomial standard errors.
  for (const std::size_t n : {10U, 20U, 40U}) {
    EXPECT_LE(ramp_found_share(n, 0.05, 0, 1.0, 360 + n, 0.05), 0.05 + 0.01 + 0.005) << n;
  }
}

TEST(StartUpRampSimulation, FindsTheIssuesRampInNearlyEveryOneSecondRun) {
  // 300 ms at 60 % of the rate, noise 5 % (the bare loop's in the issue): the 1 s run of issue
  // 36 has 10 intervals.
  EXPECT_GE(ramp_found_share(10, 0.05, 3, 0.6, 7), 0.99);
  // One interval at 70 % is found in most runs too.
  EXPECT_GE(ramp_found_share(10, 0.05, 1, 0.7, 8), 0.9);
}

}  // namespace
}  // namespace clonebench
