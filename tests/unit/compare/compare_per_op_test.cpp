// The change per operation beside a percentage: a rate's percent as the time each operation
// gained or lost, a latency's as µs, an instruction count's as instructions (never a time), and
// nothing for a unit it cannot say it of.

#include <gtest/gtest.h>

#include "compare/per_op_change.hpp"

namespace clonebench {
namespace {

MetricComparison metric_of(const std::string& unit, double a_median, double estimate_pct) {
  MetricComparison metric;
  metric.info.unit = unit;
  metric.a.median = a_median;
  metric.effect.estimate_pct = estimate_pct;
  return metric;
}

TEST(ComparePerOp, ARateThatFallsByAFifthCostsAQuarterMoreTimePerOperation) {
  // 5000 ops/s is 200 µs an operation; 20 % fewer ops/s is 250 µs: +50 µs each.
  EXPECT_EQ(per_op_change(metric_of("ops/s", 5000, -20)), "+50 µs/op");
  EXPECT_EQ(per_op_change(metric_of("ops/s", 5000, 25)), "-40 µs/op");
}

TEST(ComparePerOp, ALatencyChangesByItsShareOfAsMedian) {
  // Two significant digits, the zero after the point included (docs/report.md, the number rule).
  EXPECT_EQ(per_op_change(metric_of("µs", 80, 2.5)), "+2.0 µs");
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
