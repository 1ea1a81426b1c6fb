#pragma once
// The seam between Store (what commands call) and a database that is not the embedded SQLite
// file: Store forwards every call to a backend when its location is a URL. The contract is
// Store's (store/store.hpp); tests/postgres/store_contract_test.cpp runs the same tests against
// both.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

class StoreBackend {
 public:
  virtual ~StoreBackend() = default;

  // Stores the run with this origin in one transaction; returns its id in this store.
  virtual std::int64_t save(const RunRecord& record, const nlohmann::json& environment,
                            const RunOrigin& origin) = 0;
  virtual void insert_experiment(const Experiment& experiment) = 0;
  virtual void finish_experiment(const std::string& tag, const nlohmann::json& summary,
                                 const std::string& status) = 0;
  // The experiment row and its runs in one transaction; returns the runs' ids in order.
  virtual std::vector<std::int64_t> save_experiment(const Experiment& experiment,
                                                    const std::vector<RunRecord>& runs,
                                                    const nlohmann::json& environment,
                                                    const std::vector<RunOrigin>& origins) = 0;
  // Stores a run taken from another store, unless a run with its uid is here already; its
  // experiment row first when given and not here yet. One transaction. True if it was stored.
  virtual bool import_run(const StoredRun& run, const std::optional<Experiment>& experiment) = 0;

  virtual std::optional<Experiment> select_experiment_by_tag(const std::string& tag) = 0;
  virtual std::optional<Experiment> latest_complete_experiment(const std::string& kind) = 0;
  // Runs in id order matching `column` = value ("run.id", "run.label", "run.experiment").
  virtual std::vector<StoredRun> select_runs(const std::string& column,
                                             const std::string& value) = 0;
  virtual std::vector<HistoryRow> history(std::size_t limit) = 0;
  virtual std::vector<std::int64_t> run_ids() = 0;
};

}  // namespace clonebench
