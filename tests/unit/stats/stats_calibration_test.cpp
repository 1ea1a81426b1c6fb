// Calibration with simulated data: the rank tests must keep their false-positive rate, find
// real shifts, and their CIs must cover the true shift as often as they claim. Draws come from
// std::mt19937_64 through our own Box–Muller transform, so results do not depend on the
// standard library's distribution code; seeds are fixed, so every run sees the same data.
//
// What a rate is compared with never comes from the code under test: the published two-sided
// 5 % critical values of U and of Wilcoxon's T (docs/statistics.md, "Calibration references"),
// and the exact null probabilities of those values counted here, in integers, by a method of
// our own (subsets of ranks by their sum). A simulated rate over R replications has binomial
// standard error √(r(1 − r)/R); we allow 3 standard errors (a fixed seed cannot flake, and 3 SE
// keeps a genuinely wrong implementation out).

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
// Published two-sided 5 % critical values: reject when U ≤ value (m = n = 10, m = n = 20) and
// when the signed-rank T ≤ value (20 pairs).
constexpr std::size_t kUCritical10 = 23;
constexpr std::size_t kUCritical20 = 127;
constexpr std::size_t kTCritical20 = 52;

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

// counts[s]: the number of ways to choose `chosen` distinct ranks of 1..total summing to s.
std::vector<std::uint64_t> rank_sum_counts(std::size_t chosen, std::size_t total) {
  const std::size_t max_sum = total * (total + 1) / 2;
  std::vector<std::vector<std::uint64_t>> ways(chosen + 1,
                                               std::vector<std::uint64_t>(max_sum + 1, 0));
  ways[0][0] = 1;
  for (std::size_t rank = 1; rank <= total; ++rank) {
    for (std::size_t k = std::min(rank, chosen); k >= 1; --k) {
      for (std::size_t sum = max_sum; sum >= rank; --sum) {
        ways[k][sum] += ways[k - 1][sum - rank];
      }
    }
  }
  return ways[chosen];
}

// P(U ≤ u) for two samples of n without ties: U = rank sum of x − n(n + 1)/2.
double u_lower_tail(std::size_t n, std::size_t u) {
  const std::vector<std::uint64_t> counts = rank_sum_counts(n, 2 * n);
  const std::size_t offset = n * (n + 1) / 2;
  std::uint64_t at_most = 0, all = 0;
  for (std::size_t sum = 0; sum < counts.size(); ++sum) {
    all += counts[sum];
    at_most += sum >= offset && sum - offset <= u ? counts[sum] : 0;
  }
  return static_cast<double>(at_most) / static_cast<double>(all);
}

// P(W+ ≤ w) for n pairs without ties: each of the 2^n sign patterns is equally likely.
double signed_rank_lower_tail(std::size_t n, std::size_t w) {
  std::uint64_t at_most = 0, all = 0;
  for (std::size_t chosen = 0; chosen <= n; ++chosen) {
    const std::vector<std::uint64_t> counts = rank_sum_counts(chosen, n);
    for (std::size_t sum = 0; sum < counts.size(); ++sum) {
      all += counts[sum];
      at_most += sum <= w ? counts[sum] : 0;
    }
  }
  return static_cast<double>(at_most) / static_cast<double>(all);
}

TEST(CalibrationSimulation, OurCountedNullsReproduceThePublishedCriticalValues) {
  // The critical value is the largest one whose two-sided probability stays below 5 %.
  for (const auto& [n, critical] : {std::pair{10U, kUCritical10}, std::pair{20U, kUCritical20}}) {
    EXPECT_LT(2 * u_lower_tail(n, critical), kAlpha) << "n = " << n;
    EXPECT_GE(2 * u_lower_tail(n, critical + 1), kAlpha) << "n = " << n;
  }
  EXPECT_LT(2 * signed_rank_lower_tail(20, kTCritical20), kAlpha);
  EXPECT_GE(2 * signed_rank_lower_tail(20, kTCritical20 + 1), kAlpha);
  // C(20, 10) = 184756 subsets, 3996 of them with U ≤ 23.
  EXPECT_DOUBLE_EQ(u_lower_tail(10, kUCritical10), 3996.0 / 184756.0);
}

TEST(CalibrationSimulation, AaFalsePositiveRateMatchesTheExactSizeOfTheTest) {
  for (const auto& [n, critical] : {std::pair{10U, kUCritical10}, std::pair{20U, kUCritical20}}) {
    NormalSource source(0x5eed + n);
    constexpr int kReplications = 2000;
    int rejections = 0;
    for (int r = 0; r < kReplications; ++r) {
      const auto a = source.log_sample(n, 0, 0.01);
      const auto b = source.log_sample(n, 0, 0.01);
      rejections += mann_whitney_u(a, b).p < kAlpha ? 1 : 0;
    }
    const double rate = static_cast<double>(rejections) / kReplications;
    // 0.04326 for n = 10, 0.04909 for n = 20.
    const double size = 2 * u_lower_tail(n, critical);
    EXPECT_NEAR(rate, size, three_standard_errors(size, kReplications)) << "n = " << n;
  }
}

