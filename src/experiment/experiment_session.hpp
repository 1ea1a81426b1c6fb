#pragma once
// What `ab`, `sweep` and `scale` set up around their runs, in this order: the stored experiment
// (opened first, so that a bad --db costs no measurement), then at begin() the signal scope, the
// machine's environment and its load average before the first run, and the experiment's row.
// Each run is stored as it ends, with the load average after it; an error or an interrupt marks
// the experiment interrupted; a finished one gets its summary.

#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "perf/perf_recording.hpp"
#include "record/environment.hpp"
#include "record/job.hpp"
#include "record/run_record.hpp"
#include "runner/run_observer.hpp"
#include "runner/runner.hpp"
#include "store/experiment_writer.hpp"

namespace clonebench {

// --label, --db and --no-store of an experiment.
struct StorageOptions {
  std::string label;    // "": `uname -r`
  std::string db_path;  // "": the default database
  bool no_store = false;
};

// The machine's environment with its load average before the first run: what every stored run
// of a command carries. Also its stability_warnings: the problems of
// machine/stability_warning.hpp that make runs noisy.
Environment environment_before_runs();

// Sets `environment`'s stability_warnings from its facts (load before the run included).
void note_stability(Environment& environment);

// Prints the noisy-machine line of `environment`'s stability_warnings on stderr, if any: every
// measuring command says so before its first run (quiet or not), as the stored runs do.
void warn_if_noisy(const Environment& environment);

// The closing line of every experiment command that stored its experiment, on stderr: "stored
// as experiment TAG (clonebench report TAG)", so that its report and `experiments` can find it.
// Nothing when `tag` is empty (--no-store).
void say_where_stored(const std::string& tag);

class ExperimentSession {
 public:
  // `tag_of` names the experiment from its creation time.
  ExperimentSession(ExperimentKind kind,
                    const std::function<std::string(const std::string& created_at)>& tag_of,
                    const StorageOptions& options);

  void begin();

  bool stored() const noexcept { return writer_.enabled(); }
  const std::string& tag() const noexcept { return writer_.tag(); }
  SignalScope& signals() { return *signals_; }
  // The environment as stored with the runs.
  const Environment& environment() const noexcept { return environment_; }

  // Stores a run that has just ended with the environment and the load average now.
  void save(RunRecord& record, const std::string& arm = "");

  // Runs the measuring part. When it throws, `on_failure` runs first (ab's --restore), then the
  // experiment is marked interrupted and the error goes on.
  void measure(const std::function<void()>& runs, const std::function<void()>& on_failure = {});

  // What a runner (sweep's, scale's) does around each run: `progress` before it on a terminal
  // unless `quiet`, with the time since the observer was made; the run measured (with a profile
  // when `profiler` is set) and stored as it ends, then given to `kept` when there is one.
  using Progress = std::function<void(std::size_t done, std::size_t planned, const StressorJob& job,
                                      double elapsed_s)>;
  RunObserver observer(Progress progress, bool quiet, std::optional<PerfSetup> profiler,
                       std::function<void(RunRecord&)> kept = {});

  // Adds the load average after the last run to the environment and stores the summary.
  void finish(const nlohmann::json& summary);
  // say_where_stored() of this experiment, when it is stored: the command's last line.
  void say_where_stored() const;

 private:
  ExperimentWriter writer_;
  std::optional<SignalScope> signals_;
  Environment environment_;
};

}  // namespace clonebench
