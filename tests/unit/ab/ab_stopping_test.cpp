// When `ab` stops running pairs: after --pairs, at the first look where every selected metric's
// interval is narrow enough (--precision), or before a pair would overrun --max-time; and the
// progress line a terminal shows meanwhile.
#include "ab/ab_stopping.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <vector>

#include "ab/ab_progress.hpp"
#include "experiment/progress_line.hpp"

namespace clonebench {
namespace {

RunObservation ab_stop_run(double ops_per_s, double cpu_ops_per_s) {
  RunObservation run;
  run.group = "fork";
  run.metrics = {{"ops_per_sec_real", ops_per_s}, {"ops_per_sec_cpu", cpu_ops_per_s}};
  return run;
}

// Pair i differs by `spread` × (a fixed permutation of [−0.5, 0.5]) on each metric.
struct AbArms {
  std::vector<RunObservation> a, b;
  void add_pair(std::size_t i, double real_spread, double cpu_spread) {
    const double step = static_cast<double>(i * 37 % 40) / 39.0 - 0.5;
    a.push_back(ab_stop_run(1000, 1000));
    b.push_back(
        ab_stop_run(1000 * std::exp(real_spread * step), 1000 * std::exp(cpu_spread * step)));
  }
};

AbStopRule ab_precision_rule(double half_width, double max_time_s = 600) {
  AbStopRule rule;
  rule.max_pairs = 10000;
  rule.precision = PrecisionTarget{half_width, 30, 5};
  rule.max_time_s = max_time_s;
  rule.metrics = {"ops_per_sec_real", "ops_per_sec_cpu"};
  return rule;
}

TEST(AbStopping, WithoutPrecisionRunsExactlyThePlannedPairs) {
  AbStopRule rule;
  rule.max_pairs = 3;
  AbStopping stopping(rule);
  AbArms arms;
  for (std::size_t i = 0; i < 2; ++i) {
    arms.add_pair(i, 0.01, 0.01);
    EXPECT_FALSE(stopping.after_pair(arms.a, arms.b, 1.0 * (i + 1), 1.0));
  }
  arms.add_pair(2, 0.01, 0.01);
  EXPECT_TRUE(stopping.after_pair(arms.a, arms.b, 3.0, 1.0));
  EXPECT_EQ(stopping.reason(), AbStopReason::kPairs);
  EXPECT_FALSE(stopping.last_look().has_value());
}

TEST(AbStopping, StopsAtTheFirstLookWhenEveryMetricIsPreciseEnough) {
  AbStopping stopping(ab_precision_rule(0.01));
  AbArms arms;
  for (std::size_t i = 0; i < 29; ++i) {
    arms.add_pair(i, 0.002, 0.002);
    EXPECT_FALSE(stopping.after_pair(arms.a, arms.b, 1.0 * (i + 1), 1.0)) << "pair " << i + 1;
  }
  EXPECT_FALSE(stopping.last_look().has_value()) << "no look before 30 pairs";
  arms.add_pair(29, 0.002, 0.002);
  EXPECT_TRUE(stopping.after_pair(arms.a, arms.b, 30.0, 1.0));
  EXPECT_EQ(stopping.reason(), AbStopReason::kPrecision);
  EXPECT_EQ(stopping.last_look()->pairs, 30U);
  EXPECT_LT(stopping.last_look()->half_width, 0.001);
}

TEST(AbStopping, GoesOnWhileOneMetricIsTooWideAndNamesIt) {
  AbStopping stopping(ab_precision_rule(0.01));
  AbArms arms;
  for (std::size_t i = 0; i < 30; ++i) {
    arms.add_pair(i, 0.002, 0.2);  // real ±0.1 %, cpu ±10 %
    EXPECT_FALSE(stopping.after_pair(arms.a, arms.b, 1.0 * (i + 1), 1.0));
  }
  ASSERT_TRUE(stopping.last_look().has_value());
  EXPECT_EQ(stopping.last_look()->metric, "ops_per_sec_cpu");
  EXPECT_GT(stopping.last_look()->half_width, 0.01);
  EXPECT_LT(stopping.last_look()->ci_low_pct, 0);
  EXPECT_GT(stopping.last_look()->ci_high_pct, 0);
  // The width shrinks as 1/√n: (w / 1 %)² × 30 pairs are expected.
  const double ratio = stopping.last_look()->half_width / 0.01;
  EXPECT_EQ(*stopping.expected_pairs(), static_cast<std::size_t>(std::ceil(30 * ratio * ratio)));
}

TEST(AbStopping, StopsBeforeAPairWouldOverrunTheMaximumTime) {
  AbStopping stopping(ab_precision_rule(0.0001, 10.0));
  AbArms arms;
  arms.add_pair(0, 0.2, 0.2);
  EXPECT_FALSE(stopping.after_pair(arms.a, arms.b, 9.5, 9.5)) << "two pairs are always run";
  arms.add_pair(1, 0.2, 0.2);
  arms.add_pair(2, 0.2, 0.2);
  EXPECT_FALSE(stopping.after_pair(arms.a, arms.b, 5.0, 2.0));
  EXPECT_TRUE(stopping.after_pair(arms.a, arms.b, 8.5, 2.0));
  EXPECT_EQ(stopping.reason(), AbStopReason::kMaxTime);
  EXPECT_STREQ(ab_stop_reason_name(stopping.reason()), "max-time");
}

TEST(AbStopping, TheCapOfPairsEndsAPrecisionThatIsNotReached) {
  AbStopRule rule = ab_precision_rule(0.0001);
  rule.max_pairs = 30;
  AbStopping stopping(rule);
  AbArms arms;
  for (std::size_t i = 0; i < 30; ++i) {
    arms.add_pair(i, 0.2, 0.2);
  }
  EXPECT_TRUE(stopping.after_pair(arms.a, arms.b, 30.0, 1.0));
  EXPECT_EQ(stopping.reason(), AbStopReason::kPairs);
}

TEST(AbStopping, ANonPositiveValueIsNeverPreciseEnough) {
  AbStopping stopping(ab_precision_rule(0.5));
  AbArms arms;
  for (std::size_t i = 0; i < 30; ++i) {
    arms.add_pair(i, 0.002, 0.002);
  }
  arms.b[3].metrics["ops_per_sec_cpu"] = 0;
  EXPECT_FALSE(stopping.after_pair(arms.a, arms.b, 30.0, 1.0));
  EXPECT_TRUE(std::isinf(stopping.last_look()->half_width));
}

AbProgress ab_progress_of(std::size_t index, std::size_t planned, const char* order,
                          const char* arm, const char* stressor, double run_s) {
  AbProgress progress;
  progress.index = index;
  progress.planned = planned;
  progress.order = order;
  progress.arm = arm;
  progress.stressor = stressor;
  progress.run_s = run_s;
  return progress;
}

TEST(AbProgressLine, ShowsTheRunTheTimeAndTheLastLook) {
  AbProgress progress = ab_progress_of(21, 40, "BA", "b", "fork", 0.5);
  progress.elapsed_s = 31.4;
  progress.left_s = 29.0;
  progress.expected = true;
  progress.target_pct = 1.0;
  progress.widest_metric = "ops_per_sec_real";
  progress.estimate_pct = -0.42;
  progress.ci_low_pct = -1.61;
  progress.ci_high_pct = 0.79;
  progress.half_width_pct = 1.2;
  EXPECT_EQ(ab_progress_line(progress),
            "ab pair 21/≈40 (BA): arm b, fork for 0.5 s; 0:31 spent, about 0:29 left; "
            "ops_per_sec_real -0.4 % [-1.6 %, +0.8 %], ±1.20 % of ±1 %");
}

TEST(AbProgressLine, WithoutPrecisionOrTimeLeftShowsOnlyTheRun) {
  AbProgress progress = ab_progress_of(1, 1, "AB", "a", "clone", 2);
  progress.warmup = true;
  EXPECT_EQ(ab_progress_line(progress), "ab warm-up 1/1 (AB): arm a, clone for 2 s; 0:00 spent");
}

TEST(AbProgressLine, SaysWhenTheLastLookHadNoInterval) {
  AbProgress progress = ab_progress_of(20, 30, "AB", "a", "fork", 0);
  progress.expected = true;
  progress.target_pct = 1.0;
  progress.widest_metric = "ops_per_sec_real";
  progress.half_width_pct = std::numeric_limits<double>::infinity();
  EXPECT_EQ(ab_progress_line(progress),
            "ab pair 20/≈30 (AB): arm a, fork for 0 s; 0:00 spent; ops_per_sec_real: too few "
            "pairs for an interval yet (target ±1 %)");
}

// With --max-time alone the pairs (or rounds) are those that fit in the budget at the pace so
// far: 10 runs in 20 s are 4 s a pair of 2 runs; 90 s hold 22 pairs, one of them a warm-up.
TEST(AbBudget, CountsTheUnitsThatFitInTheBudgetAtThePaceSoFar) {
  EXPECT_EQ(units_in_budget(90, 20, 10, 2, 1), 21u);
  EXPECT_EQ(units_in_budget(90, 20, 0, 2, 1), std::nullopt);
  EXPECT_EQ(units_in_budget(3, 20, 10, 2, 1), 0u);
}

TEST(AbBudget, TheTimeLeftIsThePaceTimesTheRunsToComeAndNoMoreThanTheBudgetLeaves) {
  EXPECT_EQ(time_left_s(20, 10, 40, std::nullopt), 60.0);
  EXPECT_EQ(time_left_s(20, 10, 40, 50.0), 30.0);
  EXPECT_EQ(time_left_s(20, 0, 40, 50.0), std::nullopt);
}

TEST(ProgressCounts, ShowTheTimeLeftOnceARunHasEnded) {
  EXPECT_EQ(progress_counts(1, 10, 0.2), "1/10, 0:00 spent");
  // Two runs took 12 s: 6 s each, and the 3rd to the 10th, 8 runs, are left.
  EXPECT_EQ(progress_counts(3, 10, 12), "3/10, 0:12 spent, about 0:48 left");
  EXPECT_EQ(progress_counts(10, 10, 54), "10/10, 0:54 spent, about 0:06 left");
}

TEST(ProgressCounts, LeaveTheSetupOutOfTheTimePerRun) {
  // 20 s spent: 8 s building before the first round, then two rounds of 6 s; 8 rounds left.
  EXPECT_EQ(progress_counts(3, 10, 20, 8), "3/10, 0:20 spent, about 0:48 left");
}

TEST(ClockDuration, PrintsMinutesAndSecondsAndHoursWhenNeeded) {
  EXPECT_EQ(clock_duration(0), "0:00");
  EXPECT_EQ(clock_duration(7.4), "0:07");
  EXPECT_EQ(clock_duration(750), "12:30");
  EXPECT_EQ(clock_duration(3723), "1:02:03");
  EXPECT_EQ(clock_duration(-3), "0:00");
}

}  // namespace
}  // namespace clonebench
