// The warm-up before the clock: it runs the stressor's loop for its time with its own object of
// the stressor, reaps every child, and leaves the report's counts at zero, so the measured loop
// after it counts only its own ops. Checked with a scripted stressor: no process is created.
#include "worker/warm_up.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "sys/clock.hpp"
#include "worker/stress_loop.hpp"

namespace clonebench {
namespace {

// How many stressor objects were made and how many children each launched and reaped.
struct WarmUpScript {
  std::vector<int> launched_by_object;
  int live = 0;
};
WarmUpScript warm_up_script;

class WarmUpStressor final : public Stressor {
 public:
  WarmUpStressor() : object_(static_cast<int>(warm_up_script.launched_by_object.size())) {
    warm_up_script.launched_by_object.push_back(0);
  }
  void prepare(const StressorContext&) override {}
  Launched launch(std::size_t) noexcept override {
    ++warm_up_script.launched_by_object[static_cast<std::size_t>(object_)];
    ++warm_up_script.live;
    return Launched{.pid = 100};
  }
  Reaped reap(const Launched&) noexcept override {
    --warm_up_script.live;
    return Reaped{true, 0, 0};
  }

 private:
  int object_;
};

StressorDef warm_up_def() {
  StressorDef def{};
  def.info.name = "scripted";
  def.make = &make_stressor<WarmUpStressor>;
  return def;
}
const StressorDef kWarmUpDef = warm_up_def();

struct WarmUpRig {
  WorkerJob job;
  Mailbox mailbox{4};
  ChildRing ring{3};
  std::unique_ptr<InstanceReport> report = std::make_unique<InstanceReport>();
  StressorContext context() { return StressorContext{&job, &mailbox}; }
};

TEST(WarmUp, RunsItsOwnStressorForItsTimeThenLeavesNothingCounted) {
  warm_up_script = {};
  WarmUpRig rig;
  rig.job.phase_sample_every = 2;
  warm_up(kWarmUpDef, rig.context(), rig.ring, 20'000'000, *rig.report);
  ASSERT_EQ(warm_up_script.launched_by_object.size(), 1U);
  EXPECT_GT(warm_up_script.launched_by_object[0], 0);
  EXPECT_EQ(warm_up_script.live, 0);  // every child reaped
  EXPECT_TRUE(rig.ring.empty());
  const InstanceReport& report = *rig.report;
  EXPECT_EQ(report.bogo_ops, 0U);
  EXPECT_EQ(report.create.count(), 0U);
  EXPECT_EQ(report.start.count(), 0U);
  EXPECT_EQ(report.reap.count(), 0U);
  EXPECT_EQ(report.create.max_ns(), 0U);
  EXPECT_EQ(report.intervals.used, 0U);
  EXPECT_EQ(report.intervals.ops[0], 0U);
}

TEST(WarmUp, TheMeasuredLoopAfterItCountsOnlyItsOwnOps) {
  warm_up_script = {};
  WarmUpRig rig;
  warm_up(kWarmUpDef, rig.context(), rig.ring, 10'000'000, *rig.report);
  WarmUpStressor measured;  // the worker's own object, prepared before the warm-up
  run_stress_loop(measured, rig.mailbox, rig.ring,
                  LoopLimits{monotonic_now_ns() + 10'000'000'000, 7, 1}, *rig.report);
  EXPECT_EQ(rig.report->bogo_ops, 7U);
  EXPECT_EQ(rig.report->create.count(), 7U);
  EXPECT_EQ(rig.report->intervals.ops[0], 7U);
  EXPECT_EQ(warm_up_script.launched_by_object[1], 7);  // the warm-up's object did not go on
}

TEST(WarmUp, NoTimeMeansNoWarmUp) {
  warm_up_script = {};
  WarmUpRig rig;
  warm_up(kWarmUpDef, rig.context(), rig.ring, 0, *rig.report);
  EXPECT_TRUE(warm_up_script.launched_by_object.empty());
}

TEST(WarmUp, DiscardingClearsFailuresAndEveryIntervalTheLoopUsed) {
  auto report = std::make_unique<InstanceReport>();
  report->errno_failures[11] = 3;
  report->child_failures = 2;
  report->wait_failures = 1;
  report->intervals.begin(0);
  report->intervals.add(50'000'000);
  report->intervals.add(350'000'000);
  discard_loop_counts(*report);
  EXPECT_EQ(report->errno_failures[11], 0U);
  EXPECT_EQ(report->child_failures, 0U);
  EXPECT_EQ(report->wait_failures, 0U);
  EXPECT_EQ(report->intervals.ops[0], 0U);
  EXPECT_EQ(report->intervals.ops[3], 0U);
  EXPECT_EQ(report->intervals.used, 0U);
}

}  // namespace
}  // namespace clonebench
