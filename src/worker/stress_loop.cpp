#include "worker/stress_loop.hpp"

#include <algorithm>
#include <cerrno>

#include "process/process_control.hpp"
#include "sys/clock.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kFirstBackoffNs = 1'000'000;     // 1 ms
constexpr std::int64_t kLongestBackoffNs = 64'000'000;  // 64 ms
constexpr int kFailuresBeforeBackoff = 64;

class StressLoop {
 public:
  StressLoop(Stressor& stressor, Mailbox& mailbox, ChildRing& ring, InstanceReport& out)
      : stressor_(stressor), mailbox_(mailbox), out_(out), ring_(ring) {}

  void run(const LoopLimits& limits) noexcept {
    sample_every_ = limits.phase_sample_every == 0 ? 1 : limits.phase_sample_every;
    std::int64_t now_ns = monotonic_now_ns();
    out_.intervals.begin(now_ns);
    while (now_ns < limits.deadline_ns && out_.stop.load(std::memory_order_relaxed) == 0 &&
           (limits.max_ops == 0 || out_.bogo_ops < limits.max_ops)) {
      if (ring_.full()) {
        reap_oldest();
      } else {
        launch_one();
      }
      now_ns = monotonic_now_ns();
    }
    while (!ring_.empty()) {
      reap_oldest();
    }
  }

 private:
  void launch_one() noexcept {
    // The start and reap phases of one op in N: a sampled child pays a page fault for its
    // stamps (sys/mailbox.hpp), which would otherwise weigh on every op's throughput.
    const bool sampled = out_.bogo_ops % sample_every_ == 0;
    const std::size_t slot = sampled ? ring_.next_slot() : Mailbox::kUnsampled;
    if (sampled) {
      mailbox_.clear(slot);
    }
    stressor_.before_launch(slot);
    // Nothing but the call between the two clock reads.
    const std::int64_t before_ns = monotonic_now_ns();
    Launched launched = stressor_.launch(slot);
    const std::int64_t after_ns = monotonic_now_ns();
    if (launched.pid < 0) {
      on_failure(launched.error);
      return;
    }
    consecutive_failures_ = 0;
    backoff_ns_ = 0;
    ++out_.bogo_ops;
    out_.create.add(static_cast<std::uint64_t>(after_ns - before_ns));
    out_.intervals.add(after_ns);
    stressor_.after_launch(launched);
    if (launched.ours) {
      ring_.push(LiveChild{launched, before_ns, slot});
    }
  }

  // stress-ng reaps the oldest child after any failed call; when none is left to reap and the
  // kernel is out of pids or memory, wait with a growing pause instead of spinning.
  void on_failure(int error) noexcept {
    out_.errno_failures[std::clamp(error, 0, kErrnoSlots - 1)] += 1;
    ++consecutive_failures_;
    if (!ring_.empty()) {
      reap_oldest();
      return;
    }
    const bool out_of_resources = error == EAGAIN || error == ENOMEM;
    if (out_of_resources || consecutive_failures_ >= kFailuresBeforeBackoff) {
      backoff_ns_ =
          std::min(kLongestBackoffNs, backoff_ns_ == 0 ? kFirstBackoffNs : 2 * backoff_ns_);
      sleep_ns(backoff_ns_);
    }
  }

  void reap_oldest() noexcept {
    const LiveChild child = ring_.pop();
    const Reaped reaped = stressor_.reap(child.launched);
    const std::int64_t reaped_ns = monotonic_now_ns();
    if (!reaped.ok) {
      ++out_.wait_failures;
      return;
    }
    if (reaped.exit_status != 0) {
      ++out_.child_failures;
    }
    if (child.slot == Mailbox::kUnsampled) {
      return;
    }
    const std::int64_t started_ns = mailbox_.start_ns(child.slot);
    if (started_ns > 0 && started_ns >= child.launched_at_ns) {
      out_.start.add(static_cast<std::uint64_t>(started_ns - child.launched_at_ns));
    }
    const std::int64_t exiting_ns = mailbox_.exit_ns(child.slot);
    if (exiting_ns > 0 && reaped_ns >= exiting_ns) {
      out_.reap.add(static_cast<std::uint64_t>(reaped_ns - exiting_ns));
    }
  }

  Stressor& stressor_;
  Mailbox& mailbox_;
  InstanceReport& out_;
  ChildRing& ring_;
  std::uint64_t sample_every_ = 1;
  int consecutive_failures_ = 0;
  std::int64_t backoff_ns_ = 0;
};

}  // namespace

void run_stress_loop(Stressor& stressor, Mailbox& mailbox, ChildRing& ring,
                     const LoopLimits& limits, InstanceReport& out) noexcept {
  StressLoop loop(stressor, mailbox, ring, out);
  loop.run(limits);
}

}  // namespace clonebench
