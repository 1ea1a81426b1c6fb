#pragma once
// A stressor under --workload stress-ng: stress-ng's own stressor function, reproduced. Unlike a
// clean Stressor, which creates one child and leaves timing and reaping to the worker's loop, it
// owns its loop, because what stress-ng's loop does between calls (which child it waits for and
// how, what it never reaps, what it writes per round) is part of what is reproduced. The worker
// keeps the measuring: the clock, the deadline, the op limit, the stop request, the counts.

#include <cstdint>
#include <memory>

#include "record/worker_page.hpp"

namespace clonebench {

// The worker's side of stress-ng's keep_stressing() and inc_counter().
class WorkloadProbe {
 public:
  virtual ~WorkloadProbe() = default;
  // stress-ng's keep_stressing(): false once the deadline, the op limit or a stop request.
  virtual bool keep_running() noexcept = 0;
  // Read right before a creating call; nothing else sits between it and the call.
  virtual std::int64_t before_call() noexcept = 0;
  // After the call: its duration (create latency), or its errno.
  virtual void call_succeeded(std::int64_t before_ns) noexcept = 0;
  virtual void call_failed(int error) noexcept = 0;
  // stress-ng's inc_counter(): one bogo op, now.
  virtual void bogo_op() noexcept = 0;
};

class StressNgWorkload {
 public:
  virtual ~StressNgWorkload() = default;
  // stress-ng's set-up inside the stressor: oom_score_adj, capabilities, ballast, tables. Throws
  // RuntimeError when something the loop needs cannot be had.
  virtual void prepare(const WorkerJob& job) = 0;
  // stress-ng's do { ... } while (keep_stressing()) loop.
  virtual void run(WorkloadProbe& probe) noexcept = 0;
  // stress-ng's teardown after the loop: what it unmaps and what it waits for.
  virtual void finish() noexcept = 0;
  // stress-ng's misc metric of this instance ("microsecs per clone"); false when it has none.
  virtual bool misc_metric(double& value) const noexcept {
    (void)value;
    return false;
  }
};

using StressNgFactory = std::unique_ptr<StressNgWorkload> (*)();

}  // namespace clonebench
