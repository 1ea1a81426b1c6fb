#pragma once
// Rows of the run database and their mapping to RunRecord, Experiment and HistoryRow. Callers
// own the transaction; every function here throws sqlite::SqliteError or UsageError.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "store/sqlite.hpp"
#include "store/store.hpp"

namespace clonebench {

// The id of this exact environment JSON, inserting it if new.
std::int64_t store_environment(sqlite::Db& db, const nlohmann::json& environment);
// Inserts the run and its three latency histograms; returns the new run id.
std::int64_t insert_run(sqlite::Db& db, const RunRecord& record, std::int64_t environment_id,
                        const RunOrigin& origin);
// True when a run with this uid is stored (pushed or pulled before).
bool has_run_uid(sqlite::Db& db, const std::string& uid);
// Every run id, oldest first.
std::vector<std::int64_t> select_run_ids(sqlite::Db& db);
void insert_experiment(sqlite::Db& db, const Experiment& experiment);
// Throws sqlite::SqliteError when no experiment has this tag.
void update_experiment(sqlite::Db& db, const std::string& tag, const nlohmann::json& summary,
                       const std::string& status);

// `where` is appended to the SELECT and may use ?1; `bind` binds it.
using Binder = std::function<void(sqlite::Statement&)>;
std::vector<StoredRun> select_runs(sqlite::Db& db, const std::string& where, const Binder& bind);
std::optional<Experiment> select_experiment(sqlite::Db& db, const std::string& where,
                                            const std::string& value);
std::vector<HistoryRow> select_history(sqlite::Db& db, std::size_t limit);

}  // namespace clonebench
