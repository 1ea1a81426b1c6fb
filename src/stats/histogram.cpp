#include "stats/histogram.hpp"

#include <algorithm>
#include <cmath>

namespace clonebench {

void LatencyHistogram::merge(const LatencyHistogram& other) noexcept {
  if (other.count_ == 0) {
    return;
  }
  min_ns_ = count_ == 0 ? other.min_ns_ : std::min(min_ns_, other.min_ns_);
  count_ += other.count_;
  sum_ns_ += other.sum_ns_;
  max_ns_ = std::max(max_ns_, other.max_ns_);
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    buckets_[i] += other.buckets_[i];
  }
}

double LatencyHistogram::mean_ns() const noexcept {
  return count_ == 0 ? 0.0 : static_cast<double>(sum_ns_) / static_cast<double>(count_);
}

double LatencyHistogram::bucket_midpoint_ns(std::size_t bucket) noexcept {
  if (bucket < kExactBelow) {
    return static_cast<double>(bucket);
  }
  const std::size_t octave = (bucket - 128) / 64;
  const std::size_t sub = (bucket - 128) % 64;
  const int shift = static_cast<int>(octave) + 7 - kSubBucketBits;
  const double low = std::ldexp(static_cast<double>(64 + sub), shift);
  const double width = std::ldexp(1.0, shift);
  return low + (width - 1.0) / 2.0;
}

double LatencyHistogram::quantile_ns(double q) const noexcept {
  if (count_ == 0) {
    return 0.0;
  }
  q = std::clamp(q, 0.0, 1.0);
  // Nearest rank: the smallest value with at least ceil(q * n) values at or below it.
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(q * static_cast<double>(count_))));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    seen += buckets_[i];
    if (seen >= rank) {
      return std::clamp(bucket_midpoint_ns(i), static_cast<double>(min_ns()),
                        static_cast<double>(max_ns_));
    }
  }
  return static_cast<double>(max_ns_);
}

std::vector<std::pair<std::size_t, std::uint64_t>> LatencyHistogram::nonzero_buckets() const {
  std::vector<std::pair<std::size_t, std::uint64_t>> out;
  for (std::size_t i = 0; i < kBucketCount; ++i) {
    if (buckets_[i] != 0) {
      out.emplace_back(i, buckets_[i]);
    }
  }
  return out;
}

LatencyHistogram LatencyHistogram::from_buckets(
    const std::vector<std::pair<std::size_t, std::uint64_t>>& buckets, std::uint64_t sum_ns,
    std::uint64_t min_ns, std::uint64_t max_ns) {
  LatencyHistogram histogram;
  for (const auto& [index, count] : buckets) {
    if (index < kBucketCount) {
      histogram.buckets_[index] += count;
      histogram.count_ += count;
    }
  }
  histogram.sum_ns_ = sum_ns;
  histogram.min_ns_ = histogram.count_ == 0 ? 0 : min_ns;
  histogram.max_ns_ = max_ns;
  return histogram;
}

LatencySummary summarize(const LatencyHistogram& histogram) {
  LatencySummary summary;
  summary.n = histogram.count();
  summary.mean_us = histogram.mean_ns() / 1e3;
  summary.p50_us = histogram.quantile_ns(0.50) / 1e3;
  summary.p90_us = histogram.quantile_ns(0.90) / 1e3;
  summary.p99_us = histogram.quantile_ns(0.99) / 1e3;
  summary.max_us = static_cast<double>(histogram.max_ns()) / 1e3;
  return summary;
}

}  // namespace clonebench
