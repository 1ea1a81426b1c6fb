// `clonebench ab SPEC --a OPTS --b OPTS`: both arms in one session, in randomized pairs (AB or
// BA by a seeded coin flip) after interleaved warm-ups, analysed as pairs (Wilcoxon signed-rank,
// HL of the pair differences) and stored as one experiment. Setup commands run before each run
// of their arm; --restore runs at the end, after an error and after an interrupt.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <random>
#include <tuple>

#include "cli/ab_arguments.hpp"
#include "cli/ab_plan.hpp"
#include "cli/ab_progress.hpp"
#include "cli/ab_stopping.hpp"
#include "cli/argument_split.hpp"
#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "cli/profile_output.hpp"
#include "cli/profiled_job.hpp"
#include "cli/progress_line.hpp"
#include "cli/run_spec.hpp"
#include "compare/ab_document.hpp"
#include "compare/gate.hpp"
#include "compare/metric_selection.hpp"
#include "compare/renderers.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "core/units.hpp"
#include "report/output_file.hpp"
#include "runner/runner.hpp"
#include "store/experiment_writer.hpp"
#include "store/store.hpp"
#include "store/stored_runs.hpp"
#include "sys/environment.hpp"
#include "sys/shell_command.hpp"

namespace clonebench {
namespace {

// What the analysis needs of each measured run: its metrics and stored id, not its histograms,
// so that a long experiment holds little memory. Pair i is (a[i], b[i]).
struct PairRuns {
  std::vector<RunObservation> a, b;
  std::vector<RunRecord> profiled_a, profiled_b;  // with --profile only: whose profiles merge
};

void run_setup(const Arm& arm, SignalScope& signals) {
  if (arm.setup.empty()) {
    return;
  }
  const ShellStatus status = run_shell_command(arm.setup, arm.setup_flag);
  if (status.interrupted_by != 0) {
    throw Interrupted(status.interrupted_by);  // the setup was stopped; restore follows
  }
  signals.throw_if_interrupted();
  if (!status.ok()) {
    throw RuntimeError(fmt::format("{} '{}' {}", arm.setup_flag, arm.setup, describe(status)));
  }
}

// Where the loop of pairs is: for the progress line, the stopping rule and the stored design.
struct PairLoop {
  const AbPlan& plan;
  AbStopping stopping;
  bool show_progress = false;  // stderr is a terminal and --quiet is not given
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::size_t runs_done = 0;

