// `clonebench sweep STRESSOR --rss LIST`: cost versus parent size, fitted as fixed + per page.
#include <random>

#include "cli/command.hpp"
#include "cli/precision_options.hpp"
#include "cli/run_spec.hpp"
#include "cli/workload_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "stressors/stressor.hpp"
#include "sweep/size_list.hpp"
#include "sweep/sweep_experiment.hpp"
#include "sys/map_count_limit.hpp"
#include "sys/parent_memory.hpp"

namespace clonebench {
namespace {

struct SweepArgs {
  std::string stressor, rss, rss_kind = "anon", vmas = "1", rounds;  // rounds "": the default
  std::string precision, max_time;  // "3%", "2m": rounds until ±3 % per page or 2 minutes
  std::string timeout_per_point = "1s", instances = "1", seed, json_path, label, db_path;
  bool no_store = false;
  bool profile = false;
  bool quiet = false;  // --quiet: no progress line on a terminal
  RawWorkloadOptions workload;
};

SweepPlan parse_sweep(const SweepArgs& args) {
  require_stressor(args.stressor, "STRESSOR");
  SweepPlan parsed;
  SweepSettings& settings = parsed.settings;
  settings.stressor = args.stressor;
  if (args.rss.empty()) {
    throw UsageError("--rss: a sweep needs a size list, e.g. --rss 0,32M,64M,128M or 0:512M:8");
  }
  settings.sizes = parse_size_list(args.rss, "--rss");
  if (!args.label.empty()) {
    require_selectable_label(args.label, "--label");
  }
  settings.rss_kind = parse_parent_kind(args.rss_kind, "--rss-kind");
  settings.vmas = static_cast<std::uint64_t>(parse_integer(args.vmas, "--vmas", 1, kMaxParentVmas));
  check_vmas_under_map_count(settings.vmas, read_max_map_count());
  const PrecisionOptions precision = parse_precision_options(args.precision, args.max_time, "2m");
  settings.precision = precision.precision;
  settings.max_time_s = precision.max_time_s;
  const std::string default_rounds = settings.precision ? "1000" : "5";
  settings.rounds = static_cast<std::uint32_t>(
      parse_integer(args.rounds.empty() ? default_rounds : args.rounds, "--rounds", 2, 1000));
  settings.timeout_per_point_s = parse_duration_s(args.timeout_per_point, "--timeout-per-point");
  if (settings.timeout_per_point_s <= 0) {
    throw UsageError("--timeout-per-point: must be above 0");
  }
  settings.instances =
      static_cast<std::uint32_t>(parse_integer(args.instances, "--instances", 1, 1024));
  settings.seed = args.seed.empty() ? std::random_device{}() : parse_seed(args.seed, "--seed");
  StressorJob& job = parsed.job;
  job.stressor = settings.stressor;
  job.instances = settings.instances;
  job.timeout_s = settings.timeout_per_point_s;
  job.parent.kind = settings.rss_kind;
  job.parent.vmas = settings.vmas;
  job.seed = settings.seed;
  apply_workload(parse_workload_options(args.workload), job);
  parsed.profile = args.profile;
  return parsed;
}

int run_sweep_command(const SweepArgs& args) {
  return run_sweep_experiment(parse_sweep(args), {args.label, args.db_path, args.no_store},
                              args.json_path, args.quiet);
}

}  // namespace

void add_sweep_command(CLI::App& app, CommandList& commands) {
  CLI::App* sweep = app.add_subcommand(
      "sweep", "cost vs. parent size: fixed cost + cost per page, with confidence intervals");
  auto args = std::make_shared<SweepArgs>();
  sweep->add_option("STRESSOR", args->stressor, "fork, clone, clone3, vfork, spawn, exec, thread")
      ->required();
  sweep->add_option("--rss", args->rss, "sizes: 0,16M,64M,256M or a range START:END:POINTS")
      ->required();
  sweep->add_option("--rss-kind", args->rss_kind, "anon | thp | zero | shared | file | hugetlb");
  sweep->add_option("--vmas", args->vmas, "split the region into N mappings (default 1)");
  sweep->add_option("--rounds", args->rounds,
                    "rounds; each measures every size once (default 5; with --precision, the "
                    "most, default 1000)");
  sweep->add_option("--precision", args->precision,
                    "rounds until the per-page CI of the total cost is at most ±P, e.g. 3% "
                    "(first look after round 3)");
  sweep->add_option("--max-time", args->max_time,
                    "run no round that would end after D (default 2m with --precision)");
  sweep->add_option("--timeout-per-point", args->timeout_per_point,
                    "duration of each run (default 1s)");
  sweep->add_option("-n,--instances", args->instances, "instances per run (default 1)");
  sweep->add_option("--seed", args->seed, "seed of the order and the bootstrap (default random)");
  sweep->add_option("--json", args->json_path, "write the sweep as JSON to FILE (- = stdout)");
  sweep->add_option("--label", args->label, "label of the stored runs (default uname -r)");
  sweep->add_option("--db", args->db_path, "database path");
  sweep->add_flag("--no-store", args->no_store, "do not store the runs");
  sweep->add_flag("--quiet", args->quiet, "no progress line on a terminal");
  sweep->add_flag("--profile", args->profile,
                  "sample the kernel with perf over every run (see `clonebench kernel`)");
  define_workload_options(*sweep, args->workload);
  commands.push_back(Command{sweep, [args] { return run_sweep_command(*args); }});
}

}  // namespace clonebench
