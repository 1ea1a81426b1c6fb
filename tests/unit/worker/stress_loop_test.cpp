// The stress loop against a scripted stressor: no process is created, so the policy (reap order,
// failure counting, back-off, stop, latency bookkeeping) is checked exactly.
#include "worker/stress_loop.hpp"

#include <errno.h>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sys/clock.hpp"

namespace clonebench {
namespace {

class ScriptedStressor final : public Stressor {
 public:
  ScriptedStressor(std::vector<int> errors, Mailbox* mailbox)
      : errors_(std::move(errors)), mailbox_(mailbox) {}

  void prepare(const StressorContext&) override {}
  Launched launch(std::size_t slot) noexcept override {
    const int error = errors_.empty() ? 0 : errors_[calls_ % errors_.size()];
    ++calls_;
    if (error != 0) {
      return Launched{.pid = -1, .error = error};
    }
    slots_.push_back(slot);
    // Plays the child: it ran and is about to exit.
    mailbox_->stamp_start(slot);
    mailbox_->stamp_exit(slot);
    return Launched{.pid = next_pid_++};
  }
  Reaped reap(const Launched& launched) noexcept override {
    reaped_.push_back(launched.pid);
    return Reaped{true, 0, 0};
  }

  std::size_t calls() const { return calls_; }
  const std::vector<std::size_t>& slots() const { return slots_; }
  const std::vector<pid_t>& reaped() const { return reaped_; }

 private:
  std::vector<int> errors_;
  Mailbox* mailbox_;
  std::size_t calls_ = 0;
  pid_t next_pid_ = 1;
  std::vector<pid_t> reaped_;
  std::vector<std::size_t> slots_;
};

LoopLimits ops_limit(std::uint64_t ops) {
  return LoopLimits{monotonic_now_ns() + 10'000'000'000, ops};
}

TEST(StressLoop, ReapsOldestFirstAndReapsEveryChildBeforeReturning) {
  Mailbox mailbox(4);
  ChildRing ring(3);
  ScriptedStressor stressor({}, &mailbox);
  auto out = std::make_unique<InstanceReport>();
  run_stress_loop(stressor, mailbox, ring, ops_limit(7), *out);
  EXPECT_EQ(out->bogo_ops, 7U);
  EXPECT_EQ(stressor.reaped(), (std::vector<pid_t>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(out->create.count(), 7U);
  EXPECT_EQ(out->start.count(), 7U);
  EXPECT_EQ(out->reap.count(), 7U);
}

TEST(StressLoop, TimesCreateOnEveryOpButStartAndReapOnlyOnOneOpInN) {
  Mailbox mailbox(2);
  ChildRing ring(2);
  ScriptedStressor stressor({}, &mailbox);
  auto out = std::make_unique<InstanceReport>();
  run_stress_loop(stressor, mailbox, ring, LoopLimits{monotonic_now_ns() + 10'000'000'000, 10, 4},
                  *out);
  EXPECT_EQ(out->bogo_ops, 10U);
  EXPECT_EQ(out->create.count(), 10U);
  EXPECT_EQ(out->start.count(), 3U);  // ops 0, 4 and 8
  EXPECT_EQ(out->reap.count(), 3U);
  // The other children are handed no slot, so they never write (or fault on) the mailbox.
  const std::size_t none = Mailbox::kUnsampled;
  EXPECT_EQ(stressor.slots(),
            (std::vector<std::size_t>{0, none, none, none, 0, none, none, none, 0, none}));
}

TEST(StressLoop, CountsFailedCallsByErrnoWithoutCountingThemAsOps) {
  Mailbox mailbox(2);
  ChildRing ring(1);
  ScriptedStressor stressor({0, EPERM, 0, EINVAL}, &mailbox);
  auto out = std::make_unique<InstanceReport>();
  run_stress_loop(stressor, mailbox, ring, ops_limit(10), *out);
  EXPECT_EQ(out->bogo_ops, 10U);
  // Calls go ok, EPERM, ok, EINVAL, ...: the tenth op is call 19, after 5 EPERM and 4 EINVAL.
  EXPECT_EQ(out->errno_failures[EPERM], 5U);
  EXPECT_EQ(out->errno_failures[EINVAL], 4U);
  EXPECT_EQ(stressor.reaped().size(), 10U);
}

TEST(StressLoop, BacksOffInsteadOfSpinningWhenTheKernelIsOutOfProcesses) {
  Mailbox mailbox(2);
  ChildRing ring(1);
  ScriptedStressor stressor({EAGAIN}, &mailbox);
  auto out = std::make_unique<InstanceReport>();
  const LoopLimits limits{monotonic_now_ns() + 100'000'000, 0};  // 100 ms
  run_stress_loop(stressor, mailbox, ring, limits, *out);
  EXPECT_EQ(out->bogo_ops, 0U);
  EXPECT_GT(out->errno_failures[EAGAIN], 0U);
  // Pauses of 1, 2, 4, ... 64 ms: a handful of calls in 100 ms, not millions.
  EXPECT_LT(stressor.calls(), 20U);
}

TEST(StressLoop, CreatesNothingOnceTheStopFlagIsSet) {
  Mailbox mailbox(2);
  ChildRing ring(1);
  ScriptedStressor stressor({}, &mailbox);
  auto out = std::make_unique<InstanceReport>();
  out->stop.store(1);
  run_stress_loop(stressor, mailbox, ring, ops_limit(100), *out);
  EXPECT_EQ(stressor.calls(), 0U);
  EXPECT_EQ(out->bogo_ops, 0U);
}

TEST(StressLoop, StopsAtTheDeadline) {
  Mailbox mailbox(2);
  ChildRing ring(1);
  ScriptedStressor stressor({}, &mailbox);
  auto out = std::make_unique<InstanceReport>();
  const std::int64_t start_ns = monotonic_now_ns();
  run_stress_loop(stressor, mailbox, ring, LoopLimits{start_ns + 20'000'000, 0}, *out);
  EXPECT_GT(out->bogo_ops, 0U);
  EXPECT_GE(monotonic_now_ns() - start_ns, 20'000'000);
  EXPECT_EQ(stressor.reaped().size(), out->bogo_ops);
}

}  // namespace
}  // namespace clonebench