  double elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

void report_progress(const Arm& arm, std::size_t index, PairOrder order, const PairLoop& loop) {
  if (!loop.show_progress) {
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
  const std::size_t expected =
      rule.precision
          ? std::max(progress.index,
                     loop.stopping.expected_pairs().value_or(rule.precision->first_look_pairs))
          : rule.max_pairs;
  progress.planned = progress.warmup ? plan.warmups : std::min(expected, rule.max_pairs);
  if (loop.runs_done > 0) {
    const std::size_t runs_planned = 2 * (plan.warmups + std::min(expected, rule.max_pairs));
    double left_s = progress.elapsed_s / static_cast<double>(loop.runs_done) *
                    static_cast<double>(runs_planned - std::min(runs_planned, loop.runs_done));
    if (rule.max_time_s) {
      left_s = std::min(left_s, std::max(0.0, *rule.max_time_s - progress.elapsed_s));
    }
    progress.left_s = left_s;
  }
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
  fmt::print(stderr, "clonebench: {}\n", ab_progress_line(progress));
}

// Warm-up pairs first (discarded), then the measured pairs, every pair in its drawn order, until
// the stopping rule says enough. Each arm's first observation carries the session's environment
// (the same for every run).
PairRuns run_pairs(PairLoop& loop, const std::vector<PairOrder>& orders, SignalScope& signals,
                   ExperimentWriter& storage, const nlohmann::json& environment) {
  const AbPlan& plan = loop.plan;
  PairRuns runs;
  for (std::size_t index = 0; index < orders.size(); ++index) {
    const double pair_start_s = loop.elapsed_s();
    const std::size_t first = orders[index] == PairOrder::kAB ? 0 : 1;
    for (std::size_t position = 0; position < 2; ++position) {
      const Arm& arm = plan.arms[position == 0 ? first : 1 - first];
      report_progress(arm, index, orders[index], loop);
      run_setup(arm, signals);
      RunRecord record = measure_job(arm.job, signals, plan.profiler);
      ++loop.runs_done;
      // Pair i is (runs.a[i], runs.b[i]); the arm is in the stored label, the order in the
      // summary. Not in the run's options: compare would report it as a setting difference.
      if (index >= plan.warmups) {
        nlohmann::json run_environment = environment;
        run_environment["loadavg_after"] = read_loadavg();
        storage.save(record, run_environment, arm.name);
        auto& observations = arm.name == "a" ? runs.a : runs.b;
        observations.push_back(
            observation_of(record, observations.empty() ? environment : nlohmann::json()));
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

nlohmann::json arm_source(const std::string& arm, const std::string& options,
                          const std::vector<RunObservation>& runs) {
  nlohmann::json ids = nlohmann::json::array();
  for (const RunObservation& run : runs) {
    if (run.run_id != 0) {
      ids.push_back(run.run_id);
    }
  }
  return {{"format", "ab"},
          {"arm", arm},
          {"options", options},
          {"runs", runs.size()},
          {"run_ids", ids}};
}

ComparisonReport analyze_arms(const AbArguments& args, const AbPlan& plan, const PairRuns& runs) {
  const SampleSet a{"arm a", "ab", runs.a};
  const SampleSet b{"arm b", "ab", runs.b};
  ComparisonReport report =
      analyze_paired(select_metrics(a, b, args.metrics, std::nullopt), plan.options);
  report.a_name = fmt::format("{} {}", args.spec, args.a_options);
  report.b_name = fmt::format("{} {}", args.spec, args.b_options);
  report.a_source = arm_source("a", args.a_options, runs.a);
  report.b_source = arm_source("b", args.b_options, runs.b);
  return report;
}

void print_report(const AbArguments& args, const ComparisonReport& report, const AbDesign& design,
                  const PairRuns& runs, const std::string& compound_head) {
  nlohmann::json document = ab_compare_json(report, design);
  std::vector<LabelledRuns> arms(2);
  for (auto [arm, arm_runs, group] :
       {std::tuple{"a", &runs.profiled_a, &arms[0]}, std::tuple{"b", &runs.profiled_b, &arms[1]}}) {
    group->first = arm;
    for (const RunRecord& record : *arm_runs) {
      group->second.push_back(&record);
    }
  }
  const std::vector<LabelledProfile> profiles = merged_profiles(arms);
  if (!profiles.empty()) {
    document["profiles"] = profiles_json(profiles);
  }
  const std::string json = dump_json(document, 2) + "\n";
  if (!args.json_path.empty()) {
    write_output(args.json_path, json, "--json");
  }
  if (args.json_path != "-") {
    fmt::print("{}", args.format == "json" ? json : render_report(report, args.format));
    if (args.format != "json") {
      fmt::print("{}", render_profile_section("kernel profile of each arm, its runs added up",
                                              profiles, compound_head));
    }
  }
  std::fflush(stdout);
}

AbDesign design_of(const AbArguments& args, const AbPlan& plan) {
  AbDesign design{args.spec,
                  args.a_options,
                  args.b_options,
                  args.setup_a,
                  args.setup_b,
                  args.restore,
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
  }
  if (rule.max_time_s) {
    pairs += fmt::format(" within {}", clock_duration(*rule.max_time_s));
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
  if (rule.precision) {
    stop.precision_pct = rule.precision->half_width * 100;
    stop.pairs_cap = rule.max_pairs;
  }
  stop.max_time_s = rule.max_time_s;
  if (const std::optional<AbLook>& look = loop.stopping.last_look()) {
    stop.widest_metric = look->metric;
    stop.widest_half_width_pct = look->half_width * 100;
  }
  stop.elapsed_s = loop.elapsed_s();
}

int run_ab(const AbArguments& args) {
  const AbPlan plan = plan_ab(args);
  check_metric_names(args.metrics);
  check_output_targets({{args.json_path, "--json"}},
                       args.db_path.empty() ? Store::default_path() : args.db_path);
  AbDesign design = design_of(args, plan);
  const std::string created_at = iso8601_utc_now();
  ExperimentWriter storage(
      {"ab", fmt::format("ab-{}-{:x}", created_at, plan.seed), created_at, args.label},
      args.no_store, args.db_path);
  announce(plan);
  SignalScope signals;
  nlohmann::json environment = capture_environment();
  environment["loadavg_before"] = read_loadavg();
  if (storage.enabled()) {
    design.experiment = storage.tag();
  }
  storage.begin();
  PairRuns runs;
  PairLoop loop{plan, AbStopping(plan.stop), progress_wanted(args.quiet)};
  try {
    runs = run_pairs(loop, design.orders, signals, storage, environment);
  } catch (...) {
    restore_after_failure(args.restore);
    storage.mark_interrupted();
    throw;
  }
  const std::optional<ShellStatus> restored =
      args.restore.empty()
          ? std::nullopt
          : std::optional(run_shell_command(args.restore, "--restore", OnInterrupt::kLetFinish));
  if (restored && restored->interrupted_by != 0) {
    throw Interrupted(restored->interrupted_by);  // restored, but asked to stop: no report
  }
  record_stop(loop, runs.a.size(), design);
  const ComparisonReport report = analyze_arms(args, plan, runs);
  storage.finish(ab_compare_json(report, design));
  print_report(args, report, design, runs, compound_head_of(environment));
  signals.throw_if_interrupted();  // exit 128 + signal, not death by it when the mask returns
  if (restored && !restored->ok()) {
    throw RuntimeError(fmt::format("--restore '{}' {}: the machine may not be restored",
                                   args.restore, describe(*restored)));
  }
  return gate_exit_code(report, args.fail_on);
}

int parse_and_run_ab(const std::vector<std::string>& raw) {
  AbArguments args;
  CLI::App ab{
      "A/B in one session: randomized pairs of two variants of one run spec, paired "
      "analysis (Wilcoxon signed-rank, HL of pair differences), stored as one experiment.",
      "clonebench ab"};
  define_ab_options(ab, args);
  if (std::find(raw.begin(), raw.end(), "--help") != raw.end() ||
      std::find(raw.begin(), raw.end(), "-h") != raw.end()) {
    fmt::print("{}", ab.help());
    return kExitOk;
  }
  const std::vector<std::string> glued = glue_option_values(raw);
  std::vector<std::string> reversed(glued.rbegin(), glued.rend());
  try {
    ab.parse(reversed);
  } catch (const CLI::ParseError& error) {
    throw UsageError(error.what());
  }
  check_given_values(ab);
  return run_ab(args);
}

}  // namespace

void add_ab_command(CLI::App& app, CommandList& commands) {
  CLI::App* ab = app.add_subcommand(
      "ab",
      "A/B in one session: randomized pairs of two variants of one run spec, paired "
      "analysis, stored as one experiment");
  ab->prefix_command();
  ab->set_help_flag();
  ab->allow_extras();
  commands.push_back({ab, [ab] { return parse_and_run_ab(ab->remaining()); }});
}

}  // namespace clonebench
