#pragma once
// Every store operation, written once for both databases over a Session: the backend's
// connection in a uniform shape (store/sqlite_backend.hpp, store/pg_store.hpp). A Session has
//   const SqlDialect& dialect() const;
//   auto transaction();                      // RAII: commits on commit(), else rolls back
//   void run(const std::string& sql, const SqlValues& values);
//   void each_row(const std::string& sql, const SqlValues& values, F on_row);  // on_row(Row)
// with SQL in the session's dialect. Callers translate errors (StoreBackend::rethrow_named).

#include <fmt/core.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/text_safety.hpp"
#include "record/environment_json.hpp"
#include "record/profile_json.hpp"
#include "store/shared_queries.hpp"

namespace clonebench::sql_operations {

// The id of this exact environment document, inserting it if new. nlohmann::json keeps object
// keys sorted, so equal environments give equal text.
template <typename Session>
std::int64_t environment_id(Session& session, const nlohmann::json& environment) {
  const SqlDialect& dialect = session.dialect();
  const SqlValues text = {dump_json(environment)};
  const std::string key = document_key(dialect, "json");
  const std::string target = dialect.hashes_unique_documents ? "(" + key + ")" : key;
  session.run(in_dialect(dialect, fmt::format("INSERT INTO environment (json) VALUES ($1) ON "
                                              "CONFLICT ({}) DO NOTHING",
                                              target)),
              text);
  std::optional<std::int64_t> id;
  session.each_row(in_dialect(dialect, fmt::format("SELECT id FROM environment WHERE {} = {}", key,
                                                   document_key(dialect, "$1"))),
                   text, [&](const auto& row) { id = row.column_int64(0); });
  if (!id) {
    throw RuntimeError("environment row vanished");
  }
  return *id;
}

// Inserts the run with its latency and profile rows; std::nullopt when its uid is here. A
// concurrent transaction inserting the same uid makes this one wait for its outcome: then
// exactly one of them stores the run.
template <typename Session>
std::optional<std::int64_t> insert_run(Session& session, const RunRecord& record,
                                       std::int64_t environment_id, const RunOrigin& origin) {
  const SqlDialect& dialect = session.dialect();
  std::optional<std::int64_t> id;
  session.each_row(in_dialect(dialect, kInsertRunSql),
                   run_row_values(record, environment_id, origin),
                   [&](const auto& row) { id = row.column_int64(0); });
  if (!id) {
    return std::nullopt;
  }
  for (const LatencyPhase& phase : kLatencyPhases) {
    session.run(in_dialect(dialect, kInsertLatencySql),
                latency_row_values(*id, phase, record.result));
  }
  if (record.profile) {
    session.run(in_dialect(dialect, kInsertProfileSql),
                {*id, profile_to_json(*record.profile).dump()});
  }
  return id;
}

template <typename Session>
std::int64_t insert_new_run(Session& session, const RunRecord& record, std::int64_t environment_id,
                            const RunOrigin& origin) {
  const auto id = insert_run(session, record, environment_id, origin);
  if (!id) {
    throw RuntimeError(fmt::format("a run with uid {} is stored already", origin.uid));
  }
  return *id;
}

template <typename Session>
std::int64_t save(Session& session, const RunRecord& record, const nlohmann::json& environment,
                  const RunOrigin& origin) {
  auto transaction = session.transaction();
  const std::int64_t id =
      insert_new_run(session, record, environment_id(session, environment), origin);
  transaction.commit();
  return id;
}

template <typename Session>
void insert_experiment(Session& session, const StoredExperiment& experiment) {
  auto transaction = session.transaction();
  session.run(in_dialect(session.dialect(), kInsertExperimentSql),
              experiment_row_values(experiment));
  transaction.commit();
}

template <typename Session>
void finish_experiment(Session& session, const std::string& tag, const nlohmann::json& summary,
                       const std::string& status) {
  auto transaction = session.transaction();
  bool found = false;
  session.each_row(in_dialect(session.dialect(), kFinishExperimentSql),
                   {tag, dump_json(summary), status}, [&](const auto&) { found = true; });
  if (!found) {
    throw RuntimeError(fmt::format("no experiment {} to finish", tag));
  }
  transaction.commit();
}

template <typename Session>
std::vector<std::int64_t> save_experiment(Session& session, const StoredExperiment& experiment,
                                          const std::vector<RunRecord>& runs,
                                          const nlohmann::json& environment,
                                          const std::vector<RunOrigin>& origins) {
  auto transaction = session.transaction();
  session.run(in_dialect(session.dialect(), kInsertExperimentSql),
              experiment_row_values(experiment));
  const std::int64_t environment_row = environment_id(session, environment);
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    RunRecord record = runs[i];
    record.experiment = experiment.tag;
    ids.push_back(insert_new_run(session, record, environment_row, origins.at(i)));
  }
  transaction.commit();
  return ids;
}

