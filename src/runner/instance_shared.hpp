#pragma once
// What one instance reports to the main process: plain data in a MAP_SHARED page created before
// the instance is forked. The worker fills the measurement, the supervisor the strays it reaped,
// the main process sets `stop`.

#include <atomic>
#include <cstdint>

#include "stats/histogram.hpp"

namespace clonebench {

inline constexpr int kErrnoSlots = 256;

enum class InstancePhase : int { kStarting = 0, kRunning = 1, kDone = 2, kFailed = 3 };
enum class InstanceError : int { kNone = 0, kUsage = 1, kRuntime = 2 };

struct ParentMemoryNumbers {
  std::uint64_t rss_kb = 0, anonymous_kb = 0, anon_huge_kb = 0, shared_kb = 0, hugetlb_kb = 0;
  std::uint64_t vma_count = 0, region_rss_kb = 0, region_anonymous_kb = 0;
};

struct InstanceShared {
  std::atomic<int> stop{0};  // set by the main process on SIGINT/SIGTERM/SIGHUP
  std::atomic<int> phase{static_cast<int>(InstancePhase::kStarting)};
  std::atomic<std::int64_t> start_ns{0};  // the worker's loop began (CLOCK_MONOTONIC)
  std::int64_t finish_ns = 0;
  int error_kind = static_cast<int>(InstanceError::kNone);
  char error_message[512] = {};

  std::uint64_t bogo_ops = 0;
  std::int64_t loop_user_ns = 0, loop_system_ns = 0;    // the worker and its reaped children
  std::int64_t stray_user_ns = 0, stray_system_ns = 0;  // children the supervisor reaped
  std::uint64_t strays_reaped = 0;
  std::uint64_t peak_rss_kb = 0;
  std::uint64_t live_limit = 0;

  std::uint64_t errno_failures[kErrnoSlots] = {};
  std::uint64_t child_failures = 0;  // children that exited non-zero or were killed
  std::uint64_t wait_failures = 0;   // waits that failed (should never happen)

  ParentMemoryNumbers parent;
  LatencyHistogram create, start, reap;
};

}  // namespace clonebench
