#pragma once
// The measuring loop of one worker: create, time, reap, until the deadline, the op limit or stop.

#include <atomic>
#include <cstdint>

#include "runner/instance_shared.hpp"
#include "stressors/stressor.hpp"
#include "sys/mailbox.hpp"

namespace clonebench {

struct LoopLimits {
  std::int64_t deadline_ns = 0;  // CLOCK_MONOTONIC
  std::uint64_t max_ops = 0;     // 0 = none
};

// Runs until a limit is reached or out.stop is set, then reaps every child it created.
void run_stress_loop(Stressor& stressor, Mailbox& mailbox, const LoopLimits& limits,
                     InstanceShared& out) noexcept;

}  // namespace clonebench
