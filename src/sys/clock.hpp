#pragma once
// The one clock of every latency: CLOCK_MONOTONIC, read through the vDSO (no syscall, no
// allocation), so it may be taken right before and after the call it times and in a child.

#include <time.h>

#include <cstdint>

namespace clonebench {

inline std::int64_t monotonic_now_ns() noexcept {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace clonebench
