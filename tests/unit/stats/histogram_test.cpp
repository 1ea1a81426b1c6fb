#include "stats/histogram.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

namespace clonebench {
namespace {

double exact_quantile(std::vector<std::uint64_t> values, double q) {
  std::sort(values.begin(), values.end());
  const auto rank = static_cast<std::size_t>(std::ceil(q * static_cast<double>(values.size())));
  return static_cast<double>(values[std::max<std::size_t>(rank, 1) - 1]);
}

TEST(LatencyHistogram, SmallValuesAreExact) {
  LatencyHistogram histogram;
  for (std::uint64_t v = 0; v < 128; ++v) {
    histogram.add(v);
  }
  EXPECT_EQ(histogram.count(), 128U);
  EXPECT_DOUBLE_EQ(histogram.quantile_ns(0.5), 63.0);
  EXPECT_EQ(histogram.min_ns(), 0U);
  EXPECT_EQ(histogram.max_ns(), 127U);
}

TEST(LatencyHistogram, QuantilesAreWithinOnePercentOfTheExactOrderStatistic) {
  std::mt19937_64 generator(42);
  std::lognormal_distribution<double> distribution(std::log(50'000.0), 0.8);
  std::vector<std::uint64_t> values;
  LatencyHistogram histogram;
  for (int i = 0; i < 200'000; ++i) {
    const auto value = static_cast<std::uint64_t>(distribution(generator));
    values.push_back(value);
    histogram.add(value);
  }
  for (double q : {0.01, 0.5, 0.9, 0.99, 0.999}) {
    const double exact = exact_quantile(values, q);
    EXPECT_NEAR(histogram.quantile_ns(q), exact, exact * 0.01) << "q = " << q;
  }
  EXPECT_EQ(histogram.max_ns(), *std::max_element(values.begin(), values.end()));
  double sum = 0;
  for (auto v : values) {
    sum += static_cast<double>(v);
  }
  EXPECT_NEAR(histogram.mean_ns(), sum / static_cast<double>(values.size()), 1e-6 * sum);
}

TEST(LatencyHistogram, EveryBucketMidpointLiesInsideItsBucket) {
  for (std::uint64_t value : std::initializer_list<std::uint64_t>{
           128, 129, 1000, 123456, std::uint64_t{1} << 40, UINT64_MAX / 3}) {
    const std::size_t bucket = LatencyHistogram::bucket_of(value);
    ASSERT_LT(bucket, LatencyHistogram::kBucketCount);
    const double midpoint = LatencyHistogram::bucket_midpoint_ns(bucket);
    EXPECT_NEAR(midpoint, static_cast<double>(value), static_cast<double>(value) * 0.016) << value;
  }
}

TEST(LatencyHistogram, MergeEqualsAddingEverythingToOne) {
  LatencyHistogram a, b, all;
  for (std::uint64_t v = 1; v < 5000; v += 7) {
    (v % 2 == 0 ? a : b).add(v * 13);
    all.add(v * 13);
  }
  a.merge(b);
  EXPECT_EQ(a.count(), all.count());
  EXPECT_EQ(a.sum_ns(), all.sum_ns());
  EXPECT_EQ(a.min_ns(), all.min_ns());
  EXPECT_EQ(a.max_ns(), all.max_ns());
  EXPECT_EQ(a.nonzero_buckets(), all.nonzero_buckets());
}

TEST(LatencyHistogram, RoundTripsThroughItsBuckets) {
  LatencyHistogram original;
  for (std::uint64_t v = 100; v < 100'000; v *= 3) {
    original.add(v);
  }
  const LatencyHistogram restored = LatencyHistogram::from_buckets(
      original.nonzero_buckets(), original.sum_ns(), original.min_ns(), original.max_ns());
  EXPECT_EQ(restored.count(), original.count());
  EXPECT_DOUBLE_EQ(restored.quantile_ns(0.9), original.quantile_ns(0.9));
  EXPECT_DOUBLE_EQ(restored.mean_ns(), original.mean_ns());
}

TEST(LatencyHistogram, AnEmptyHistogramSummarizesToZeros) {
  const LatencySummary summary = summarize(LatencyHistogram{});
  EXPECT_EQ(summary.n, 0U);
  EXPECT_EQ(summary.p99_us, 0.0);
  EXPECT_EQ(summary.max_us, 0.0);
}

}  // namespace
}  // namespace clonebench
