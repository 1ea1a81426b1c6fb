// The change per operation beside a percentage: a rate's percent as the time each operation
// gained or lost, a latency's as µs, an instruction count's as instructions (never a time), and
// nothing for a unit it cannot say it of.

#include <gtest/gtest.h>

#include "compare/per_op_change.hpp"

namespace clonebench {
namespace {

// Without an interval (both ends at the estimate's 0 %: no width) the change has three
// significant digits (docs/report.md, the number rule).
MetricComparison metric_of(const std::string& unit, double a_median, double estimate_pct,
                           double ci_low_pct = 0, double ci_high_pct = 0) {
  MetricComparison metric;
  metric.info.unit = unit;
  metric.a.median = a_median;
  metric.effect.estimate_pct = estimate_pct;
  metric.effect.ci_low_pct = ci_low_pct;
  metric.effect.ci_high_pct = ci_high_pct;
  return metric;
}

TEST(ComparePerOp, ARateThatFallsByAFifthCostsAQuarterMoreTimePerOperation) {
  // 5000 ops/s is 200 µs an operation; 20 % fewer ops/s is 250 µs: +50 µs each.
  EXPECT_EQ(per_op_change(metric_of("ops/s", 5000, -20)), "+50.0 µs/op");
  EXPECT_EQ(per_op_change(metric_of("ops/s", 5000, 25)), "-40.0 µs/op");
}

TEST(ComparePerOp, TakesItsDigitsFromTheIntervalOfTheChange) {
  // -20 % [-25 %, -15 %] of 5000 ops/s: 250 µs [266.7, 235.3] an operation, a change of +50 µs
  // [+35.3, +66.7]; half-width 15.7, whose two significant digits end at the units.
  EXPECT_EQ(per_op_change(metric_of("ops/s", 5000, -20, -25, -15)), "+50 µs/op");
  // +2.5 % [+2.0 %, +3.1 %] of 80 µs: +2.0 µs [+1.6, +2.48]; half-width 0.44: two decimals.
  EXPECT_EQ(per_op_change(metric_of("µs", 80, 2.5, 2.0, 3.1)), "+2.00 µs");
}

TEST(ComparePerOp, ALatencyChangesByItsShareOfAsMedian) {
  EXPECT_EQ(per_op_change(metric_of("µs", 80, 2.5)), "+2.00 µs");
}

TEST(ComparePerOp, AnInstructionCountChangesInInstructionsNeverInTime) {
  EXPECT_EQ(per_op_change(metric_of("instructions", 120000, -1)), "-1200 instructions");
}

TEST(ComparePerOp, SaysNothingOfOtherUnitsOrAnInfiniteChange) {
  EXPECT_EQ(per_op_change(metric_of("KiB", 1000, 5)), std::nullopt);
  EXPECT_EQ(per_op_change(metric_of("ops/s", 5000, -100)), std::nullopt);
}

}  // namespace
}  // namespace clonebench
