// The selection over the implicit sorted matrix against full enumeration (the way the
// Hodges–Lehmann estimates were computed before: build every value, sort), for every rank of
// many small random inputs with and without ties, and its cost at 200,000 values a side.

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <random>
#include <thread>
#include <vector>

#include "stats/hodges_lehmann.hpp"
#include "stats/pairwise_selection.hpp"

namespace clonebench {
namespace {

std::vector<double> all_differences(const std::vector<double>& x, const std::vector<double>& y) {
  std::vector<double> values;
  for (double b : y) {
    for (double a : x) {
      values.push_back(b - a);
    }
  }
  std::sort(values.begin(), values.end());
  return values;
}

std::vector<double> all_walsh_averages(const std::vector<double>& d) {
  std::vector<double> values;
  for (std::size_t i = 0; i < d.size(); ++i) {
    for (std::size_t j = i; j < d.size(); ++j) {
      values.push_back((d[i] + d[j]) / 2);
    }
  }
  std::sort(values.begin(), values.end());
  return values;
}

// Values with few distinct levels when `levels` > 0 (ties), else continuous.
std::vector<double> random_sorted(std::mt19937_64& random, std::size_t n, int levels) {
  std::normal_distribution<double> normal(0.0, 1.0);
  std::vector<double> values(n);
  for (double& v : values) {
    v = levels > 0 ? std::round(normal(random) * levels) / levels : normal(random);
  }
  std::sort(values.begin(), values.end());
  return values;
}

// Pivoting from the first candidate on, with samples of 16: every narrowing step, its
// boundaries and the fallback for ties are exercised on inputs small enough to enumerate.
constexpr SelectionTuning kEagerPivoting{0, 16};

TEST(PairwiseSelection, EveryRankOfThePairwiseDifferencesMatchesFullEnumeration) {
  std::mt19937_64 random(1);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t m = 1 + random() % 40;
    const std::size_t n = 1 + random() % 40;
    const int levels = trial % 3 == 0 ? 2 : 0;
    const std::vector<double> x = random_sorted(random, m, levels);
    const std::vector<double> y = random_sorted(random, n, levels);
    const std::vector<double> expected = all_differences(x, y);
    for (std::uint64_t k = 1; k <= expected.size(); ++k) {
      ASSERT_EQ(kth_pairwise_difference(x, y, k), expected[k - 1])
          << "m " << m << " n " << n << " k " << k;
      ASSERT_EQ(kth_pairwise_difference(x, y, k, nullptr, kEagerPivoting), expected[k - 1])
          << "m " << m << " n " << n << " k " << k << " (pivoting)";
    }
  }
}

TEST(PairwiseSelection, EveryRankOfTheWalshAveragesMatchesFullEnumeration) {
  std::mt19937_64 random(2);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 1 + random() % 60;
    const std::vector<double> d = random_sorted(random, n, trial % 3 == 0 ? 2 : 0);
    const std::vector<double> expected = all_walsh_averages(d);
    for (std::uint64_t k = 1; k <= expected.size(); ++k) {
      ASSERT_EQ(kth_walsh_average(d, k), expected[k - 1]) << "n " << n << " k " << k;
      ASSERT_EQ(kth_walsh_average(d, k, nullptr, kEagerPivoting), expected[k - 1])
          << "n " << n << " k " << k << " (pivoting)";
    }
  }
}

// Matrices beyond the direct cut-off (32768 entries): the pivoting runs, with and without
// ties (two levels: five distinct differences, where two pivots can leave every candidate).
TEST(PairwiseSelection, PivotedSelectionMatchesFullEnumerationOnManyRanks) {
  std::mt19937_64 random(6);
  for (int trial = 0; trial < 16; ++trial) {
    const std::size_t m = 150 + random() % 250;
    const std::size_t n = 150 + random() % 250;
    const int levels = trial % 2 == 0 ? 2 : 0;
    const std::vector<double> x = random_sorted(random, m, levels);
    const std::vector<double> y = random_sorted(random, n, levels);
    const std::vector<double> differences = all_differences(x, y);
    const std::vector<double> walsh = all_walsh_averages(x);
    for (int draw = 0; draw < 40; ++draw) {
      const std::uint64_t k = 1 + random() % differences.size();
      ASSERT_EQ(kth_pairwise_difference(x, y, k), differences[k - 1])
          << "m " << m << " n " << n << " k " << k << " levels " << levels;
      const std::uint64_t w = 1 + random() % walsh.size();
      ASSERT_EQ(kth_walsh_average(x, w), walsh[w - 1]) << "n " << m << " k " << w;
    }
  }
}

