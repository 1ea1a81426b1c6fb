#include "ab/ab_pairs.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <optional>

#include "core/error.hpp"
#include "experiment/profiled_job.hpp"
#include "process/shell_command.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

// A setup command may take what is left of --max-time, no more: a hanging one is stopped.
std::optional<double> setup_time_left_s(const PairLoop& loop) {
  const std::optional<double>& max_time_s = loop.stopping.rule().max_time_s;
  if (!max_time_s) {
    return std::nullopt;
  }
  return std::max(0.0, *max_time_s - loop.elapsed_s());
}

void run_setup(const Arm& arm, SignalScope& signals, std::optional<double> time_left_s) {
  if (arm.setup.empty()) {
    return;
  }
  const ShellStatus status =
      run_shell_command(arm.setup, arm.setup_flag, OnInterrupt::kStopCommand, time_left_s);
  if (status.timed_out_s) {
    throw RuntimeError(fmt::format("{} '{}' {}: the --max-time left for it", arm.setup_flag,
                                   arm.setup, describe(status)));
  }
  if (status.interrupted_by != 0) {
    throw Interrupted(status.interrupted_by);  // the setup was stopped; restore follows
  }
  signals.throw_if_interrupted();
  if (!status.ok()) {
    throw RuntimeError(fmt::format("{} '{}' {}", arm.setup_flag, arm.setup, describe(status)));
  }
}

// The measured pairs the experiment is expected to run: the plan; with --precision what the last
// look's width asks for; with --max-time alone the pairs that fit in the budget at the pace so
// far. Never fewer than `index`, the pair about to run.
std::size_t expected_pairs(const PairLoop& loop, std::size_t index, double elapsed_s) {
  const AbStopRule& rule = loop.stopping.rule();
  if (rule.precision) {
    return std::max(index,
                    loop.stopping.expected_pairs().value_or(rule.precision->first_look_pairs));
  }
  if (rule.max_time_s) {
    if (const std::optional<std::size_t> fit =
            units_in_budget(*rule.max_time_s, elapsed_s, loop.runs_done, 2, loop.plan.warmups)) {
      return std::max(index, *fit);
    }
  }
  return rule.max_pairs;
}

void report_progress(const Arm& arm, std::size_t index, PairOrder order, const PairLoop& loop) {
  if (!loop.progress) {
    return;
  }
  const AbPlan& plan = loop.plan;
  const AbStopRule& rule = loop.stopping.rule();
  AbProgress progress;
  progress.warmup = index < plan.warmups;
  progress.index = progress.warmup ? index + 1 : index - plan.warmups + 1;
  progress.order = pair_order_name(order);
  progress.arm = arm.name;
  progress.stressor = arm.job.stressor;
  progress.run_s = arm.job.timeout_s;
  progress.elapsed_s = loop.elapsed_s();
  const std::size_t expected = expected_pairs(loop, progress.index, progress.elapsed_s);
  progress.expected = rule.precision || rule.max_time_s;
  progress.planned = progress.warmup ? plan.warmups : std::min(expected, rule.max_pairs);
  progress.left_s =
      time_left_s(progress.elapsed_s, loop.runs_done,
                  2 * (plan.warmups + std::min(expected, rule.max_pairs)), rule.max_time_s);
  if (rule.precision) {
    progress.target_pct = rule.precision->half_width * 100;
    if (const std::optional<AbLook>& look = loop.stopping.last_look()) {
      progress.widest_metric = look->metric;
      progress.half_width_pct = look->half_width * 100;
      progress.estimate_pct = look->estimate_pct;
      progress.ci_low_pct = look->ci_low_pct;
      progress.ci_high_pct = look->ci_high_pct;
    }
  }
  loop.progress(progress);
}

}  // namespace

PairRuns run_pairs(PairLoop& loop, const std::vector<PairOrder>& orders,
                   ExperimentSession& session) {
  SignalScope& signals = session.signals();
  const AbPlan& plan = loop.plan;
  PairRuns runs;
  for (std::size_t index = 0; index < orders.size(); ++index) {
    const double pair_start_s = loop.elapsed_s();
    const std::size_t first = orders[index] == PairOrder::kAB ? 0 : 1;
    for (std::size_t position = 0; position < 2; ++position) {
      const Arm& arm = plan.arms[position == 0 ? first : 1 - first];
      report_progress(arm, index, orders[index], loop);
      run_setup(arm, signals, setup_time_left_s(loop));
      RunRecord record = measure_job(arm.job, signals, plan.profiler);
      ++loop.runs_done;
      // Pair i is (runs.a[i], runs.b[i]); the arm is in the stored label, the order in the
      // summary. Not in the run's options: compare would report it as a setting difference.
      if (index >= plan.warmups) {
        session.save(record, arm.name);
        auto& observations = arm.name == "a" ? runs.a : runs.b;
        observations.push_back(observation_of(
            record, observations.empty() ? session.environment() : nlohmann::json()));
        if (record.profile) {
          (arm.name == "a" ? runs.profiled_a : runs.profiled_b).push_back(std::move(record));
        }
      }
      signals.throw_if_interrupted();
    }
    const double now_s = loop.elapsed_s();
    if (index >= plan.warmups &&
        loop.stopping.after_pair(runs.a, runs.b, now_s, now_s - pair_start_s)) {
      break;
    }
  }
  return runs;
}

}  // namespace clonebench
