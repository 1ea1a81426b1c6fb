#pragma once
// Completed operations per interval of one run: the throughput over time, so that drift,
// frequency steps and preemption are visible instead of averaged away. Fixed size and plain data:
// it lives in the instance's shared page and is filled by the timed loop (after the clock read,
// never between it and the call it times). Intervals start at 100 ms; when a run outlasts the
// capacity the interval doubles and neighbours are merged, so any run length fits.

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace clonebench {

struct IntervalSeries {
  static constexpr std::size_t kCapacity = 1024;
  static constexpr std::int64_t kFirstWidthNs = 100'000'000;

  std::int64_t start_ns = 0;  // the loop began (CLOCK_MONOTONIC)
  std::int64_t width_ns = 0;  // 0: not started
  std::uint64_t used = 0;     // intervals that have begun
  std::uint64_t ops[kCapacity];

  // Starts the series at `now_ns`. The ops array is not cleared: a fresh page is zero, and
  // leaving it untouched keeps unused intervals out of the process's resident memory.
  void begin(std::int64_t now_ns) noexcept;
  // Counts one operation completed at `at_ns`.
  void add(std::int64_t at_ns) noexcept {
    std::int64_t offset = at_ns - start_ns;
    if (offset < 0 || width_ns <= 0) {
      offset = 0;
    }
    auto index = static_cast<std::uint64_t>(offset / (width_ns > 0 ? width_ns : 1));
    while (index >= kCapacity) {
      widen();
      index /= 2;
    }
    ++ops[index];
    if (index + 1 > used) {
      used = index + 1;
    }
  }
  // Doubles the interval, merging neighbours.
  void widen() noexcept;
  // Widens until the interval is at least `target_width_ns`.
  void widen_to(std::int64_t target_width_ns) noexcept;
};

static_assert(std::is_trivially_copyable_v<IntervalSeries>,
              "IntervalSeries lives in a shared page");

}  // namespace clonebench
