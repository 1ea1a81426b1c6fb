// Throughput over time: a fixed number of intervals that widen as a run outlasts them, and the
// instances' series summed at a common width.
#include "record/interval_series.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <numeric>

#include "runner/aggregate.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kMs = 1'000'000;

std::unique_ptr<IntervalSeries> started_at(std::int64_t start_ns) {
  auto series = std::make_unique<IntervalSeries>();  // zeroed, as a fresh page is
  series->begin(start_ns);
  return series;
}

std::uint64_t total(const IntervalSeries& series) {
  return std::accumulate(series.ops, series.ops + series.used, std::uint64_t{0});
}

TEST(IntervalSeries, CountsEachOperationInTheHundredMillisecondsItEndedIn) {
  auto series = started_at(1000);
  series->add(1000 + 5 * kMs);
  series->add(1000 + 99 * kMs);
  series->add(1000 + 100 * kMs);
  series->add(1000 + 350 * kMs);
  EXPECT_EQ(series->width_ns, 100 * kMs);
  EXPECT_EQ(series->used, 4u);
  EXPECT_EQ(series->ops[0], 2u);
  EXPECT_EQ(series->ops[1], 1u);
  EXPECT_EQ(series->ops[2], 0u);
  EXPECT_EQ(series->ops[3], 1u);
}

TEST(IntervalSeries, AClockReadBeforeTheStartCountsInTheFirstInterval) {
  auto series = started_at(10 * kMs);
  series->add(kMs);
  EXPECT_EQ(series->ops[0], 1u);
}

TEST(IntervalSeries, ALongRunWidensTheIntervalAndLosesNoOperation) {
  auto series = started_at(0);
  const std::int64_t hour_ns = 3600 * 1000 * kMs;
  for (std::int64_t at = 0; at < hour_ns; at += 50 * kMs) {
    series->add(at);
  }
  EXPECT_LE(series->used, IntervalSeries::kCapacity);
  EXPECT_EQ(total(*series), static_cast<std::uint64_t>(hour_ns / (50 * kMs)));
  // 36,000 intervals of 100 ms fit 1,024 slots after six doublings: 6.4 s each.
  EXPECT_EQ(series->width_ns, 6400 * kMs);
  EXPECT_EQ(series->ops[0], 128u);  // 6.4 s / 50 ms
  for (std::uint64_t i = series->used; i < IntervalSeries::kCapacity; ++i) {
    ASSERT_EQ(series->ops[i], 0u) << i;
  }
}

TEST(IntervalSeries, WideningMergesNeighbours) {
  auto series = started_at(0);
  for (int i = 0; i < 5; ++i) {
    for (int n = 0; n <= i; ++n) {
      series->add(i * 100 * kMs);
    }
  }
  series->widen_to(200 * kMs);
  EXPECT_EQ(series->used, 3u);
  EXPECT_EQ(series->ops[0], 1u + 2u);
  EXPECT_EQ(series->ops[1], 3u + 4u);
  EXPECT_EQ(series->ops[2], 5u);
  EXPECT_EQ(series->ops[3], 0u);
}

TEST(MergeIntervals, SumsInstancesAtTheWidestIntervalAndMeasuresTheLastOne) {
  auto first = std::make_unique<InstanceReport>();
  auto second = std::make_unique<InstanceReport>();
  first->intervals.begin(0);
  second->intervals.begin(0);
  for (int i = 0; i < 4; ++i) {
    first->intervals.add(i * 100 * kMs);
  }
  second->intervals.add(0);
  second->intervals.widen();  // 200 ms
  second->intervals.add(250 * kMs);
  first->start_ns.store(0);
  first->finish_ns = 350 * kMs;
  second->start_ns.store(0);
  second->finish_ns = 300 * kMs;
  const ThroughputSeries merged = merge_intervals({first.get(), second.get()});
  EXPECT_DOUBLE_EQ(merged.interval_s, 0.2);
  ASSERT_EQ(merged.ops.size(), 2u);
  EXPECT_EQ(merged.ops[0], 2u + 1u);
  EXPECT_EQ(merged.ops[1], 2u + 1u);
  EXPECT_NEAR(merged.last_interval_s, 0.15, 1e-12);  // the longer loop: 350 ms - 200 ms
}

TEST(MergeIntervals, NoInstanceThatRanGivesAnEmptySeries) {
  auto idle = std::make_unique<InstanceReport>();
  const ThroughputSeries merged = merge_intervals({idle.get()});
  EXPECT_TRUE(merged.ops.empty());
  EXPECT_EQ(merged.interval_s, 0.0);
}

}  // namespace
}  // namespace clonebench
