#pragma once
// The store opened for reading where nothing was ever stored (a SQLite file that does not exist
// or is empty, a PostgreSQL database without clonebench's tables): every query finds nothing,
// and nothing is created to find it.

#include <string>

#include "core/error.hpp"
#include "store/backend.hpp"

namespace clonebench {

class EmptyBackend : public StoreBackend {
 public:
  [[noreturn]] void rethrow_named(const std::string& /*location*/) const override { throw; }

  std::int64_t save(const RunRecord& /*record*/, const nlohmann::json& /*environment*/,
                    const RunOrigin& /*origin*/) override {
    read_only();
  }
  void insert_experiment(const StoredExperiment& /*experiment*/) override { read_only(); }
  void finish_experiment(const std::string& /*tag*/, const nlohmann::json& /*summary*/,
                         const std::string& /*status*/) override {
    read_only();
  }
  std::vector<std::int64_t> save_experiment(const StoredExperiment& /*experiment*/,
                                            const std::vector<RunRecord>& /*runs*/,
                                            const nlohmann::json& /*environment*/,
                                            const std::vector<RunOrigin>& /*origins*/) override {
    read_only();
  }
  bool import_run(const StoredRun& /*run*/,
                  const std::optional<StoredExperiment>& /*experiment*/) override {
    read_only();
  }

  std::optional<StoredExperiment> select_experiment_by_tag(const std::string& /*tag*/) override {
    return std::nullopt;
  }
  std::optional<StoredExperiment> latest_complete_experiment(const std::string& /*kind*/) override {
    return std::nullopt;
  }
  std::vector<ListedExperimentRow> experiments(std::size_t /*limit*/) override { return {}; }
  std::vector<StoredRun> select_runs(RunKey /*key*/, const std::string& /*value*/) override {
    return {};
  }
  std::vector<HistoryRow> history(std::size_t /*limit*/) override { return {}; }
  std::vector<std::int64_t> run_ids() override { return {}; }

 private:
  // A store opened with Store::Access::kReadOnly is never written (a programming error).
  [[noreturn]] static void read_only() {
    throw RuntimeError("the database was opened for reading only");
  }
};

}  // namespace clonebench
