// Calibration with simulated data: the rank tests must keep their false-positive rate, find
// real shifts, and their CIs must cover the true shift as often as they claim. Draws come from
// std::mt19937_64 through our own Box–Muller transform, so results do not depend on the
// standard library's distribution code; seeds are fixed, so every run sees the same data.
//
// Tolerances: a simulated rate over R replications has binomial standard error
// √(r(1 − r)/R); we allow 3 standard errors around the rate the exact null distribution
// predicts (a fixed seed cannot flake, and 3 SE keeps a genuinely wrong implementation out).

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "stats/hodges_lehmann.hpp"
#include "stats/mann_whitney.hpp"
#include "stats/signed_rank.hpp"

namespace clonebench {
namespace {

constexpr double kAlpha = 0.05;

class NormalSource {
 public:
  explicit NormalSource(std::uint64_t seed) : engine_(seed) {}
  double uniform() { return (static_cast<double>(engine_() >> 11) + 0.5) * 0x1.0p-53; }
  double normal() { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); }
  // ln of a lognormal run time with log-scale spread sigma around ln(base) + shift.
  std::vector<double> log_sample(std::size_t n, double shift, double sigma) {
    std::vector<double> values(n);
    for (double& v : values) {
      v = std::log(1.2345) + shift + sigma * normal();
    }
    return values;
  }

