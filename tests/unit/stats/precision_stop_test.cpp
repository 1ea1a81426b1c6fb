// The stopping rule of `ab --precision`: when it looks, what it reads, and, by simulation, that
// stopping on the interval's width keeps the error stop_rates of a fixed-size experiment while
// stopping on the verdict would not. The simulation draws its own random numbers (splitmix64,
// Box–Muller, Student's t) so that its figures do not depend on the standard library's
// distributions.
#include "stats/precision_stop.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <vector>

#include "stats/hodges_lehmann.hpp"

namespace clonebench {
namespace {

constexpr double kStopAlpha = 0.05;

TEST(PrecisionStop, AbLooksFirstAfterThirtyPairs) {
  EXPECT_EQ(PrecisionTarget{}.first_look_pairs, 30U);
  EXPECT_EQ(PrecisionTarget{}.block_pairs, 5U);
}

TEST(PrecisionStop, LooksFirstAfterTenPairsThenAfterEveryBlock) {
  const PrecisionTarget target{.half_width = 0.01, .first_look_pairs = 10, .block_pairs = 5};
  EXPECT_FALSE(is_look(0, target));
  EXPECT_FALSE(is_look(9, target));
  EXPECT_TRUE(is_look(10, target));
  EXPECT_FALSE(is_look(11, target));
  EXPECT_FALSE(is_look(14, target));
  EXPECT_TRUE(is_look(15, target));
  EXPECT_TRUE(is_look(20, target));
}

TEST(PrecisionStop, TooFewPairsForAnIntervalAreNeverPreciseEnough) {
  // Five pairs cannot give a 95 % signed-rank interval: its bounds are infinite.
  const std::vector<double> five{0.001, -0.0011, 0.0005, 0.0003, 0.0002};
  EXPECT_TRUE(std::isinf(relative_half_width(five, kStopAlpha)));
  EXPECT_FALSE(precision_reached({five}, PrecisionTarget{}, kStopAlpha));
  EXPECT_FALSE(precision_reached({}, PrecisionTarget{}, kStopAlpha));
}

TEST(PrecisionStop, HalfWidthIsHalfTheIntervalAsARelativeChange) {
  // Ten differences of ±1 %: the Walsh averages are fifteen of −1 %, twenty-five of 0 and fifteen
  // of +1 %, so any interval rank up to 15 gives [−1 %, +1 %], a relative half-width of
  // sinh(0.01).
  std::vector<double> differences;
  for (int i = 0; i < 10; ++i) {
    differences.push_back(i % 2 == 0 ? 0.01 : -0.01);
  }
  const ShiftEstimate shift = hodges_lehmann_paired(differences, kStopAlpha);
  EXPECT_DOUBLE_EQ(relative_half_width(differences, kStopAlpha),
                   (std::exp(shift.ci_high) - std::exp(shift.ci_low)) / 2);
  EXPECT_NEAR(relative_half_width(differences, kStopAlpha), 0.01, 0.0002);
}

TEST(PrecisionStop, EveryMetricMustBePreciseEnough) {
  // Forty differences spread evenly over ±0.1 % and over ±5 %.
  std::vector<double> tight, loose;
  for (int i = 0; i < 40; ++i) {
    const double spread = (i * 37 % 40) / 39.0 - 0.5;  // a permutation of [-0.5, 0.5]
    tight.push_back(0.002 * spread);
    loose.push_back(0.1 * spread);
  }
  const PrecisionTarget target{.half_width = 0.01};
  EXPECT_LT(relative_half_width(tight, kStopAlpha), 0.001);
  EXPECT_GT(relative_half_width(loose, kStopAlpha), 0.01);
  EXPECT_TRUE(precision_reached({tight}, target, kStopAlpha));
  EXPECT_FALSE(precision_reached({loose}, target, kStopAlpha));
  EXPECT_FALSE(precision_reached({tight, loose}, target, kStopAlpha));
}

// --- Simulation --------------------------------------------------------------------------------

class StopRandom {
 public:
  explicit StopRandom(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {  // splitmix64
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  double uniform() { return (static_cast<double>(next() >> 11) + 0.5) * 0x1.0p-53; }
  double normal() {  // Box–Muller, one of the pair
    return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform());
  }
  double student_t3() {  // unit variance: t with 3 degrees of freedom has variance 3
    const double z1 = normal(), z2 = normal(), z3 = normal();  // three draws, each squared
    const double chi2 = z1 * z1 + z2 * z2 + z3 * z3;
    return normal() / std::sqrt(chi2 / 3) / std::sqrt(3.0);
  }

 private:
  std::uint64_t state_;
};

// One run's log throughput on a machine that drifts (a linear trend and a slow wave, different in
// every experiment), with heavy-tailed noise and an occasional disturbed run 15 % slow.
struct StopMachine {
  double slope_per_run, wave_amplitude, wave_period_runs;
  double log_rate(StopRandom& random, int run) const {
    const double drift =
        slope_per_run * run + wave_amplitude * std::sin(2 * M_PI * run / wave_period_runs);
    const double disturbed = random.uniform() < 0.03 ? std::log(0.85) : 0.0;
    return drift + 0.02 * random.student_t3() + disturbed;
  }
};

using StopRuleFn = std::function<bool(const std::vector<double>&)>;

// ab's own rule: ±1 %, the first look after 30 pairs, then one after every 5.
const PrecisionTarget kStopSimulatedTarget{
    .half_width = 0.01, .first_look_pairs = 30, .block_pairs = 5};

struct StopOutcome {
  bool rejected = false;  // the final interval excludes 0
  bool covered = false;   // the final interval holds the true shift
  bool stopped_early = false;
};

StopOutcome simulate_stop(std::uint64_t seed, double true_shift_log, const StopRuleFn& stop) {
  constexpr std::size_t kMaxPairs = 300;  // --max-time, in pairs
  StopRandom random(seed);
  const StopMachine machine{(random.uniform() - 0.5) * 0.004, random.uniform() * 0.03,
                            20 + 200 * random.uniform()};
  std::vector<double> differences;
  StopOutcome outcome;
  for (std::size_t pair = 0; pair < kMaxPairs; ++pair) {
    const int first = static_cast<int>(2 * pair);
    const bool a_first = (random.next() & 1) != 0;  // ab's random AB/BA order
    const double a = machine.log_rate(random, a_first ? first : first + 1);
    const double b = machine.log_rate(random, a_first ? first + 1 : first) + true_shift_log;
    differences.push_back(b - a);
    if (stop(differences)) {
      outcome.stopped_early = true;
      break;
    }
  }
  const ShiftEstimate shift = hodges_lehmann_paired(differences, kStopAlpha);
  outcome.rejected = shift.ci_low > 0 || shift.ci_high < 0;
  outcome.covered = shift.ci_low <= true_shift_log && true_shift_log <= shift.ci_high;
  return outcome;
}

struct StopRates {
  double rejected = 0, covered = 0, stopped_early = 0;
};

StopRates stop_rates(std::uint64_t first_seed, int experiments, double true_shift_log,
                     const StopRuleFn& stop) {
  StopRates sum;
  for (int i = 0; i < experiments; ++i) {
    const StopOutcome outcome =
        simulate_stop(first_seed + static_cast<std::uint64_t>(i), true_shift_log, stop);
    sum.rejected += outcome.rejected;
    sum.covered += outcome.covered;
    sum.stopped_early += outcome.stopped_early;
  }
  return StopRates{sum.rejected / experiments, sum.covered / experiments,
                   sum.stopped_early / experiments};
}

// Called after every pair: ab's rule looks only at its looks.
bool stop_width_rule(const std::vector<double>& differences) {
  return is_look(differences.size(), kStopSimulatedTarget) &&
         precision_reached({differences}, kStopSimulatedTarget, kStopAlpha);
}

constexpr int kStopExperiments = 4000;

TEST(PrecisionStop, StoppingAtAPrecisionKeepsTheFalsePositiveRateOfAnAaExperiment) {
  const StopRates aa = stop_rates(1000, kStopExperiments, 0.0, stop_width_rule);
  EXPECT_GT(aa.stopped_early, 0.95) << "the simulated noise must let ±1 % be reached";
  EXPECT_LE(aa.rejected, kStopAlpha + 0.01);
  EXPECT_GE(aa.covered, 0.94);
}

TEST(PrecisionStop, StoppingAtAPrecisionKeepsTheCoverageOfARealFourPercentShift) {
  const StopRates shifted = stop_rates(50000, kStopExperiments, std::log(1.04), stop_width_rule);
  EXPECT_GT(shifted.stopped_early, 0.95);
  EXPECT_GE(shifted.covered, 0.94);
  EXPECT_GT(shifted.rejected, 0.9) << "a 4 % shift resolved to ±1 % is always seen";
}

TEST(PrecisionStop, StoppingOnTheVerdictInsteadWouldInflateFalsePositives) {
  // The control that shows the simulation can tell: a user watching the progress line who stops
  // as soon as the interval excludes 0, from the 10th pair on.
  const StopRuleFn verdict_rule = [](const std::vector<double>& differences) {
    if (differences.size() < 10) {
      return false;
    }
    const ShiftEstimate shift = hodges_lehmann_paired(differences, kStopAlpha);
    return shift.ci_low > 0 || shift.ci_high < 0 || stop_width_rule(differences);
  };
  const StopRates aa = stop_rates(1000, kStopExperiments, 0.0, verdict_rule);
  EXPECT_GT(aa.rejected, kStopAlpha + 0.03);
}

}  // namespace
}  // namespace clonebench
