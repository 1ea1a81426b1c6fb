#include "experiment/experiment_session.hpp"

#include <fmt/core.h>

#include <chrono>
#include <cstdio>
#include <utility>

#include "core/timestamp.hpp"
#include "experiment/profiled_job.hpp"
#include "experiment/progress_line.hpp"
#include "machine/environment_capture.hpp"
#include "machine/stability_warning.hpp"
#include "record/environment_json.hpp"
#include "store/store.hpp"

namespace clonebench {

Environment environment_before_runs() {
  Environment environment = capture_environment();
  environment.loadavg_before = read_loadavg();
  note_stability(environment);
  return environment;
}

void note_stability(Environment& environment) {
  environment.stability_warnings = stability_problems(environment);
}

void warn_if_noisy(const Environment& environment) {
  if (!environment.stability_warnings) {
    return;
  }
  const std::string line = noisy_machine_line(*environment.stability_warnings);
  if (!line.empty()) {
    fmt::print(stderr, "clonebench: warning: {}\n", line);
  }
}

void say_where_stored(const std::string& tag) {
  if (!tag.empty()) {
    std::fflush(stdout);  // after the report, on a terminal too
    fmt::print(stderr, "clonebench: stored as experiment {} (clonebench report {})\n", tag, tag);
  }
}

namespace {

ExperimentWriter::Identity identity_of(ExperimentKind kind,
                                       const std::function<std::string(const std::string&)>& tag_of,
                                       const std::string& label) {
  const std::string created_at = iso8601_utc_now();
  return {kind, tag_of(created_at), created_at, label};
}

}  // namespace

ExperimentSession::ExperimentSession(ExperimentKind kind,
                                     const std::function<std::string(const std::string&)>& tag_of,
                                     const StorageOptions& options)
    : writer_(identity_of(kind, tag_of, options.label), options.no_store, options.db_path) {}

void ExperimentSession::begin() {
  signals_.emplace();
  environment_ = environment_before_runs();
  warn_if_noisy(environment_);
  writer_.begin();
}

void ExperimentSession::save(RunRecord& record, const std::string& arm) {
  Environment run_environment = environment_;
  run_environment.loadavg_after = read_loadavg();
  writer_.save(record, run_environment, arm);
}

void ExperimentSession::measure(const std::function<void()>& runs,
                                const std::function<void()>& on_failure) {
  try {
    runs();
  } catch (...) {
    if (on_failure) {
      on_failure();
    }
    writer_.mark_interrupted();
    throw;
  }
}

RunObserver ExperimentSession::observer(Progress progress, bool quiet,
                                        std::optional<PerfSetup> profiler,
                                        std::function<void(RunRecord&)> kept) {
  return RunObserver{
      [progress = std::move(progress), quiet, started = std::chrono::steady_clock::now()](
          std::size_t done, std::size_t planned, const StressorJob& job) {
        if (progress_wanted(quiet)) {
          progress(
              done, planned, job,
              std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count());
        }
      },
      [this, profiler = std::move(profiler)](const StressorJob& job) {
        return measure_job(job, signals(), profiler);
      },
      [this, kept = std::move(kept)](RunRecord& record) {
        save(record);
        if (kept) {
          kept(record);
        }
      }};
}

void ExperimentSession::say_where_stored() const {
  if (stored()) {
    clonebench::say_where_stored(tag());
  }
}

void ExperimentSession::finish(const nlohmann::json& summary) {
  environment_.loadavg_after = read_loadavg();
  writer_.finish(summary);
}

}  // namespace clonebench
