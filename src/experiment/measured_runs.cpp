#include "experiment/measured_runs.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <chrono>
#include <optional>

#include "core/error.hpp"
#include "core/timestamp.hpp"
#include "experiment/experiment_session.hpp"
#include "experiment/output_table.hpp"
#include "experiment/profile_output.hpp"
#include "experiment/profiled_job.hpp"
#include "experiment/progress_line.hpp"
#include "experiment/run_keeper.hpp"
#include "render/exporters.hpp"
#include "render/profile_table.hpp"
#include "runner/runner.hpp"
#include "store/store.hpp"
#include "store/store_location.hpp"
#include "sys/environment.hpp"

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
  if (write_outputs(run_outputs(spec, document))) {
    fmt::print("{}", spec.metrics ? render_metrics(document, static_cast<int>(::getpid()))
                                  : render_table(document));
    print_profiles(document);
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
  document.environment = capture_environment();
  const std::string label = spec.label.empty() ? kernel_release() : spec.label;
  const auto started = std::chrono::steady_clock::now();
  std::size_t index = 0;
  for (std::uint32_t run = 0; run < spec.runs; ++run) {
    for (const StressorJob& job : spec.jobs) {
      report_run_progress(
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
  if (store && store->kept_locally() > 0) {
    fmt::print(stderr,
               "clonebench: error: {} of {} runs are not in {} but in {}; `clonebench push` "
               "delivers them\n",
               store->kept_locally(), document.runs.size(), redacted_location(store->location()),
               store->kept_locally_in());
    return kExitFailure;
  }
  return kExitOk;
}

}  // namespace clonebench
