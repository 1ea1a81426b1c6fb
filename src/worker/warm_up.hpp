#pragma once
// The warm-up before the clock starts (docs/measurement.md, "Start-up"): the measured loop itself,
// for a fixed time, its counts then discarded, so that the measured window begins where the
// machine already delivers the loop's steady rate. It runs its own object of the stressor, so the
// measured ops draw clone's random flags from the seed exactly as a run without a warm-up does.

#include <cstdint>

#include "process/mailbox.hpp"
#include "record/worker_page.hpp"
#include "stressors/stressor.hpp"
#include "worker/child_ring.hpp"

namespace clonebench {

// Runs `def`'s loop for `duration_ns` (nothing when it is 0 or less), reaps every child it
// made, and leaves `report`'s counts as they were before: zero. May throw what the stressor's
// prepare() throws.
void warm_up(const StressorDef& def, const StressorContext& context, ChildRing& ring,
             std::int64_t duration_ns, InstanceReport& report);

// Zeroes what the loop counts into `report` (ops, failures, latencies, intervals), touching only
// the intervals the loop used.
void discard_loop_counts(InstanceReport& report) noexcept;

}  // namespace clonebench
