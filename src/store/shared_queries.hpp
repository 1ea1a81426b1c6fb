#pragma once
// The queries both backends run, written once with PostgreSQL's placeholders ($1, ...; see
// in_dialect() of store/sql_dialect.hpp for SQLite's), the values they bind, and the mapping of
// the rows they return. A Row has column_text(i), column_int64(i) and column_double(i), as
// sqlite::Statement has; store/pg_store.cpp wraps a libpq result row so.

#include <fmt/core.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "core/error.hpp"
#include "record/metric_table.hpp"
#include "store/backend.hpp"
#include "store/run_row_mapping.hpp"
#include "store/sql_dialect.hpp"

namespace clonebench {

// A bound value: NULL, an integer, a double or text.
using SqlValue = std::variant<std::monostate, std::int64_t, double, std::string>;
using SqlValues = std::vector<SqlValue>;

// $1..$21: run_row_values(). INSERT ... RETURNING id, nothing when the uid is stored already.
extern const char* const kInsertRunSql;
// $1..$7: latency_row_values().
extern const char* const kInsertLatencySql;
// $1 run id, $2 the profile JSON.
extern const char* const kInsertProfileSql;
// $1..$6: experiment_row_values().
extern const char* const kInsertExperimentSql;
// $1 tag, $2 summary JSON, $3 status; RETURNING tag, so a missing experiment returns no row.
extern const char* const kFinishExperimentSql;
// $1 run id: phase, sum_ns, min_ns, max_ns, buckets (read_latency_row()).
extern const char* const kSelectLatencySql;
// $1 run id: json.
extern const char* const kSelectProfileSql;
extern const char* const kSelectRunIdsSql;
// $1 environment id: its JSON document.
extern const char* const kSelectEnvironmentSql;
// $1 limit: history_row_from_row().
extern const char* const kHistorySql;

SqlValues run_row_values(const RunRecord& record, std::int64_t environment_id,
                         const RunOrigin& origin);
SqlValues latency_row_values(std::int64_t run_id, const LatencyPhase& phase,
                             const RunResult& result);
SqlValues experiment_row_values(const StoredExperiment& experiment);

// The experiment with this tag, or the newest complete one of a kind ($1): experiment_from_row().
std::string experiment_by_tag_sql(const SqlDialect& dialect);
std::string latest_experiment_sql(const SqlDialect& dialect);
// Every experiment, newest first, at most $1: experiment_from_row() and its runs' count (column 6).
std::string experiments_sql(const SqlDialect& dialect);
// kRunSelect for the runs whose `key` is $1, in id order: run_from_row().
std::string runs_sql(const SqlDialect& dialect, RunKey key);

// The history limit as the databases take it (signed).
std::int64_t history_limit(std::size_t limit);

// Stored JSON that does not parse means the database was altered behind our back: UsageError.
template <typename Row>
StoredExperiment experiment_from_row(const Row& row) {
  StoredExperiment experiment;
  experiment.tag = row.column_text(0);
  experiment.kind = row.column_text(1);
  experiment.created_at = row.column_text(2);
  experiment.status = row.column_text(4);
  experiment.owner = row.column_text(5);
  try {
    experiment.summary = nlohmann::json::parse(row.column_text(3));
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("experiment {}: {}", experiment.tag, error.what()));
  }
  return experiment;
}

template <typename Row>
HistoryRow history_row_from_row(const Row& row) {
  HistoryRow history;
  history.id = row.column_int64(0);
  history.label = row.column_text(1);
  history.started_at = row.column_text(2);
  history.experiment = row.column_text(3);
  history.stressor = row.column_text(4);
  history.experiment_status = row.column_text(10);
  history.hostname = row.column_text(11);
  history.experiment_owner = row.column_text(12);
  history.environment_id = row.column_int64(13);
  history.instances = static_cast<std::uint32_t>(row.column_int64(5));
  RunResult rates;  // the rates are defined once, in RunResult
  rates.instances = history.instances;
  rates.bogo_ops = unsigned_from_db(row.column_int64(6));
  rates.real_time_s = row.column_double(7);
  rates.usr_time_s = row.column_double(8);
  rates.sys_time_s = row.column_double(9);
  history.bogo_ops = rates.bogo_ops;
  history.real_time_s = rates.real_time_s;
  history.ops_per_sec_real = rates.ops_per_sec_real();
  history.ops_per_sec_cpu = rates.ops_per_sec_cpu();
  return history;
}

// One row of kSelectLatencySql into its histogram of `result`; `source` names the run.
template <typename Row>
void read_latency_row(const Row& row, RunResult& result, const std::string& source) {
  for (const LatencyPhase& phase : kLatencyPhases) {
    if (row.column_text(0) == phase.name) {
      result.*phase.histogram = LatencyHistogram::from_buckets(
          decode_buckets(row.column_text(4), source), unsigned_from_db(row.column_int64(1)),
          unsigned_from_db(row.column_int64(2)), unsigned_from_db(row.column_int64(3)));
    }
  }
}

// The kernel profile stored as `text` for a run (source names it); UsageError when it does not
// parse.
std::optional<KernelProfile> profile_from_text(const std::string& text, const std::string& source);

}  // namespace clonebench
