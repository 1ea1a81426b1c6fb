#pragma once
// What the store holds, as values: a stored run with its environment and origin, an experiment
// row with its summary as stored, a line of `history`. The backends (store/backend.hpp) speak in
// these; the commands' Store (store/store.hpp) gives its readers the typed Experiment
// (record/experiment.hpp) decoded from the row.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "record/run_record.hpp"

namespace clonebench {

// The row of a group of runs measured together, with the analysis that was printed, as stored:
// what `push` and `pull` copy unchanged, and what the store decodes for its readers.
struct StoredExperiment {
  std::string tag;         // unique, e.g. "sweep-2026-11-29T18:06:42Z-4f2a"
  std::string kind;        // an ExperimentKind's name (core/experiment_kind.hpp), as stored
  std::string created_at;  // ISO-8601 UTC
  nlohmann::json summary;  // the analysis document (fits, compare result, ...); {} until then
  // "complete"; "running" while runs are being added; "interrupted" when a signal or an error
  // ended it, or (as the store reads it) when its process is gone: its stored runs are kept.
  std::string status = "complete";
  // The process that runs it (store/experiment_owner.hpp), set by Store::begin_experiment;
  // empty for experiments stored whole, and for rows stored before schema version 5.
  std::string owner{};
};

// An experiment row with how many runs the store holds of it: a line of `experiments`.
struct ListedExperimentRow {
  StoredExperiment experiment;
  std::uint64_t runs = 0;
};

// Where a stored run came from; kept unchanged when the run is pushed or pulled.
struct RunOrigin {
  std::string uid;           // host_identity.hpp's new_run_uid(), unique across stores
  std::string hostname;      // the host that measured the run
  std::string machine_hash;  // host_identity.hpp's hash of its /etc/machine-id
};

struct StoredRun {
  RunRecord record;
  Environment environment;
  RunOrigin origin;
};

// One line of `clonebench history`.
struct HistoryRow {
  std::int64_t id = 0;
  std::string label, started_at, stressor, experiment;
  std::string experiment_status;  // the experiment's status; empty without an experiment
  std::string experiment_owner;   // Experiment::owner
  std::string hostname;           // the host that measured the run
  // The machine the run's environment names when it is not that host: a guest the host booted
  // (`kernels`: "vm (QEMU tcg guest)"); empty for a run measured on the host itself.
  std::string guest;
  bool emulated = false;                 // measured in a guest under TCG: an emulator's timings
  bool counted_in_instructions = false;  // a guest's counts of instructions, not times
  std::int64_t environment_id = 0;       // the stored environment these were read from
  std::uint32_t instances = 0;
  std::uint64_t bogo_ops = 0;
  double real_time_s = 0, ops_per_sec_real = 0, ops_per_sec_cpu = 0;
};

// What a run's environment says about where it was measured (HistoryRow::guest, emulated,
// counted_in_instructions): a `kernels` guest is named by the environment's hostname, which
// says it is a guest ("vm (QEMU tcg guest)"). Defined in shared_queries.cpp.
void add_measured_on(HistoryRow& row, const Environment& environment);

}  // namespace clonebench