TEST(PairwiseSelection, LargeInputsAgreeWithFullEnumerationBeyondTheDirectCutoff) {
  // 700 × 900 values: the pivoting loop runs many rounds before the direct selection.
  std::mt19937_64 random(3);
  const std::vector<double> x = random_sorted(random, 700, 0);
  const std::vector<double> y = random_sorted(random, 900, 50);
  const std::vector<double> expected = all_differences(x, y);
  for (std::uint64_t k : {std::uint64_t{1}, std::uint64_t{2}, std::uint64_t{1000},
                          std::uint64_t{expected.size() / 2}, std::uint64_t{expected.size()}}) {
    EXPECT_EQ(kth_pairwise_difference(x, y, k), expected[k - 1]) << k;
  }
  const std::vector<double> walsh = all_walsh_averages(x);
  EXPECT_EQ(kth_walsh_average(x, walsh.size() / 2), walsh[walsh.size() / 2 - 1]);
}

TEST(PairwiseSelection, HeavilyTiedInputsEndWithOnePivotWhenTwoCannotNarrow) {
  // Half the differences are −1, half +1: for a middle rank the two pivots are −1 and +1 and
  // keep every candidate for all but one sample in ten thousand; one random pivot must take
  // over. In a child, so that a selection that does not end fails this test instead of
  // stopping the suite (it takes milliseconds; without the fallback, minutes).
  const std::vector<double> x(1000, 1.0);
  std::vector<double> y(1000, 0.0);
  std::fill(y.begin() + 500, y.end(), 2.0);
  const std::vector<double> expected = all_differences(x, y);
  const SelectionTuning large_sample{0, 65536};
  const pid_t child = ::fork();
  if (child == 0) {
    bool right = true;
    for (std::uint64_t k : {std::uint64_t{1}, std::uint64_t{500'000}, std::uint64_t{500'001},
                            std::uint64_t{1'000'000}}) {
      right = right && kth_pairwise_difference(x, y, k, nullptr, large_sample) == expected[k - 1];
    }
    ::_exit(right ? 0 : 1);
  }
  int status = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (::waitpid(child, &status, WNOHANG) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      ::kill(child, SIGKILL);
      ::waitpid(child, &status, 0);
      FAIL() << "the selection did not end";
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

TEST(PairwiseSelection, RanksOutsideTheMatrixAreRefused) {
  const std::vector<double> x = {1, 2};
  EXPECT_THROW(kth_pairwise_difference(x, x, 0), std::out_of_range);
  EXPECT_THROW(kth_pairwise_difference(x, x, 5), std::out_of_range);
  EXPECT_THROW(kth_walsh_average(x, 4), std::out_of_range);
}

TEST(PairwiseSelection, TwoHundredThousandASideCostsNearlyLinearWork) {
  // 4·10^10 differences would take 320 GB to enumerate. The selection evaluates each matrix
  // entry it looks at; expected O((m + n) log(m·n)) of them, here bounded generously.
  std::mt19937_64 random(4);
  const std::size_t n = 200'000;
  const std::vector<double> x = random_sorted(random, n, 0);
  const std::vector<double> y = random_sorted(random, n, 1000);
  SelectionCost cost;
  const double median = kth_pairwise_difference(x, y, std::uint64_t{n} * n / 2, &cost);
  EXPECT_LT(std::fabs(median), 0.05);  // two samples of N(0, 1)
  const double bound = 20.0 * (2.0 * n) * std::log2(static_cast<double>(n) * n);
  EXPECT_LT(static_cast<double>(cost.evaluations), bound) << cost.evaluations;
}

TEST(HodgesLehmann, TwoHundredThousandValuesASideGiveAnEstimateAndInterval) {
  std::mt19937_64 random(5);
  std::vector<double> x = random_sorted(random, 200'000, 0);
  std::vector<double> y = x;
  for (double& v : y) {
    v += 0.25;
  }
  std::shuffle(x.begin(), x.end(), random);
  const ShiftEstimate unpaired = hodges_lehmann_unpaired(x, y, 0.05);
  EXPECT_NEAR(unpaired.estimate, 0.25, 0.02);
  EXPECT_LT(unpaired.ci_low, unpaired.estimate);
  EXPECT_GT(unpaired.ci_high, unpaired.estimate);
  const ShiftEstimate paired = hodges_lehmann_paired(x, 0.05);
  EXPECT_NEAR(paired.estimate, 0.0, 0.02);
  EXPECT_LT(paired.ci_low, paired.ci_high);
}

}  // namespace
}  // namespace clonebench
