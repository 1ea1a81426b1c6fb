#include "ab/ab_experiment.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <optional>
#include <tuple>

#include "ab/ab_pairs.hpp"
#include "compare/ab_document.hpp"
#include "compare/gate.hpp"
#include "compare/metric_selection.hpp"
#include "compare/renderers.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "experiment/output_table.hpp"
#include "experiment/profile_output.hpp"
#include "experiment/progress_line.hpp"
#include "machine/stability_warning.hpp"
#include "process/shell_command.hpp"

namespace clonebench {
namespace {

// After an error or an interrupt: the machine's state matters more than the error's wording,
// so a failing restore only warns and the original error goes on.
void restore_after_failure(const std::string& restore) noexcept {
  if (restore.empty()) {
    return;
  }
  try {
    const ShellStatus status = run_shell_command(restore, "--restore", OnInterrupt::kLetFinish);
    if (!status.ok()) {
      fmt::print(stderr, "clonebench: warning: --restore '{}' {}\n", restore, describe(status));
    }
  } catch (const std::exception& error) {
    fmt::print(stderr, "clonebench: warning: {}\n", error.what());
  }
}

SideSource arm_source(const std::string& arm, const std::string& options,
                      const std::vector<RunObservation>& runs) {
  SideSource source;
  source.format = "ab";
  source.arm = arm;
  source.arm_options = options;
  source.runs = runs.size();
  for (const RunObservation& run : runs) {
    if (run.run_id != 0) {
      source.run_ids.push_back(run.run_id);
    }
  }
  return source;
}

ComparisonResult analyze_arms(const AbPlan& plan, const PairRuns& runs) {
  const SampleSet a{"arm a", "ab", runs.a};
  const SampleSet b{"arm b", "ab", runs.b};
  ComparisonResult report =
      analyze_paired(select_metrics(a, b, plan.stop.metrics, std::nullopt), plan.options);
  report.a_name = fmt::format("{} {}", plan.spec, plan.a_options);
  report.b_name = fmt::format("{} {}", plan.spec, plan.b_options);
  report.a_source = arm_source("a", plan.a_options, runs.a);
  report.b_source = arm_source("b", plan.b_options, runs.b);
  return report;
}

void print_report(const AbOutputs& outputs, const ComparisonResult& report, const AbDesign& design,
                  const PairRuns& runs, const std::string& compound_head) {
  std::vector<LabelledRuns> arms(2);
  for (auto [arm, arm_runs, group] :
       {std::tuple{"a", &runs.profiled_a, &arms[0]}, std::tuple{"b", &runs.profiled_b, &arms[1]}}) {
    group->first = arm;
    for (const RunRecord& record : *arm_runs) {
      group->second.push_back(&record);
    }
  }
  const std::vector<LabelledProfile> profiles = merged_profiles(arms);
  const std::string json = dump_json(ab_compare_json(report, design, profiles), 2) + "\n";
  if (write_outputs({{outputs.json_path, "--json", [&json] { return json; }}})) {
    fmt::print("{}", outputs.format == "json" ? json : render_report(report, outputs.format));
    if (outputs.format != "json") {
      fmt::print("{}", render_profile_section("kernel profile of each arm, its runs added up",
                                              profiles, compound_head));
    }
  }
  std::fflush(stdout);
}

AbDesign design_of(const AbPlan& plan) {
  AbDesign design{plan.spec,
                  plan.a_options,
                  plan.b_options,
                  plan.arms[0].setup,
                  plan.arms[1].setup,
                  plan.restore,
                  plan.warmups,
                  {},
                  plan.seed,
                  {},
                  {}};
  design.orders = pair_orders(plan.warmups + plan.stop.max_pairs, plan.seed);
  return design;
}

void announce(const AbPlan& plan) {
  const AbStopRule& rule = plan.stop;
  std::string pairs = fmt::format("{} pairs", rule.max_pairs);
  if (rule.precision) {
    pairs = fmt::format("pairs until every CI is within ±{:g} % (at most {} pairs)",
                        rule.precision->half_width * 100, rule.max_pairs);
    if (rule.max_time_s) {
      pairs += fmt::format(" within {}", clock_duration(*rule.max_time_s));
    }
  } else if (rule.max_time_s) {
    pairs = fmt::format("pairs until {} of --max-time is used (at most {} pairs)",
                        clock_duration(*rule.max_time_s), rule.max_pairs);
  }
  fmt::print(stderr, "clonebench: ab: {} after {} warm-up pair(s), seed {:#x}\n", pairs,
             plan.warmups, plan.seed);
}

// The measured pairs run, and why no more were.
void record_stop(const PairLoop& loop, std::size_t pairs, AbDesign& design) {
  const AbStopRule& rule = loop.stopping.rule();
  design.orders.resize(loop.plan.warmups + pairs);
  design.orders.erase(design.orders.begin(),
                      design.orders.begin() + static_cast<std::ptrdiff_t>(loop.plan.warmups));
  AbStop& stop = design.stop;
  stop.reason = ab_stop_reason_name(loop.stopping.reason());
  if (rule.precision || rule.max_time_s) {
    stop.precision_pct =
        rule.precision ? std::optional(rule.precision->half_width * 100) : std::nullopt;
    stop.pairs_cap = rule.max_pairs;
  }
  stop.max_time_s = rule.max_time_s;
  if (const std::optional<AbLook>& look = loop.stopping.last_look()) {
    stop.widest_metric = look->metric;
    stop.widest_half_width_pct = look->half_width * 100;
  }
  stop.elapsed_s = loop.elapsed_s();
}

}  // namespace

// The pairs, then --restore: an interrupted restore is still an interrupt (no report), a failed
// one is an error after the report.
int run_ab_experiment(const AbPlan& plan, const StorageOptions& storage, const AbOutputs& outputs) {
  check_outputs({{outputs.json_path, "--json", {}}}, database_path(storage.db_path));
  AbDesign design = design_of(plan);
  ExperimentSession session(
      ExperimentKind::kAb,
      [&plan](const std::string& created_at) {
        return experiment_tag(ExperimentKind::kAb, created_at, fmt::format("{:x}", plan.seed));
      },
      storage);
  announce(plan);
  session.begin();
  if (session.stored()) {
    design.experiment = session.tag();
  }
  PairRuns runs;
  PairLoop loop{plan, AbStopping(plan.stop), {}};
  ProgressLine progress_line;  // ended before a warning of the restore or an error
  if (progress_wanted(outputs.quiet)) {
    loop.progress = [&progress_line](const AbProgress& progress) {
      progress_line.show("clonebench: " + ab_progress_line(progress));
    };
  }
  session.measure([&] { runs = run_pairs(loop, design.orders, session); },
                  [&plan, &progress_line] {
                    progress_line.end();
                    restore_after_failure(plan.restore);
                  });
  progress_line.end();
  const std::optional<ShellStatus> restored =
      plan.restore.empty()
          ? std::nullopt
          : std::optional(run_shell_command(plan.restore, "--restore", OnInterrupt::kLetFinish));
  if (restored && restored->interrupted_by != 0) {
    throw Interrupted(restored->interrupted_by);  // restored, but asked to stop: no report
  }
  record_stop(loop, runs.a.size(), design);
  ComparisonResult report = analyze_arms(plan, runs);
  // Stored in the summary, so the reports say it too.
  if (const std::string noisy = noisy_machine_line(
          session.environment().stability_warnings.value_or(std::vector<std::string>{}));
      !noisy.empty()) {
    report.warnings.push_back("at the first pair, " + noisy);
  }
  session.finish(ab_compare_json(report, design));
  print_report(outputs, report, design, runs, compound_head_of(session.environment()));
  session.say_where_stored();
  // Exit 128 + signal, not death by it when the mask returns.
  session.signals().throw_if_interrupted();
  if (restored && !restored->ok()) {
    throw RuntimeError(fmt::format("--restore '{}' {}: the machine may not be restored",
                                   plan.restore, describe(*restored)));
  }
  return gate_exit_code(report, outputs.fail_on);
}

}  // namespace clonebench