 private:
  std::mt19937_64 engine_;
};

double three_standard_errors(double rate, int replications) {
  return 3 * std::sqrt(rate * (1 - rate) / replications);
}

// P(p < alpha) under the null for an exact Mann–Whitney test with m = n: twice the largest
// lower tail strictly below alpha/2.
double exact_size(std::size_t n) {
  const std::vector<double> pmf = mann_whitney_null_pmf(n, n);
  double tail = 0;
  for (double p : pmf) {
    if (2 * (tail + p) >= kAlpha) {
      break;
    }
    tail += p;
  }
  return 2 * tail;
}

TEST(Calibration, AaFalsePositiveRateStaysAtOrBelowAlphaForTheExactTest) {
  for (std::size_t n : {10U, 20U}) {
    NormalSource source(0x5eed + n);
    constexpr int kReplications = 2000;
    int rejections = 0;
    for (int r = 0; r < kReplications; ++r) {
      const auto a = source.log_sample(n, 0, 0.01);
      const auto b = source.log_sample(n, 0, 0.01);
      rejections += mann_whitney_u(a, b).p < kAlpha ? 1 : 0;
    }
    const double rate = static_cast<double>(rejections) / kReplications;
    const double size = exact_size(n);
    EXPECT_LE(size, kAlpha);
    EXPECT_NEAR(rate, size, three_standard_errors(size, kReplications)) << "n = " << n;
    EXPECT_LE(rate, kAlpha) << "n = " << n;
  }
}

TEST(Calibration, AaFalsePositiveRateStaysNearAlphaWithTiesFromACoarseTimer) {
  // Values rounded to 0.2 % steps: ties everywhere, so the tie-corrected normal approximation
  // is used. Its size is not known exactly; allow 3 SE above alpha.
  NormalSource source(2024);
  constexpr int kReplications = 2000;
  int rejections = 0;
  for (int r = 0; r < kReplications; ++r) {
    auto a = source.log_sample(30, 0, 0.01);
    auto b = source.log_sample(30, 0, 0.01);
    for (auto* sample : {&a, &b}) {
      for (double& v : *sample) {
        v = std::round(v / 0.002) * 0.002;
      }
    }
    const MannWhitneyResult result = mann_whitney_u(a, b);
    ASSERT_FALSE(result.exact);
    rejections += result.p < kAlpha ? 1 : 0;
  }
  const double rate = static_cast<double>(rejections) / kReplications;
  EXPECT_LE(rate, kAlpha + three_standard_errors(kAlpha, kReplications));
  EXPECT_GT(rate, 0.01);  // a test that never rejects would be useless, not calibrated
}

TEST(Calibration, PowerToDetectAThreePercentShiftAtOnePercentNoiseWithTwentyRunsIsHigh) {
  NormalSource source(7);
  constexpr int kReplications = 1000;
  int detections = 0;
  for (int r = 0; r < kReplications; ++r) {
    const auto a = source.log_sample(20, 0, 0.01);
    const auto b = source.log_sample(20, std::log(1.03), 0.01);
    const ShiftEstimate shift = hodges_lehmann_unpaired(a, b, kAlpha);
    detections += (mann_whitney_u(a, b).p < kAlpha && shift.ci_low > 0) ? 1 : 0;
  }
  EXPECT_GE(static_cast<double>(detections) / kReplications, 0.9);
}

TEST(Calibration, PowerForAOnePercentShiftMatchesTheReferenceSimulation) {
  // statistics.md §9 [sim]: MWU power 0.83 at CV 1 %, Δ 1 %, n = 20 per side.
  NormalSource source(11);
  constexpr int kReplications = 1000;
  int detections = 0;
  for (int r = 0; r < kReplications; ++r) {
    const auto a = source.log_sample(20, 0, 0.01);
    const auto b = source.log_sample(20, std::log(1.01), 0.01);
    detections += mann_whitney_u(a, b).p < kAlpha ? 1 : 0;
  }
  const double power = static_cast<double>(detections) / kReplications;
  EXPECT_NEAR(power, 0.83, three_standard_errors(0.83, kReplications));
}

TEST(Calibration, UnpairedIntervalCoversTheTrueShiftAsOftenAsItsExactLevelSays) {
  NormalSource source(99);
  constexpr int kReplications = 1000;
  constexpr std::size_t kRuns = 20;
  const double true_shift = std::log(1.02);
  int covered = 0;
  std::size_t k = 0;
  for (int r = 0; r < kReplications; ++r) {
    const auto a = source.log_sample(kRuns, 0, 0.01);
    const auto b = source.log_sample(kRuns, true_shift, 0.01);
    const ShiftEstimate shift = hodges_lehmann_unpaired(a, b, kAlpha);
    k = shift.k;
    covered += (shift.ci_low <= true_shift && true_shift <= shift.ci_high) ? 1 : 0;
  }
  // Exact coverage of [D_(k), D_(mn−k+1)] is 1 − 2·P(U <= k − 1) (about 0.95, never below).
  const std::vector<double> pmf = mann_whitney_null_pmf(kRuns, kRuns);
  double tail = 0;
  for (std::size_t u = 0; u + 1 < k; ++u) {
    tail += pmf[u];
  }
  const double nominal = 1 - 2 * tail;
  EXPECT_GE(nominal, 0.95);
  const double coverage = static_cast<double>(covered) / kReplications;
  EXPECT_NEAR(coverage, nominal, three_standard_errors(nominal, kReplications));
}

TEST(Calibration, PairedTestAndIntervalAreCalibratedUnderDrift) {
  // Pairs share a slow drift (+2 % over the experiment) that pairing cancels: A/A false
  // positives stay at or below the exact size, and the CI covers the true shift.
  NormalSource source(31337);
  constexpr int kReplications = 1000;
  constexpr std::size_t kPairs = 20;
  int false_positives = 0;
  int covered = 0;
  const double true_shift = std::log(0.985);
  for (int r = 0; r < kReplications; ++r) {
    std::vector<double> null_d(kPairs), shifted_d(kPairs);
    for (std::size_t i = 0; i < kPairs; ++i) {
      const double drift = 0.02 * static_cast<double>(i) / kPairs;
      const double a = drift + 0.01 * source.normal();
      null_d[i] = drift + 0.01 * source.normal() - a;
      shifted_d[i] = true_shift + drift + 0.01 * source.normal() - (drift + 0.01 * source.normal());
    }
    false_positives += wilcoxon_signed_rank(null_d).p < kAlpha ? 1 : 0;
    const ShiftEstimate shift = hodges_lehmann_paired(shifted_d, kAlpha);
    covered += (shift.ci_low <= true_shift && true_shift <= shift.ci_high) ? 1 : 0;
  }
  // Exact size and coverage of the signed-rank procedure with 20 pairs, from its null.
  const std::vector<double> pmf = signed_rank_null_pmf(kPairs);
  double tail = 0;
  for (double p : pmf) {
    if (2 * (tail + p) >= kAlpha) {
      break;
    }
    tail += p;
  }
  const double size = 2 * tail;
  const double rate = static_cast<double>(false_positives) / kReplications;
  EXPECT_NEAR(rate, size, three_standard_errors(size, kReplications));
  const std::size_t k = signed_rank_ci_rank(kPairs, kAlpha, true, 0);
  double below = 0;
  for (std::size_t w = 0; w + 1 < k; ++w) {
    below += pmf[w];
  }
  const double nominal = 1 - 2 * below;
  EXPECT_NEAR(static_cast<double>(covered) / kReplications, nominal,
              three_standard_errors(nominal, kReplications));
}

}  // namespace
}  // namespace clonebench