TEST(CalibrationSimulation, AaFalsePositiveRateStaysNearAlphaWithTiesFromACoarseTimer) {
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

TEST(CalibrationSimulation, PowerToDetectAThreePercentShiftAtOnePercentNoiseWithTwentyRunsIsHigh) {
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

TEST(CalibrationSimulation, PowerForAOnePercentShiftMatchesTheReferenceSimulation) {
  // An independent simulation (numpy, docs/statistics.md "Calibration references"): power 0.83
  // at CV 1 %, Δ 1 %, n = 20 per side.
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

TEST(CalibrationSimulation, UnpairedIntervalCoversTheTrueShiftAsOftenAsItsExactLevelSays) {
  NormalSource source(99);
  constexpr int kReplications = 1000;
  constexpr std::size_t kRuns = 20;
  const double true_shift = std::log(1.02);
  int covered = 0;
  for (int r = 0; r < kReplications; ++r) {
    const auto a = source.log_sample(kRuns, 0, 0.01);
    const auto b = source.log_sample(kRuns, true_shift, 0.01);
    const ShiftEstimate shift = hodges_lehmann_unpaired(a, b, kAlpha);
    // Inverting the test: the bound is the difference just past the critical value.
    ASSERT_EQ(shift.k, kUCritical20 + 1);
    covered += (shift.ci_low <= true_shift && true_shift <= shift.ci_high) ? 1 : 0;
  }
  // [D_(k), D_(mn−k+1)] misses when U ≤ 127 on either side: coverage 1 − 0.04909 = 0.95091.
  const double nominal = 1 - 2 * u_lower_tail(kRuns, kUCritical20);
  const double coverage = static_cast<double>(covered) / kReplications;
  EXPECT_NEAR(coverage, nominal, three_standard_errors(nominal, kReplications));
}

TEST(CalibrationSimulation, PairedTestAndIntervalStayCalibratedWhenTheMachineDrifts) {
  // The machine slows down by 10 % over the experiment (40 runs, linear in time). Each pair
  // runs A and B back to back in an order drawn by a coin flip, so the later run of a pair
  // carries 0.25 % more drift: the differences get a symmetric ±0.25 % that pairing with a
  // random order absorbs. The same drift with all A runs first and all B runs after is a fake
  // effect, which shows that the drift is really in the data the functions see.
  NormalSource source(31337);
  constexpr int kReplications = 1000;
  constexpr std::size_t kPairs = 20;
  const auto drift = [](std::size_t position) {
    return 0.10 * static_cast<double>(position) / (2.0 * kPairs);
  };
  const double true_shift = std::log(0.985);
  int false_positives = 0, covered = 0, blocked_rejections = 0;
  for (int r = 0; r < kReplications; ++r) {
    std::vector<double> null_d, shifted_d, blocked_a, blocked_b;
    for (std::size_t i = 0; i < kPairs; ++i) {
      const bool a_first = source.uniform() < 0.5;
      const std::size_t a_at = 2 * i + (a_first ? 0 : 1);
      const std::size_t b_at = 2 * i + (a_first ? 1 : 0);
      const double a = drift(a_at) + 0.01 * source.normal();
      null_d.push_back(drift(b_at) + 0.01 * source.normal() - a);
      const double a_again = drift(a_at) + 0.01 * source.normal();
      shifted_d.push_back(true_shift + drift(b_at) + 0.01 * source.normal() - a_again);
      blocked_a.push_back(drift(i) + 0.01 * source.normal());
      blocked_b.push_back(drift(kPairs + i) + 0.01 * source.normal());
    }
    false_positives += wilcoxon_signed_rank(null_d).p < kAlpha ? 1 : 0;
    const ShiftEstimate shift = hodges_lehmann_paired(shifted_d, kAlpha);
    ASSERT_EQ(shift.k, kTCritical20 + 1);
    covered += (shift.ci_low <= true_shift && true_shift <= shift.ci_high) ? 1 : 0;
    blocked_rejections += mann_whitney_u(blocked_a, blocked_b).p < kAlpha ? 1 : 0;
  }
  // Exact size of the signed-rank test with 20 pairs: 2 · P(T ≤ 52) = 0.04844.
  const double size = 2 * signed_rank_lower_tail(kPairs, kTCritical20);
  EXPECT_NEAR(static_cast<double>(false_positives) / kReplications, size,
              three_standard_errors(size, kReplications));
  const double nominal = 1 - size;
  EXPECT_NEAR(static_cast<double>(covered) / kReplications, nominal,
              three_standard_errors(nominal, kReplications));
  EXPECT_GT(static_cast<double>(blocked_rejections) / kReplications, 0.9);
}

}  // namespace
}  // namespace clonebench