template <typename Session>
bool import_run(Session& session, const StoredRun& run,
                const std::optional<StoredExperiment>& experiment) {
  auto transaction = session.transaction();
  if (experiment) {
    session.run(in_dialect(session.dialect(),
                           std::string(kInsertExperimentSql) + " ON CONFLICT (tag) DO NOTHING"),
                experiment_row_values(*experiment));
  }
  const bool stored =
      insert_run(session, run.record, environment_id(session, environment_to_json(run.environment)),
                 run.origin)
          .has_value();
  transaction.commit();
  return stored;
}

template <typename Session>
std::optional<StoredExperiment> select_experiment(Session& session, const std::string& sql,
                                                  const std::string& value) {
  std::optional<StoredExperiment> experiment;
  session.each_row(sql, {value}, [&](const auto& row) { experiment = experiment_from_row(row); });
  return experiment;
}

template <typename Session>
std::vector<ListedExperimentRow> experiments(Session& session, std::size_t limit) {
  std::vector<ListedExperimentRow> rows;
  session.each_row(
      experiments_sql(session.dialect()), {history_limit(limit)}, [&](const auto& row) {
        rows.push_back({experiment_from_row(row), unsigned_from_db(row.column_int64(6))});
      });
  return rows;
}

// Latency and profile rows are read after the run rows, so no two queries are open at once.
template <typename Session>
std::vector<StoredRun> select_runs(Session& session, RunKey key, const std::string& value) {
  const SqlDialect& dialect = session.dialect();
  SqlValue bound = value;
  if (key == RunKey::kId) {
    bound = static_cast<std::int64_t>(std::stoll(value));
  }
  std::vector<StoredRun> runs;
  session.each_row(runs_sql(dialect, key), {bound},
                   [&](const auto& row) { runs.push_back(run_from_row(row)); });
  for (StoredRun& stored : runs) {
    const SqlValues id = {stored.record.id};
    const std::string source = fmt::format("run {} latency", stored.record.id);
    session.each_row(in_dialect(dialect, kSelectLatencySql), id,
                     [&](const auto& row) { read_latency_row(row, stored.record.result, source); });
    session.each_row(in_dialect(dialect, kSelectProfileSql), id, [&](const auto& row) {
      stored.record.profile =
          profile_from_text(row.column_text(0), fmt::format("run {} profile", stored.record.id));
    });
  }
  return runs;
}

template <typename Session>
std::vector<HistoryRow> history(Session& session, std::size_t limit) {
  std::vector<HistoryRow> rows;
  session.each_row(in_dialect(session.dialect(), kHistorySql), {history_limit(limit)},
                   [&](const auto& row) { rows.push_back(history_row_from_row(row)); });
  // Environments are shared by many runs: each is read once.
  std::map<std::int64_t, HistoryRow> measured_on;
  for (HistoryRow& row : rows) {
    auto found = measured_on.find(row.environment_id);
    if (found == measured_on.end()) {
      HistoryRow facts;
      session.each_row(
          in_dialect(session.dialect(), kSelectEnvironmentSql), {row.environment_id},
          [&](const auto& environment) {
            try {
              add_measured_on(
                  facts, environment_from_json(nlohmann::json::parse(environment.column_text(0))));
            } catch (const nlohmann::json::exception&) {
              // Unreadable: listed as measured on its host; `show` names the error.
            }
          });
      found = measured_on.emplace(row.environment_id, std::move(facts)).first;
    }
    row.guest = found->second.guest;
    row.emulated = found->second.emulated;
    row.counted_in_instructions = found->second.counted_in_instructions;
  }
  return rows;
}

template <typename Session>
std::vector<std::int64_t> run_ids(Session& session) {
  std::vector<std::int64_t> ids;
  session.each_row(kSelectRunIdsSql, {},
                   [&](const auto& row) { ids.push_back(row.column_int64(0)); });
  return ids;
}

}  // namespace clonebench::sql_operations
