#include "worker/warm_up.hpp"

#include <cstring>
#include <memory>

#include "sys/clock.hpp"
#include "worker/stress_loop.hpp"

namespace clonebench {
namespace {

// All-zero bytes are an empty histogram (stats/histogram.hpp), the state of a fresh page.
void clear_histogram(LatencyHistogram& histogram) noexcept {
  std::memset(static_cast<void*>(&histogram), 0, sizeof(histogram));
}

}  // namespace

void discard_loop_counts(InstanceReport& report) noexcept {
  report.bogo_ops = 0;
  std::memset(report.errno_failures, 0, sizeof(report.errno_failures));
  report.child_failures = 0;
  report.wait_failures = 0;
  clear_histogram(report.create);
  clear_histogram(report.start);
  clear_histogram(report.reap);
  IntervalSeries& intervals = report.intervals;
  for (std::uint64_t i = 0; i < intervals.used && i < IntervalSeries::kCapacity; ++i) {
    intervals.ops[i] = 0;
  }
  intervals.start_ns = 0;
  intervals.width_ns = 0;
  intervals.used = 0;
}

void warm_up(const StressorDef& def, const StressorContext& context, ChildRing& ring,
             std::int64_t duration_ns, InstanceReport& report) {
  if (duration_ns <= 0) {
    return;
  }
  {
    const std::unique_ptr<Stressor> stressor = def.make();
    stressor->prepare(context);
    const LoopLimits limits{monotonic_now_ns() + duration_ns, 0, context.job->phase_sample_every};
    run_stress_loop(*stressor, *context.mailbox, ring, limits, report);
  }
  discard_loop_counts(report);
}

}  // namespace clonebench
