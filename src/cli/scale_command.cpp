// `clonebench scale STRESSOR --instances LIST`: ops/s and per-instance efficiency against the
// number of instances, with intervals, and where throughput stops growing (docs/scale.md).
#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <random>
#include <thread>

#include "cli/command.hpp"
#include "cli/profiled_job.hpp"
#include "cli/progress_line.hpp"
#include "cli/workload_options.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "core/units.hpp"
#include "record/workload.hpp"
#include "report/output_file.hpp"
#include "scale/instance_list.hpp"
#include "scale/scale_report.hpp"
#include "scale/scale_runner.hpp"
#include "store/experiment_writer.hpp"
#include "stressors/stressor.hpp"
#include "sys/environment.hpp"

namespace clonebench {
namespace {

struct ScaleArgs {
  std::string stressor, instances, rounds = "10", timeout = "1s", seed, json_path, label, db_path;
  bool no_store = false;
  bool quiet = false;  // --quiet: no progress line on a terminal
  RawWorkloadOptions workload;
};

struct ParsedScale {
  StressorJob job;
  ScaleSettings settings;
};

ParsedScale parse_scale(const ScaleArgs& args) {
  require_stressor(args.stressor, "STRESSOR");
  ParsedScale parsed;
  ScaleSettings& settings = parsed.settings;
  settings.stressor = args.stressor;
  settings.instances =
      args.instances.empty()
          ? default_instance_counts(std::max(1U, std::thread::hardware_concurrency()))
          : parse_instance_list(args.instances, "--instances");
  if (!args.label.empty()) {
    require_clean_text(args.label, "--label");
  }
  settings.rounds = static_cast<std::uint32_t>(parse_integer(args.rounds, "--rounds", 2, 1000));
  settings.timeout_s = parse_duration_s(args.timeout, "--timeout");
  if (settings.timeout_s <= 0) {
    throw UsageError("--timeout: must be above 0");
  }
  settings.seed = args.seed.empty() ? std::random_device{}() : parse_seed(args.seed, "--seed");
  StressorJob& job = parsed.job;
  job.stressor = settings.stressor;
  job.timeout_s = settings.timeout_s;
  job.seed = settings.seed;
  apply_workload(parse_workload_options(args.workload), job);
  settings.workload = std::string(workload_name(job.workload));
  return parsed;
}

void report_scale_progress(std::size_t done, std::size_t total, std::uint32_t instances,
                           double elapsed_s) {
  fmt::print(stderr, "clonebench: scale run with {} instance(s): {}\n", instances,
             progress_counts(done + 1, total, elapsed_s));
}

int run_scale_command(const ScaleArgs& args) {
  const ParsedScale parsed = parse_scale(args);
  check_output_targets({{args.json_path, "--json"}},
                       args.db_path.empty() ? Store::default_path() : args.db_path);
  const std::string created_at = iso8601_utc_now();
  ExperimentWriter storage(
      {"scale", fmt::format("scale-{}-{:04x}", created_at, parsed.settings.seed & 0xffff),
       created_at, args.label},
      args.no_store, args.db_path);
  SignalScope signals;
  nlohmann::json environment = capture_environment();
  environment["loadavg_before"] = read_loadavg();
  storage.begin();
  nlohmann::json summary;
  try {
    const RunObserver observer{
        [&args, started = std::chrono::steady_clock::now()](std::size_t done, std::size_t total,
                                                            const StressorJob& job) {
          if (progress_wanted(args.quiet)) {
            report_scale_progress(
                done, total, job.instances,
                std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
          }
        },
        [&](const StressorJob& job) { return measure_job(job, signals, std::nullopt); },
        [&](RunRecord& record) {
          nlohmann::json run_environment = environment;
          run_environment["loadavg_after"] = read_loadavg();
          storage.save(record, run_environment);
        }};
    summary = run_scale(parsed.job, parsed.settings, signals, observer);
  } catch (...) {
    storage.mark_interrupted();
    throw;
  }
  environment["loadavg_after"] = read_loadavg();
  storage.finish(summary);
  if (!args.json_path.empty()) {
    const nlohmann::json document = {
        {"schema", "clonebench/1"}, {"environment", environment}, {"scale", summary}};
    write_output(args.json_path, dump_json(document, 2) + "\n", "--json");
  }
  if (args.json_path != "-") {
    fmt::print("{}", render_scale_report(summary));
  }
  return kExitOk;
}

}  // namespace

void add_scale_command(CLI::App& app, CommandList& commands) {
  CLI::App* scale = app.add_subcommand(
      "scale", "ops/s and efficiency vs. instance count, with confidence intervals");
  auto args = std::make_shared<ScaleArgs>();
  scale->add_option("STRESSOR", args->stressor, "fork, clone, clone3, vfork, spawn, exec, thread")
      ->required();
  scale->add_option("-n,--instances", args->instances,
                    "counts: 1,2,4,8 (default 1, 2, 4, ... and every CPU)");
  scale->add_option("--rounds", args->rounds, "rounds; each runs every count once (default 10)");
  scale->add_option("--timeout", args->timeout, "duration of each run (default 1s)");
  scale->add_option("--seed", args->seed, "seed of the order (default random)");
  scale->add_option("--json", args->json_path, "write the scale as JSON to FILE (- = stdout)");
  scale->add_option("--label", args->label, "label of the stored runs (default uname -r)");
  scale->add_option("--db", args->db_path, "database path");
  scale->add_flag("--no-store", args->no_store, "do not store the runs");
  scale->add_flag("--quiet", args->quiet, "no progress line on a terminal");
  define_workload_options(*scale, args->workload);
  commands.push_back(Command{scale, [args] { return run_scale_command(*args); }});
}

}  // namespace clonebench
