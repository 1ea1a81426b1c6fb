// What `ab` plans from its arguments: how long each run lasts, and how many pairs it runs.

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

AbPlan plan_with(const std::string& pairs, const std::string& precision,
                 const std::string& max_time) {
  AbArguments args;
  args.spec = "fork";
  args.b_options = "--rss 1M";
  args.pairs = pairs;
  args.precision = precision;
  args.max_time = max_time;
  return plan_ab(args);
}

// A budget given is used: `ab ... --max-time 90s` once ran its default 20 pairs in 30 s and
// stopped. With --max-time (or --precision) the pairs go on until the budget or the precision
// is reached; only with neither are the pairs a fixed plan.
TEST(AbPlan, RunsPairsUntilTheBudgetWhenOnlyMaxTimeIsGiven) {
  const AbPlan plan = plan_with("", "", "90s");
  EXPECT_EQ(plan.stop.max_time_s, 90);
  EXPECT_FALSE(plan.stop.precision);
  EXPECT_GE(plan.stop.max_pairs, 10000u) << "the budget, not a default count, ends it";
}

TEST(AbPlan, RunsAFixedPlanWithoutABudgetAndCapsWithPairsGivenBesideOne) {
  EXPECT_EQ(plan_with("", "", "").stop.max_pairs, 20u);
  EXPECT_EQ(plan_with("7", "", "").stop.max_pairs, 7u);
  EXPECT_EQ(plan_with("7", "", "90s").stop.max_pairs, 7u);
  EXPECT_GE(plan_with("", "1%", "").stop.max_pairs, 10000u);
}

}  // namespace
}  // namespace clonebench
