#include "experiment/measured_runs.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <optional>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/timestamp.hpp"
#include "experiment/experiment_session.hpp"
#include "experiment/output_table.hpp"
#include "experiment/profile_output.hpp"
#include "experiment/profiled_job.hpp"
#include "experiment/progress_line.hpp"
#include "experiment/run_keeper.hpp"
#include "machine/environment_capture.hpp"
#include "record/environment_json.hpp"
#include "record/run_options_json.hpp"
#include "render/exporters.hpp"
#include "render/profile_table.hpp"
#include "runner/runner.hpp"
#include "store/argument_redaction.hpp"
#include "store/store.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

// The exporters of a run document, by the flag that names their file.
OutputTable run_outputs(const RunSpec& spec, const RunDocument& document) {
  return {{spec.json_path, "--json", [&document] { return render_json(document); }},
          {spec.yaml_path, "--yaml", [&document] { return render_yaml(document); }},
          {spec.csv_path, "--csv", [&document] { return render_csv(document); }}};
}

// Before each run on a terminal: the run, its place among all of them, the time spent and left.
void report_run_progress(const RunSpec& spec, const StressorJob& job, std::size_t index,
                         double elapsed_s, ProgressLine& line) {
  if (!progress_wanted(spec.quiet)) {
    return;
  }
  line.show(fmt::format("clonebench: {} x{} for {:g} s: run {}", job.stressor, job.instances,
                        job.timeout_s,
                        progress_counts(index, spec.runs * spec.jobs.size(), elapsed_s)));
}

// Where the runs went and under which ids, so that `compare`, `report` and `show` can name them.
void report_stored(const RunDocument& document, const std::string& label, const std::string& path) {
  if (document.runs.empty()) {
    return;
  }
  const std::int64_t first = document.runs.front().id;
  const std::int64_t last = document.runs.back().id;
  fmt::print(stderr, "clonebench: stored {} run{} ({}) with label {} in {}\n", document.runs.size(),
             document.runs.size() == 1 ? "" : "s",
             first == last ? fmt::format("id {}", first) : fmt::format("ids {}-{}", first, last),
             printable(label), path);
}

// After the table: the runs the database could not take, and where they are.
void report_not_stored(const RunKeeper& store, std::size_t runs) {
  const std::string database = redacted_location(store.location());
  if (store.kept_locally() > 0) {
    fmt::print(stderr,
               "clonebench: error: {} of {} runs are not in {} but in {}; `clonebench push` "
               "delivers them\n",
               store.kept_locally(), runs, database, store.kept_locally_in());
  }
  if (store.not_kept() > 0) {
    fmt::print(stderr,
               "clonebench: error: {} of {} runs are in no database: neither {} nor {} could "
               "take them; they are only in the table and the files written\n",
               store.not_kept(), runs, database, undelivered_runs_path());
  }
}

void print_profiles(const RunDocument& document, const Environment& environment) {
  const std::string compound_head = compound_head_of(environment);
  for (std::size_t i = 0; i < document.runs.size(); ++i) {
    const RunRecord& record = document.runs[i];
    if (record.profile) {
      const std::string title =
          fmt::format("{} (run {} of this command)", record.result.stressor, i + 1);
      fmt::print("\n{}", render_profile(title, *record.profile, compound_head));
    }
  }
}

void render_outputs(const RunSpec& spec, const RunDocument& document,
                    const Environment& environment) {
  if (write_outputs(run_outputs(spec, document))) {
    fmt::print("{}", spec.metrics ? render_metrics(document, static_cast<int>(::getpid()))
                                  : render_table(document));
    print_profiles(document, environment);
  }
}

}  // namespace

int run_and_report(const RunSpec& spec) {
  RunDocument document;
  // Also with --no-store: an output must not overwrite the database the user keeps.
  check_outputs(run_outputs(spec, document), database_path(spec.db_path));
  for (const StressorJob& job : spec.jobs) {
    validate_job(job);
  }
  const std::optional<PerfSetup> profiler = prepare_profiler(spec.profile);
  std::optional<RunKeeper> store;
  if (spec.store) {
    store.emplace(database_path(spec.db_path));
  }
  SignalScope signals;
  // The document's environment: the machine as captured, with the first run's stability check
  // and the last run's load average after it; each stored run carries its own load averages.
  Environment captured = capture_environment();
  const std::string label = spec.label.empty() ? kernel_release() : spec.label;
  const auto started = std::chrono::steady_clock::now();
  {
    // Said once, before the progress line: the machine as the first run will find it (each
    // run stores its own check with its load average).
    Environment before = captured;
    before.loadavg_before = read_loadavg();
    note_stability(before);
    warn_if_noisy(before);
  }
  std::size_t index = 0;
  ProgressLine progress;
  for (std::uint32_t run = 0; run < spec.runs; ++run) {
    for (const StressorJob& job : spec.jobs) {
      report_run_progress(
          spec, job, ++index,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count(),
          progress);
      Environment environment = captured;
      environment.loadavg_before = read_loadavg();
      note_stability(environment);
      if (index == 1) {
        captured.stability_warnings = environment.stability_warnings;
      }
      RunRecord record = measure_job(job, signals, profiler);
      record.label = label;
      if (!spec.command_line.empty()) {
        // As typed, but every database location without its password: the outputs carry it
        // as the store does.
        RunOptions options = run_options_from_json(record.result.options);
        options.command_line = redacted_arguments(spec.command_line);
        record.result.options = run_options_to_json(options);
      }
      environment.loadavg_after = read_loadavg();
      if (store) {
        store->save(record, environment_to_json(environment));
      }
      document.runs.push_back(std::move(record));
      captured.loadavg_after = environment.loadavg_after;
      signals.throw_if_interrupted();
    }
  }
  document.environment = environment_to_json(captured);
  progress.end();
  const bool all_stored = store && store->kept_locally() == 0 && store->not_kept() == 0;
  if (all_stored) {
    report_stored(document, label, redacted_location(store->location()));
  }
  render_outputs(spec, document, captured);
  if (store && !all_stored) {
    report_not_stored(*store, document.runs.size());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace clonebench
