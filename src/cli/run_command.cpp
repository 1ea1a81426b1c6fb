// `clonebench run`: measure, print, store. The flow is one way: parse → run every job → store each
// run as it ends → render.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <optional>

#include "cli/command.hpp"
#include "cli/profile_output.hpp"
#include "cli/profiled_job.hpp"
#include "cli/progress_line.hpp"
#include "cli/run_spec.hpp"
#include "core/error.hpp"
#include "core/timestamp.hpp"
#include "report/exporters.hpp"
#include "report/output_file.hpp"
#include "report/profile_table.hpp"
#include "runner/runner.hpp"
#include "store/store.hpp"
#include "sys/environment.hpp"

namespace clonebench {
namespace {

bool writes_to_stdout(const RunSpec& spec) {
  return spec.json_path == "-" || spec.yaml_path == "-" || spec.csv_path == "-";
}

// Also with --no-store: an output must not overwrite the database the user keeps.
void check_outputs(const RunSpec& spec) {
  check_output_targets(
      {{spec.json_path, "--json"}, {spec.yaml_path, "--yaml"}, {spec.csv_path, "--csv"}},
      spec.db_path.value_or(Store::default_path()));
}

// Before each run on a terminal: the run, its place among all of them, the time spent and left.
void report_progress(const RunSpec& spec, const StressorJob& job, std::size_t index,
                     double elapsed_s) {
  if (!progress_wanted(spec.quiet)) {
    return;
  }
  fmt::print(stderr, "clonebench: {} x{} for {:g} s: run {}\n", job.stressor, job.instances,
             job.timeout_s, progress_counts(index, spec.runs * spec.jobs.size(), elapsed_s));
}

void print_profiles(const RunDocument& document) {
  const std::string compound_head = compound_head_of(document.environment);
  for (std::size_t i = 0; i < document.runs.size(); ++i) {
    const RunRecord& record = document.runs[i];
    if (record.profile) {
      const std::string title =
          fmt::format("{} (run {} of this command)", record.result.stressor, i + 1);
      fmt::print("\n{}", render_profile(title, *record.profile, compound_head));
    }
  }
}

void render_outputs(const RunSpec& spec, const RunDocument& document) {
  if (!spec.json_path.empty()) {
    write_output(spec.json_path, render_json(document), "--json");
  }
  if (!spec.yaml_path.empty()) {
    write_output(spec.yaml_path, render_yaml(document), "--yaml");
  }
  if (!spec.csv_path.empty()) {
    write_output(spec.csv_path, render_csv(document), "--csv");
  }
  if (!writes_to_stdout(spec)) {
    fmt::print("{}", spec.metrics ? render_metrics(document, static_cast<int>(::getpid()))
                                  : render_table(document));
    print_profiles(document);
  }
}

int run_spec(const RunSpec& spec) {
  check_outputs(spec);
  for (const StressorJob& job : spec.jobs) {
    validate_job(job);
  }
  const std::optional<PerfSetup> profiler = prepare_profiler(spec.profile);
  std::optional<Store> store;
  if (spec.store) {
    store.emplace(spec.db_path.value_or(Store::default_path()));
  }
  SignalScope signals;
  RunDocument document;
  document.environment = capture_environment();
  const std::string label = spec.label.empty() ? kernel_release() : spec.label;
  const auto started = std::chrono::steady_clock::now();
  std::size_t index = 0;
  for (std::uint32_t run = 0; run < spec.runs; ++run) {
    for (const StressorJob& job : spec.jobs) {
      report_progress(
          spec, job, ++index,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
      nlohmann::json environment = document.environment;
      environment["loadavg_before"] = read_loadavg();
      RunRecord record = measure_job(job, signals, profiler);
      record.label = label;
      environment["loadavg_after"] = read_loadavg();
      if (store) {
        store->save(record, environment);
      }
      document.runs.push_back(std::move(record));
      document.environment["loadavg_after"] = environment["loadavg_after"];
      signals.throw_if_interrupted();
    }
  }
  render_outputs(spec, document);
  return kExitOk;
}

}  // namespace

void add_run_command(CLI::App& app, CommandList& commands) {
  CLI::App* run = app.add_subcommand(
      "run", "measure, print and store stressor runs (default: a short standard suite)");
  run->prefix_command();
  run->set_help_flag();
  run->allow_extras();
  commands.push_back(Command{run, [run] {
                               const std::vector<std::string> args = run->remaining();
                               if (std::find(args.begin(), args.end(), "--help") != args.end() ||
                                   std::find(args.begin(), args.end(), "-h") != args.end()) {
                                 fmt::print("{}", run_help());
                                 return kExitOk;
                               }
                               return run_spec(parse_run_spec(args));
                             }});
}

}  // namespace clonebench
