// `clonebench ab SPEC --a OPTS --b OPTS`: both arms in one session, in randomized pairs (AB or
// BA by a seeded coin flip) after interleaved warm-ups, analysed as pairs (Wilcoxon signed-rank,
// HL of the pair differences) and stored as one experiment. Setup commands run before each run
// of their arm; --restore runs at the end, after an error and after an interrupt.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <optional>
#include <random>
#include <tuple>

#include "cli/ab_arguments.hpp"
#include "cli/ab_storage.hpp"
#include "cli/argument_split.hpp"
#include "cli/command.hpp"
#include "cli/option_values.hpp"
#include "cli/profile_output.hpp"
#include "cli/profiled_job.hpp"
#include "cli/run_spec.hpp"
#include "compare/ab_document.hpp"
#include "compare/gate.hpp"
#include "compare/metric_selection.hpp"
#include "compare/renderers.hpp"
#include "compare/stored_runs.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "core/units.hpp"
#include "report/output_file.hpp"
#include "runner/runner.hpp"
#include "store/store.hpp"
#include "sys/environment.hpp"
#include "sys/shell_command.hpp"

namespace clonebench {
namespace {

struct Arm {
  std::string name;  // "a" | "b"
  StressorJob job;
  std::string setup, setup_flag;
};

struct AbPlan {
  Arm arms[2];
  std::size_t pairs = 0, warmups = 0;
  std::uint64_t seed = 0;
  CompareOptions options;
  std::optional<PerfSetup> profiler;  // --profile
};

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& word : words) {
    text += (text.empty() ? "" : " ") + word;
  }
  return text;
}

// `run`'s output and storage options would be silently ignored inside an arm: refuse them.
void reject_run_only_options(const RunSpec& spec, const std::string& where) {
  const auto refuse = [&where](const char* flag) {
    throw UsageError(
        fmt::format("{}: {} is not an option of an arm (ab has its own, or none)", where, flag));
  };
  if (spec.runs != 1)
    refuse("--runs");
  if (!spec.json_path.empty())
    refuse("--json");
  if (!spec.yaml_path.empty())
    refuse("--yaml");
  if (!spec.csv_path.empty())
    refuse("--csv");
  if (spec.metrics)
    refuse("--metrics");
  if (!spec.label.empty())
    refuse("--label");
  if (spec.db_path)
    refuse("--db");
  if (!spec.store)
    refuse("--no-store");
  if (spec.profile)
    refuse("--profile");
}

StressorJob arm_job(const std::vector<std::string>& spec_words, const std::string& options,
                    const std::string& flag) {
  std::vector<std::string> words = spec_words;
  for (std::string& word : split_arguments(options, flag)) {
    words.push_back(std::move(word));
  }
  const std::string where =
      fmt::format("SPEC{} ('{}')", options.empty() ? "" : " with " + flag, joined(words));
  RunSpec spec;
  try {
    spec = parse_run_spec(words);
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("{}: {}", where, error.what()));
  }
  if (spec.jobs.size() != 1) {
    std::vector<std::string> names;
    for (const StressorJob& job : spec.jobs) {
      names.push_back(job.stressor);
    }
    throw UsageError(fmt::format("{}: resolves to {} stressors ({}); each arm must be one stressor",
                                 where, spec.jobs.size(), joined(names)));
  }
  reject_run_only_options(spec, where);
  return spec.jobs.front();
}

bool names_seed(const std::string& text) {
  return text.find("--seed") != std::string::npos;
}

AbPlan plan_ab(const AbArguments& args) {
  AbPlan plan;
  plan.pairs = static_cast<std::size_t>(parse_integer(args.pairs, "--pairs", 2, 100000));
  plan.warmups = static_cast<std::size_t>(parse_integer(args.warmup, "--warmup", 0, 1000));
  plan.seed = args.seed.empty()
                  ? (std::uint64_t{std::random_device{}()} << 32) | std::random_device{}()
                  : static_cast<std::uint64_t>(parse_integer(args.seed, "--seed", 0, INT64_MAX));
  plan.options.threshold = parse_threshold(args.threshold, "--threshold");
  if (!args.label.empty()) {
    require_clean_text(args.label, "--label");
  }
  plan.options.alpha = parse_real(args.alpha, "--alpha", 0.0001, 0.5);
  const std::vector<std::string> spec_words = split_arguments(args.spec, "SPEC");
  plan.arms[0] = {"a", arm_job(spec_words, args.a_options, "--a"), args.setup_a, "--setup-a"};
  plan.arms[1] = {"b", arm_job(spec_words, args.b_options, "--b"), args.setup_b, "--setup-b"};
  // Arms must differ only in what the user asked for: the same clone-flag seed unless given.
  if (!names_seed(args.spec + args.a_options + args.b_options)) {
    plan.arms[0].job.seed = plan.arms[1].job.seed = plan.seed;
  }
  for (const Arm& arm : plan.arms) {
    validate_job(arm.job);
  }
  plan.profiler = prepare_profiler(args.profile);
  return plan;
}

