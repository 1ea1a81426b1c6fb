#pragma once
// The run database, as commands see it: one SQLite file or a PostgreSQL database, chosen when it
// opens (store/open_backend.hpp) and the same to use. A run is stored in one transaction after
// it ends, so a stored run is complete or absent and a crash leaves every earlier run intact.

#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/experiment_kind.hpp"
#include "record/experiment.hpp"
#include "record/run_record.hpp"
#include "store/host_identity.hpp"
#include "store/stored_values.hpp"

namespace clonebench {

// The database a command uses: --db when given, else Store::default_path().
std::string database_path(const std::string& db_path);
std::string database_path(const std::optional<std::string>& db_path);

class StoreBackend;

// An experiment as `clonebench experiments` lists it: its row, read as the store reads it (status
// settled, summary redacted and decoded), with how many runs the store holds of it. A row this
// version cannot read (a kind it does not know, a malformed summary) is listed with why.
struct ListedExperiment {
  std::string tag, kind, created_at, status;  // kind as stored
  std::uint64_t runs = 0;
  std::optional<Experiment> experiment;  // absent when unreadable
  std::string unreadable;                // why, when absent
};

class Store {
 public:
  // $CLONEBENCH_DB, else $XDG_DATA_HOME/clonebench/clonebench.db, else
  // $HOME/.local/share/clonebench/clonebench.db.
  static std::string default_path();

  enum class Access {
    kReadWrite,  // opens or creates, migrates, and checks that runs can be stored
    kReadOnly,   // never writes: works on a read-only file or directory; a missing file is empty
    // kReadOnly that gives up at once (kGlanceWaitMs) when another process holds the database,
    // where a wait would freeze a shell: completion.
    kGlance,
  };

  // `path` is a SQLite file, or a PostgreSQL database (a URL or key=value text as
  // store/store_location.hpp reads it) whose password, if any, is used to connect and never
  // kept: path() and messages redact it. Text that names no database unambiguously is a
  // UsageError; a database that cannot be connected to a RuntimeError ("database URL: cannot
  // connect: ...").
  // Opens the database (kReadWrite: creating it and migrating its schema, PRAGMA user_version)
  // and runs PRAGMA quick_check. Throws UsageError naming the file when it cannot be created or
  // (kReadWrite) written, is not a clonebench database, is damaged, or is newer than this build;
  // RuntimeError naming the file and its directory when the disk is full.
  explicit Store(const std::string& path, Access access = Access::kReadWrite);
  ~Store();
  Store(const Store&) = delete;
  Store& operator=(const Store&) = delete;

  // Stores the run, its histograms and the environment in one transaction; sets record.id.
  // Every location in the run's options (its command line) is redacted first, in `record`
  // too (store/argument_redaction.hpp): a password never reaches a store. So are the
  // summaries of experiments and what push and pull copy, and what is read back.
  std::int64_t save(RunRecord& record, const Environment& environment);
  // Writes the experiment row with status "running", this process as its owner and an empty
  // summary, so that runs saved with record.experiment = tag can follow one by one. Once its
  // process is gone (killed with SIGKILL, the machine rebooted) the experiment reads back as
  // "interrupted".
  void begin_experiment(const std::string& tag, ExperimentKind kind, const std::string& created_at);
  // Sets the summary and the final status ("complete" or "interrupted").
  void finish_experiment(const std::string& tag, const nlohmann::json& summary,
                         const std::string& status);
  // Stores the experiment and all its runs (tagged with its tag) in one transaction; sets ids.
  void save_experiment(const StoredExperiment& experiment, std::vector<RunRecord>& runs,
                       const Environment& environment);
  // The experiment with this tag, its summary decoded once, here (a stored summary is untrusted:
  // another host's, through `pull`, or anyone's who can write the database). Throws UsageError
  // naming the experiment when its kind is none this version knows or its summary is malformed.
  std::optional<Experiment> load_experiment_summary(const std::string& tag) const;
  // The newest complete experiment of this kind, if any, decoded as above.
  std::optional<Experiment> latest_experiment(ExperimentKind kind) const;
  // Every experiment, newest first; at most `limit`.
  std::vector<ListedExperiment> experiments(std::size_t limit) const;
  // The experiment row as stored, for `push` and `pull` to copy; checked as
  // load_experiment_summary() checks it (a kind this version does not know is refused).
  std::optional<StoredExperiment> load_experiment_row(const std::string& tag) const;

  std::optional<StoredRun> load(std::int64_t id) const;
  // Every run with this label, oldest first.
  std::vector<StoredRun> load_label(const std::string& label) const;
  // Every run of this experiment tag, oldest first.
  std::vector<StoredRun> load_experiment(const std::string& experiment) const;
  // Newest first; at most `limit` rows.
  std::vector<HistoryRow> history(std::size_t limit) const;
  // Every run id, oldest first.
  std::vector<std::int64_t> run_ids() const;

  // Stores a run read from another store (`push`, `pull`) with its origin, unless a run with
  // its uid is here already, in one transaction together with its experiment row when given
  // and absent. True when it was stored; pushing the same run twice stores it once.
  bool import_run(const StoredRun& run, const std::optional<StoredExperiment>& experiment);

  const std::string& path() const noexcept { return path_; }
  // True when the database is reached over a connection that can drop (PostgreSQL): a failed
  // save may succeed after opening the store again.
  bool connection_can_drop() const noexcept;

 private:
  // The origin of a run measured here: a new uid and this host.
  RunOrigin new_origin();
  std::optional<StoredExperiment> load_row(const std::string& tag) const;
  // Calls `function` with the backend, its errors named by the backend (StoreBackend).
  template <typename Function>
  auto with_backend(Function&& function) const;

  std::string path_;
  std::unique_ptr<StoreBackend> backend_;  // SQLite, PostgreSQL, or nothing stored yet
  std::optional<HostIdentity> host_;       // read on the first save
};

}  // namespace clonebench
