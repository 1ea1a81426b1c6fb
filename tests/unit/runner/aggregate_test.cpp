#include "runner/aggregate.hpp"

#include <errno.h>
#include <gtest/gtest.h>

#include <memory>
#include <vector>

namespace clonebench {
namespace {

// Reproduces stress-ng's own example row (docs/measurement.md: run b1-1, two instances that ran
// at the same time): c = 2807, real 10.0428 s, usr 1.305945 s, sys 11.670640 s → 279.50, 216.31,
// 64.61 %.
TEST(AggregateInstances, ReproducesStressNgsFormulas) {
  StressorJob job;
  job.stressor = "clone";
  job.instances = 2;
  auto instances = std::make_unique<InstanceReport[]>(2);
  instances[0].bogo_ops = 1400;
  instances[1].bogo_ops = 1407;
  instances[0].start_ns.store(1'000'000'000);
  instances[0].finish_ns = 1'000'000'000 + 10'042'800'000;
  instances[1].start_ns.store(1'000'000'000);
  instances[1].finish_ns = 1'000'000'000 + 10'042'800'000;
  instances[0].loop_user_ns = 650'000'000;
  instances[1].loop_user_ns = 600'000'000;
  instances[1].stray_user_ns = 55'945'000;
  instances[0].loop_system_ns = 5'835'320'000;
  instances[1].loop_system_ns = 5'835'320'000;
  instances[0].peak_rss_kb = 142088;
  instances[1].peak_rss_kb = 141040;

  const RunResult result = aggregate_instances(job, 1, {&instances[0], &instances[1]});
  EXPECT_EQ(result.bogo_ops, 2807U);
  EXPECT_NEAR(result.real_time_s, 10.0428, 1e-9);
  EXPECT_NEAR(result.usr_time_s, 1.305945, 1e-9);
  EXPECT_NEAR(result.sys_time_s, 11.670640, 1e-9);
  EXPECT_NEAR(result.ops_per_sec_real(), 279.50, 0.005);
  EXPECT_NEAR(result.ops_per_sec_cpu(), 216.31, 0.005);
  EXPECT_NEAR(result.cpu_per_instance_pct(), 64.61, 0.005);
  EXPECT_EQ(result.max_rss_kb, 142088U);
}

// Instances that start one after another (more of them than CPUs): the rate is over the window
// from the first start to the last end, not over each instance's own 0.1 s.
TEST(AggregateInstances, StaggeredInstancesAreRatedOverTheWindowTheyShared) {
  StressorJob job;
  job.stressor = "fork";
  job.instances = 4;
  auto instances = std::make_unique<InstanceReport[]>(4);
  std::vector<const InstanceReport*> reports;
  for (int i = 0; i < 4; ++i) {
    instances[i].bogo_ops = 100;
    instances[i].start_ns.store(1'000'000'000 + i * 500'000'000LL);
    instances[i].finish_ns = instances[i].start_ns.load() + 100'000'000;
    reports.push_back(&instances[i]);
  }
  const RunResult result = aggregate_instances(job, 1, reports);
  EXPECT_NEAR(result.real_time_s, 1.6, 1e-9);
  EXPECT_NEAR(result.ops_per_sec_real(), 400 / 1.6, 1e-6);
}

TEST(AggregateInstances, NamesFailuresByErrnoAndMergesHistograms) {
  StressorJob job;
  job.stressor = "fork";
  auto instances = std::make_unique<InstanceReport[]>(2);
  instances[0].errno_failures[EAGAIN] = 3;
  instances[1].errno_failures[EAGAIN] = 2;
  instances[1].errno_failures[EPERM] = 1;
  instances[0].child_failures = 4;
  instances[0].create.add(1000);
  instances[1].create.add(3000);
  const RunResult result = aggregate_instances(job, 1, {&instances[0], &instances[1]});
  EXPECT_EQ(result.failures.at("EAGAIN"), 5U);
  EXPECT_EQ(result.failures.at("EPERM"), 1U);
  EXPECT_EQ(result.failures.at("CHILD_FAILED"), 4U);
  EXPECT_EQ(result.create.count(), 2U);
  EXPECT_EQ(result.create.max_ns(), 3000U);
}

}  // namespace
}  // namespace clonebench
