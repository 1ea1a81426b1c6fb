// What `ab` plans from its arguments: here, how long each run lasts.

#include <gtest/gtest.h>

#include "cli/ab_plan_parse.hpp"

namespace clonebench {
namespace {

AbPlan plan_for(const std::string& spec) {
  AbArguments args;
  args.spec = spec;
  args.b_options = "--rss 1M";
  return plan_ab(args);
}

TEST(AbPlan, RunsHalfASecondWhenTheSpecSaysNotHowLong) {
  const AbPlan plan = plan_for("fork");
  EXPECT_DOUBLE_EQ(plan.arms[0].job.timeout_s, 0.5);
  EXPECT_DOUBLE_EQ(plan.arms[1].job.timeout_s, 0.5);
}

TEST(AbPlan, KeepsTheTimeoutTheSpecGives) {
  EXPECT_DOUBLE_EQ(plan_for("fork --timeout 10s").arms[0].job.timeout_s, 10);
  EXPECT_DOUBLE_EQ(plan_for("fork -t 2").arms[1].job.timeout_s, 2);
}

TEST(AbPlan, LeavesARunBoundedByOpsToItsOps) {
  const AbPlan plan = plan_for("fork --ops 500");
  EXPECT_EQ(plan.arms[0].job.max_ops, 500u);
  EXPECT_GT(plan.arms[0].job.timeout_s, 0.5) << "--ops alone must not be cut at half a second";
}

}  // namespace
}  // namespace clonebench
