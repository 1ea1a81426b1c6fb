// `clonebench scale STRESSOR --instances LIST`: ops/s and per-instance efficiency against the
// number of instances, with intervals, and where throughput stops growing (docs/scale.md).
#include <algorithm>
#include <random>
#include <thread>

#include "cli/command.hpp"
#include "cli/shared_options.hpp"
#include "cli/workload_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/units.hpp"
#include "record/workload.hpp"
#include "scale/instance_list.hpp"
#include "scale/scale_experiment.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {
namespace {

struct ScaleArgs {
  std::string stressor, instances, rounds = "10", timeout = "1s", seed;
  ExperimentOutputOptions output;
  RawWorkloadOptions workload;
};

ScalePlan parse_scale(const ScaleArgs& args) {
  require_stressor(args.stressor, "STRESSOR");
  ScalePlan parsed;
  ScaleSettings& settings = parsed.settings;
  settings.stressor = args.stressor;
  settings.instances =
      args.instances.empty()
          ? default_instance_counts(std::max(1U, std::thread::hardware_concurrency()))
          : parse_instance_list(args.instances, "--instances");
  check_label_option(args.output.label);
  settings.rounds = static_cast<std::uint32_t>(parse_integer(args.rounds, "--rounds", 2, 1000));
  settings.timeout_s = parse_duration_s(args.timeout, "--timeout");
  if (settings.timeout_s <= 0) {
    throw UsageError("--timeout: must be above 0");
  }
  settings.seed = seed_option(args.seed).value;
  StressorJob& job = parsed.job;
  job.stressor = settings.stressor;
  job.timeout_s = settings.timeout_s;
  job.seed = settings.seed;
  apply_workload(parse_workload_options(args.workload), job);
  settings.workload = std::string(workload_name(job.workload));
  return parsed;
}

int run_scale_command(const ScaleArgs& args) {
  const ExperimentOutputOptions& output = args.output;
  return run_scale_experiment(parse_scale(args), {output.label, output.db_path, output.no_store},
                              output.json_path, output.quiet);
}

}  // namespace

void add_scale_command(CLI::App& app, CommandList& commands) {
  auto [scale, args] = define_command(
      app, commands, "scale", "ops/s and efficiency vs. instance count, with confidence intervals",
      &run_scale_command);
  scale.add_option("STRESSOR", args.stressor, "fork, clone, clone3, vfork, spawn, exec, thread")
      ->required();
  scale.add_option("-n,--instances", args.instances,
                   "counts: 1,2,4,8 (default 1, 2, 4, ... and every CPU)");
  scale.add_option("--rounds", args.rounds, "rounds; each runs every count once (default 10)");
  scale.add_option("--timeout", args.timeout, "duration of each run (default 1s)");
  define_seed_option(scale, args.seed, "the order");
  define_experiment_output_options(scale, args.output, "the scale");
  define_workload_options(scale, args.workload);
}

}  // namespace clonebench
