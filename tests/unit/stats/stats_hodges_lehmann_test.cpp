// Hodges–Lehmann estimates and their rank-test CIs against docs/statistics.md ("Test vectors";
// values from scipy/numpy) and against small cases worked by hand.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "stats/hodges_lehmann.hpp"

namespace clonebench {
namespace {

std::vector<double> logs_of(const std::vector<double>& values) {
  std::vector<double> logs;
  for (double v : values) {
    logs.push_back(std::log(v));
  }
  return logs;
}

TEST(HodgesLehmann, UnpairedLogShiftOfTheTwelveVectorMatchesTheReference) {
  // docs/statistics.md ("Test vectors"): HL(log) of y vs x = −1.106 % (−0.011058799249190749),
  // CI with k = 38 [−1.973 %, −0.306 %] (−0.019732401635764382, −0.0030639831781316337), all as
  // expm1 of the log-scale order statistics.
  const std::vector<double> x = {1.00612, 1.00748, 0.98487, 1.0095,  0.99355, 1.01062,
                                 1.00566, 0.9987,  1.02008, 1.00894, 1.00032, 1.00249};
  const std::vector<double> y = {1.01425, 1.00418, 0.9995,  0.99218, 0.99564, 0.99152,
                                 0.97506, 0.99886, 0.99416, 0.97677, 0.98371, 0.9876};
  const ShiftEstimate shift = hodges_lehmann_unpaired(logs_of(x), logs_of(y), 0.05);
  EXPECT_TRUE(shift.exact);
  EXPECT_EQ(shift.k, 38U);
  EXPECT_NEAR(std::expm1(shift.estimate), -0.011058799249190749, 1e-12);
  EXPECT_NEAR(std::expm1(shift.ci_low), -0.019732401635764382, 1e-12);
  EXPECT_NEAR(std::expm1(shift.ci_high), -0.0030639831781316337, 1e-12);
}

TEST(HodgesLehmann, UnpairedIntervalIsInfiniteWhenSamplesAreTooSmall) {
  const std::vector<double> x = {1.0, 2.0, 3.0};
  const std::vector<double> y = {4.0, 5.0, 6.0};
  const ShiftEstimate shift = hodges_lehmann_unpaired(x, y, 0.05);
  EXPECT_DOUBLE_EQ(shift.estimate, 3.0);  // differences 1..5, median of nine is 3
  EXPECT_TRUE(std::isinf(shift.ci_low));
  EXPECT_TRUE(std::isinf(shift.ci_high));
}

TEST(HodgesLehmann, UnpairedIntervalUsesTheExactCriticalRank) {
  // 5/5 at 5 %: P(U <= 2) = 4/252 = 0.0159 <= 0.025 < P(U <= 3) = 7/252, so k = 3 and the CI
  // is the 3rd and 23rd of the 25 differences. With x = 0..4 and y = x + 10 the differences
  // are 10 + (j − i): sorted 6 7 7 8 8 8 ... 14, third is 7, 23rd is 13.
  const std::vector<double> x = {0, 1, 2, 3, 4};
  const std::vector<double> y = {10, 11, 12, 13, 14};
  const ShiftEstimate shift = hodges_lehmann_unpaired(x, y, 0.05);
  EXPECT_EQ(shift.k, 3U);
  EXPECT_DOUBLE_EQ(shift.estimate, 10.0);
  EXPECT_DOUBLE_EQ(shift.ci_low, 7.0);
  EXPECT_DOUBLE_EQ(shift.ci_high, 13.0);
}

TEST(HodgesLehmann, PairedEstimateIsTheMedianOfWalshAverages) {
  // d = {1, 2, 4}: Walsh averages 1, 1.5, 2.5, 2, 3, 4 → median (2 + 2.5)/2 = 2.25.
  const std::vector<double> d = {1, 2, 4};
  const ShiftEstimate shift = hodges_lehmann_paired(d, 0.05);
  EXPECT_DOUBLE_EQ(shift.estimate, 2.25);
  EXPECT_EQ(shift.k, 0U);  // three pairs cannot reach 5 %
}

TEST(HodgesLehmann, RefusesAValueThatIsNotFiniteInsteadOfSelectingForever) {
  // 260 pairs: enough Walsh averages for the sampled selection, which never narrowed (it looped
  // for ever) once NaNs were among them, as a simulation with a faulty generator found.
  std::vector<double> d;
  for (int i = 0; i < 260; ++i) {
    d.push_back(0.001 * ((i * 37) % 101) - 0.05);
  }
  d[100] = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(hodges_lehmann_paired(d, 0.05), std::invalid_argument);
  d[100] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(hodges_lehmann_paired(d, 0.05), std::invalid_argument);
  const std::vector<double> finite = {1.0, 2.0, 3.0};
  const std::vector<double> x = {1.0, 2.0, -std::numeric_limits<double>::infinity()};
  EXPECT_THROW(hodges_lehmann_unpaired(x, finite, 0.05), std::invalid_argument);
  EXPECT_THROW(hodges_lehmann_unpaired(finite, x, 0.05), std::invalid_argument);
}

TEST(HodgesLehmann, PairedIntervalOfTheFifteenPairVectorExcludesZero) {
  // The signed-rank vector of docs/statistics.md, "Test vectors" (exact p = 0.00085): its CI at
  // 5 % must exclude 0, and with k = 26 (critical T = 25) it spans the 26th to the 95th of 120
  // Walsh averages.
  const std::vector<double> d = {-0.00674, 0.00729,  -0.00982, -0.02941, -0.0035,
                                 -0.01168, -0.02743, -0.03282, -0.02064, -0.00622,
                                 -0.01758, -0.004,   -0.01281, -0.00816, -0.00297};
  const ShiftEstimate shift = hodges_lehmann_paired(d, 0.05);
  EXPECT_TRUE(shift.exact);
  EXPECT_EQ(shift.k, 26U);
  EXPECT_LT(shift.ci_high, 0.0);
  EXPECT_LT(shift.ci_low, shift.estimate);
  EXPECT_LT(shift.estimate, shift.ci_high);
  // Recompute the bounds independently by sorting all Walsh averages.
  std::vector<double> walsh;
  for (std::size_t i = 0; i < d.size(); ++i) {
    for (std::size_t j = i; j < d.size(); ++j) {
      walsh.push_back((d[i] + d[j]) / 2);
    }
  }
  std::sort(walsh.begin(), walsh.end());
  EXPECT_DOUBLE_EQ(shift.ci_low, walsh[25]);
  EXPECT_DOUBLE_EQ(shift.ci_high, walsh[94]);
  EXPECT_DOUBLE_EQ(shift.estimate, (walsh[59] + walsh[60]) / 2);
}

}  // namespace
}  // namespace clonebench
