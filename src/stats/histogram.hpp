#pragma once
// A latency histogram of fixed size (no allocation, plain data, so it can live in a shared page
// and be filled between two syscalls). Log-linear buckets: values below 128 ns are exact, above
// that each power of two is cut into 64 buckets, so any quantile is within 0.8 % of the truth.

#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace clonebench {

class LatencyHistogram {
 public:
  static constexpr int kSubBucketBits = 6;
  static constexpr std::uint64_t kExactBelow = 128;
  static constexpr std::size_t kBucketCount = 128 + (63 - 6) * 64;

  // Records one value. Constant time, no allocation, async-signal-safe.
  void add(std::uint64_t value_ns) noexcept {
    ++count_;
    sum_ns_ += value_ns;
    if (count_ == 1 || value_ns < min_ns_) {
      min_ns_ = value_ns;
    }
    if (value_ns > max_ns_) {
      max_ns_ = value_ns;
    }
    ++buckets_[bucket_of(value_ns)];
  }

  void merge(const LatencyHistogram& other) noexcept;

  std::uint64_t count() const noexcept { return count_; }
  std::uint64_t sum_ns() const noexcept { return sum_ns_; }
  std::uint64_t min_ns() const noexcept { return count_ == 0 ? 0 : min_ns_; }
  std::uint64_t max_ns() const noexcept { return max_ns_; }
  double mean_ns() const noexcept;
  // The value at quantile q in [0, 1] (nearest rank), within 0.8 % of the exact order statistic.
  double quantile_ns(double q) const noexcept;

  // Non-empty buckets as (index, count), for storage; from_buckets() restores exactly.
  std::vector<std::pair<std::size_t, std::uint64_t>> nonzero_buckets() const;
  static LatencyHistogram from_buckets(
      const std::vector<std::pair<std::size_t, std::uint64_t>>& buckets, std::uint64_t sum_ns,
      std::uint64_t min_ns, std::uint64_t max_ns);

  static constexpr std::size_t bucket_of(std::uint64_t value_ns) noexcept {
    if (value_ns < kExactBelow) {
      return static_cast<std::size_t>(value_ns);
    }
    const int top_bit = 63 - __builtin_clzll(value_ns);
    const int shift = top_bit - kSubBucketBits;
    const auto sub = static_cast<std::size_t>((value_ns >> shift) & 63U);
    return 128 + static_cast<std::size_t>(top_bit - 7) * 64 + sub;
  }
  // The middle of the bucket's value range.
  static double bucket_midpoint_ns(std::size_t bucket) noexcept;

 private:
  std::uint64_t count_ = 0;
  std::uint64_t sum_ns_ = 0;
  std::uint64_t min_ns_ = 0;  // meaningful once count_ > 0; all-zero bytes are an empty histogram
  std::uint64_t max_ns_ = 0;
  std::array<std::uint64_t, kBucketCount> buckets_{};
};

// What the reports print for one latency phase, in microseconds.
struct LatencySummary {
  std::uint64_t n = 0;
  double mean_us = 0, p50_us = 0, p90_us = 0, p99_us = 0, max_us = 0;
};
LatencySummary summarize(const LatencyHistogram& histogram);

}  // namespace clonebench
