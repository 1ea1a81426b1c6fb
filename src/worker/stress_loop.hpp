#pragma once
// The measuring loop of one worker: create, time, reap, until the deadline, the op limit or stop.

#include <atomic>
#include <cstdint>

#include "process/mailbox.hpp"
#include "record/worker_page.hpp"
#include "stressors/stressor.hpp"
#include "worker/child_ring.hpp"

namespace clonebench {

struct LoopLimits {
  std::int64_t deadline_ns = 0;  // CLOCK_MONOTONIC
  std::uint64_t max_ops = 0;     // 0 = none
  // The start and reap phases are timed on ops 0, N, 2N, ... (create on every op); 0 acts as 1.
  std::uint64_t phase_sample_every = 1;
};

// Runs until a limit is reached or out.stop is set, then reaps every child it created. At most
// ring.capacity() children are alive at once. Counts into `out`, including out.intervals, which
// it begins at its first clock read.
void run_stress_loop(Stressor& stressor, Mailbox& mailbox, ChildRing& ring,
                     const LoopLimits& limits, InstanceReport& out) noexcept;

}  // namespace clonebench
