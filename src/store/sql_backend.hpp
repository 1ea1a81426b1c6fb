#pragma once
// A StoreBackend over any Session of store/sql_operations.hpp: what the SQLite and PostgreSQL
// backends have in common, which is everything but opening and the wording of their errors.

#include <utility>

#include "store/backend.hpp"
#include "store/sql_operations.hpp"

namespace clonebench {

template <typename Session>
class SqlBackend : public StoreBackend {
 public:
  explicit SqlBackend(Session session) : session_(std::move(session)) {}

  std::int64_t save(const RunRecord& record, const nlohmann::json& environment,
                    const RunOrigin& origin) override {
    return sql_operations::save(session_, record, environment, origin);
  }
  void insert_experiment(const StoredExperiment& experiment) override {
    sql_operations::insert_experiment(session_, experiment);
  }
  void finish_experiment(const std::string& tag, const nlohmann::json& summary,
                         const std::string& status) override {
    sql_operations::finish_experiment(session_, tag, summary, status);
  }
  std::vector<std::int64_t> save_experiment(const StoredExperiment& experiment,
                                            const std::vector<RunRecord>& runs,
                                            const nlohmann::json& environment,
                                            const std::vector<RunOrigin>& origins) override {
    return sql_operations::save_experiment(session_, experiment, runs, environment, origins);
  }
  bool import_run(const StoredRun& run,
                  const std::optional<StoredExperiment>& experiment) override {
    return sql_operations::import_run(session_, run, experiment);
  }
  std::optional<StoredExperiment> select_experiment_by_tag(const std::string& tag) override {
    return sql_operations::select_experiment(session_, experiment_by_tag_sql(session_.dialect()),
                                             tag);
  }
  std::optional<StoredExperiment> latest_complete_experiment(const std::string& kind) override {
    return sql_operations::select_experiment(session_, latest_experiment_sql(session_.dialect()),
                                             kind);
  }
  std::vector<ListedExperimentRow> experiments(std::size_t limit) override {
    return sql_operations::experiments(session_, limit);
  }
  std::vector<StoredRun> select_runs(RunKey key, const std::string& value) override {
    return sql_operations::select_runs(session_, key, value);
  }
  std::vector<HistoryRow> history(std::size_t limit) override {
    return sql_operations::history(session_, limit);
  }
  std::vector<std::int64_t> run_ids() override { return sql_operations::run_ids(session_); }

 protected:
  Session session_;
};

}  // namespace clonebench
