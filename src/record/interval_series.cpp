#include "record/interval_series.hpp"

namespace clonebench {

void IntervalSeries::begin(std::int64_t now_ns) noexcept {
  start_ns = now_ns;
  width_ns = kFirstWidthNs;
  used = 0;
}

void IntervalSeries::widen() noexcept {
  const std::uint64_t merged = (used + 1) / 2;
  for (std::uint64_t i = 0; i < merged; ++i) {
    const std::uint64_t second = 2 * i + 1 < kCapacity ? ops[2 * i + 1] : 0;
    ops[i] = ops[2 * i] + second;
  }
  for (std::uint64_t i = merged; i < used; ++i) {
    ops[i] = 0;
  }
  used = merged;
  width_ns *= 2;
}

void IntervalSeries::widen_to(std::int64_t target_width_ns) noexcept {
  while (width_ns > 0 && width_ns < target_width_ns) {
    widen();
  }
}

}  // namespace clonebench
