#pragma once
// The seam between Store (what commands call) and a database: SQLite (store/sqlite_backend.hpp),
// PostgreSQL (store/pg_store.hpp), or none yet (store/empty_backend.hpp). Store picks one when it
// opens (store/open_backend.hpp) and then forwards every call without asking which it is. The
// contract is Store's (store/store.hpp); tests/postgres/store_contract_test.cpp runs the same
// tests against both databases.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/run_record.hpp"
#include "store/stored_values.hpp"

namespace clonebench {

// Which runs select_runs() returns: those whose id, label or experiment tag is the value.
enum class RunKey { kId, kLabel, kExperiment };

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;

  // Called inside a catch block: rethrows the exception in flight as the store's error, naming
  // `location`: UsageError for a database that is not usable as it is (exit 2), RuntimeError
  // for a failure of the database or its server (exit 1). Other exceptions pass unchanged.
  [[noreturn]] virtual void rethrow_named(const std::string& location) const = 0;
  // True when the database is reached over a connection that can drop (a server restart, a
  // network cut), so that a failed call may succeed on a new one.
  virtual bool connection_can_drop() const noexcept { return false; }

  // Stores the run with this origin in one transaction; returns its id in this store.
  virtual std::int64_t save(const RunRecord& record, const nlohmann::json& environment,
                            const RunOrigin& origin) = 0;
  // Writes the experiment row in one transaction.
  virtual void insert_experiment(const StoredExperiment& experiment) = 0;
  // Throws when no experiment has this tag.
  virtual void finish_experiment(const std::string& tag, const nlohmann::json& summary,
                                 const std::string& status) = 0;
  // The experiment row and its runs in one transaction; returns the runs' ids in order.
  virtual std::vector<std::int64_t> save_experiment(const StoredExperiment& experiment,
                                                    const std::vector<RunRecord>& runs,
                                                    const nlohmann::json& environment,
                                                    const std::vector<RunOrigin>& origins) = 0;
  // Stores a run taken from another store, unless a run with its uid is here already; its
  // experiment row first when given and not here yet. One transaction. True if it was stored.
  virtual bool import_run(const StoredRun& run,
                          const std::optional<StoredExperiment>& experiment) = 0;

  virtual std::optional<StoredExperiment> select_experiment_by_tag(const std::string& tag) = 0;
  // The newest complete experiment of this kind.
  virtual std::optional<StoredExperiment> latest_complete_experiment(const std::string& kind) = 0;
  // Newest first (by creation time, then as written); at most `limit` rows.
  virtual std::vector<ListedExperimentRow> experiments(std::size_t limit) = 0;
  // Runs in id order whose `key` is `value`.
  virtual std::vector<StoredRun> select_runs(RunKey key, const std::string& value) = 0;
  // Newest first; at most `limit` rows.
  virtual std::vector<HistoryRow> history(std::size_t limit) = 0;
  // Every run id, oldest first.
  virtual std::vector<std::int64_t> run_ids() = 0;
};

}  // namespace clonebench
