#pragma once
// The run database in PostgreSQL (libpq): the StoreBackend behind `--db postgresql://...`.
// Many hosts may write at once: each run is one transaction, and a run pushed twice (by one
// host or two at the same moment) is stored once, by its uid.

#include <memory>
#include <string>

#include "store/backend.hpp"
#include "store/postgres.hpp"

namespace clonebench {

class PostgresBackend : public StoreBackend {
 public:
  // Connects and migrates the schema; `read_only` never writes: it checks that the schema is
  // the latest or absent (empty()). `url` may hold a password; it is used only to connect.
  PostgresBackend(const std::string& url, bool read_only);
  // True for a read-only open of a database without clonebench's tables: no runs.
  bool empty() const noexcept { return empty_; }

  std::int64_t save(const RunRecord& record, const nlohmann::json& environment,
                    const RunOrigin& origin) override;
  void insert_experiment(const Experiment& experiment) override;
  void finish_experiment(const std::string& tag, const nlohmann::json& summary,
                         const std::string& status) override;
  std::vector<std::int64_t> save_experiment(const Experiment& experiment,
                                            const std::vector<RunRecord>& runs,
                                            const nlohmann::json& environment,
                                            const std::vector<RunOrigin>& origins) override;
  bool import_run(const StoredRun& run, const std::optional<Experiment>& experiment) override;
  std::optional<Experiment> select_experiment_by_tag(const std::string& tag) override;
  std::optional<Experiment> latest_complete_experiment(const std::string& kind) override;
  std::vector<StoredRun> select_runs(const std::string& column, const std::string& value) override;
  std::vector<HistoryRow> history(std::size_t limit) override;
  std::vector<std::int64_t> run_ids() override;

 private:
  std::int64_t environment_id(const nlohmann::json& environment);
  // Inserts the run with its latency and profile rows; std::nullopt when its uid is here.
  std::optional<std::int64_t> insert_run(const RunRecord& record, std::int64_t environment_id,
                                         const RunOrigin& origin);
  void insert_experiment_row(const Experiment& experiment, bool if_absent);
  std::optional<Experiment> select_experiment(const std::string& where, const std::string& value);
  void load_details(StoredRun& run);

  postgres::Connection connection_;
  bool empty_ = false;
};

}  // namespace clonebench