// Every metric observation_of() can produce, so a bad --metric fails before the experiment.
void check_metric_names(const std::vector<std::string>& requested) {
  const RunObservation base = observation_of(RunRecord{}, nullptr);
  for (const std::string& metric : requested) {
    bool known = base.metrics.contains(metric);
    for (const char* phase : {"create", "start", "reap"}) {
      for (const char* stat : {"mean", "p50", "p90", "p99", "max"}) {
        known = known || metric == fmt::format("latency_us.{}.{}", phase, stat);
      }
    }
    if (!known) {
      throw UsageError(fmt::format(
          "--metric {}: unknown for ab (ops_per_sec_real, ops_per_sec_cpu, real_time_s, "
          "sys_time_s, max_rss_kb, latency_us.create.p50, ...)",
          metric));
    }
  }
}

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

void report_progress(const Arm& arm, std::size_t index, const AbPlan& plan, PairOrder order) {
  if (::isatty(STDERR_FILENO) == 0) {
    return;
  }
  const bool warmup = index < plan.warmups;
  fmt::print(stderr, "clonebench: ab {} {}/{} ({}): arm {}, {} for {:g} s\n",
             warmup ? "warm-up" : "pair", warmup ? index + 1 : index - plan.warmups + 1,
             warmup ? plan.warmups : plan.pairs, pair_order_name(order), arm.name, arm.job.stressor,
             arm.job.timeout_s);
}

// Warm-up pairs first (discarded), then the measured pairs; every pair in its drawn order.
// Each arm's first observation carries the session's environment (the same for every run).
PairRuns run_pairs(const AbPlan& plan, const std::vector<PairOrder>& orders, SignalScope& signals,
                   AbStorage& storage, const nlohmann::json& environment) {
  PairRuns runs;
  for (std::size_t index = 0; index < orders.size(); ++index) {
    const std::size_t first = orders[index] == PairOrder::kAB ? 0 : 1;
    for (std::size_t position = 0; position < 2; ++position) {
      const Arm& arm = plan.arms[position == 0 ? first : 1 - first];
      report_progress(arm, index, plan, orders[index]);
      run_setup(arm, signals);
      RunRecord record = measure_job(arm.job, signals, plan.profiler);
      // Pair i is (runs.a[i], runs.b[i]); the arm is in the stored label, the order in the
      // summary. Not in the run's options: compare would report it as a setting difference.
      if (index >= plan.warmups) {
        nlohmann::json run_environment = environment;
        run_environment["loadavg_after"] = read_loadavg();
        storage.save(record, arm.name, run_environment);
        auto& observations = arm.name == "a" ? runs.a : runs.b;
        observations.push_back(
            observation_of(record, observations.empty() ? environment : nlohmann::json()));
        if (record.profile) {
          (arm.name == "a" ? runs.profiled_a : runs.profiled_b).push_back(std::move(record));
        }
      }
      signals.throw_if_interrupted();
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
  report.a_name = joined({args.spec, args.a_options});
  report.b_name = joined({args.spec, args.b_options});
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
  AbDesign design{args.spec,      args.a_options,
                  args.b_options, args.setup_a,
                  args.setup_b,   args.restore,
                  plan.warmups,   {},
                  plan.seed,      {}};
  design.orders = pair_orders(plan.warmups + plan.pairs, plan.seed);
  return design;
}

int run_ab(const AbArguments& args) {
  const AbPlan plan = plan_ab(args);
  check_metric_names(args.metrics);
  check_output_targets({{args.json_path, "--json"}},
                       args.db_path.empty() ? Store::default_path() : args.db_path);
  AbDesign design = design_of(args, plan);
  const std::string created_at = iso8601_utc_now();
  AbStorage storage(args, fmt::format("ab-{}-{:x}", created_at, plan.seed), created_at);
  fmt::print(stderr, "clonebench: ab: {} pairs after {} warm-up pair(s), seed {:#x}\n", plan.pairs,
             plan.warmups, plan.seed);
  SignalScope signals;
  nlohmann::json environment = capture_environment();
  environment["loadavg_before"] = read_loadavg();
  if (storage.enabled()) {
    design.experiment = storage.tag();
  }
  storage.begin();
  PairRuns runs;
  try {
    runs = run_pairs(plan, design.orders, signals, storage, environment);
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
  design.orders.erase(design.orders.begin(),
                      design.orders.begin() + static_cast<std::ptrdiff_t>(plan.warmups));
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
