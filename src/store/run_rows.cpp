#include "store/run_rows.hpp"

#include <fmt/core.h>

#include <limits>

#include "core/text_safety.hpp"
#include "record/metric_table.hpp"
#include "record/record_json.hpp"
#include "store/profile_rows.hpp"
#include "store/run_row_mapping.hpp"

namespace clonebench {
namespace {

std::int64_t to_db(std::uint64_t value) {
  return static_cast<std::int64_t>(value);
}

void insert_latency(sqlite::Db& db, std::int64_t run_id, const RunResult& result) {
  sqlite::Statement statement(
      db,
      "INSERT INTO latency (run_id, phase, count, sum_ns, min_ns, max_ns, buckets) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
  for (const LatencyPhase& phase : kLatencyPhases) {
    const LatencyHistogram& histogram = result.*phase.histogram;
    statement.reset();
    statement.bind(1, run_id)
        .bind(2, std::string_view(phase.name))
        .bind(3, to_db(histogram.count()))
        .bind(4, to_db(histogram.sum_ns()))
        .bind(5, to_db(histogram.min_ns()))
        .bind(6, to_db(histogram.max_ns()))
        .bind(7, encode_buckets(histogram));
    statement.run();
  }
}

void load_latency(sqlite::Db& db, std::int64_t run_id, RunResult& result) {
  sqlite::Statement statement(
      db, "SELECT phase, sum_ns, min_ns, max_ns, buckets FROM latency WHERE run_id = ?1");
  statement.bind(1, run_id);
  const std::string source = fmt::format("run {} latency", run_id);
  while (statement.step()) {
    const std::string phase = statement.column_text(0);
    for (const LatencyPhase& known : kLatencyPhases) {
      if (phase == known.name) {
        result.*known.histogram =
            LatencyHistogram::from_buckets(decode_buckets(statement.column_text(4), source),
                                           unsigned_from_db(statement.column_int64(1)),
                                           unsigned_from_db(statement.column_int64(2)),
                                           unsigned_from_db(statement.column_int64(3)));
      }
    }
  }
}

StoredRun read_run(const sqlite::Statement& row) {
  try {
    return run_from_row(row);
  } catch (const UsageError& error) {
    throw sqlite::SqliteError(error.what(), SQLITE_CORRUPT);
  }
}

}  // namespace

std::int64_t store_environment(sqlite::Db& db, const nlohmann::json& environment) {
  // nlohmann::json keeps object keys sorted, so equal environments give equal text.
  const std::string text = dump_json(environment);
  sqlite::Statement insert(db, "INSERT OR IGNORE INTO environment (json) VALUES (?1)");
  insert.bind(1, text).run();
  sqlite::Statement select(db, "SELECT id FROM environment WHERE json = ?1");
  select.bind(1, text);
  if (!select.step()) {
    throw sqlite::SqliteError("environment row vanished", SQLITE_INTERNAL);
  }
  return select.column_int64(0);
}

std::int64_t insert_run(sqlite::Db& db, const RunRecord& record, std::int64_t environment_id,
                        const RunOrigin& origin) {
  const RunResult& result = record.result;
  const RunValues values = run_values(record);
  sqlite::Statement statement(
      db,
      "INSERT INTO run (label, started_at, experiment, tool_version, environment_id, stressor, "
      "instances, options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, max_rss_kb, "
      "failures_json, parent_json, intervals_json, uid, hostname, machine_hash, stress_ng_json, "
      "supervisor_reaped) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
      "?19, ?20, ?21)");
  statement.bind(1, record.label)
      .bind(2, record.started_at)
      .bind_optional(3, record.experiment)
      .bind(4, std::string_view(CLONEBENCH_VERSION))
      .bind(5, environment_id)
      .bind(6, result.stressor)
      .bind(7, values.instances)
      .bind(8, values.options_json)
      .bind(9, values.bogo_ops)
      .bind(10, result.real_time_s)
      .bind(11, result.usr_time_s)
      .bind(12, result.sys_time_s)
      .bind(13, values.max_rss_kb)
      .bind(14, values.failures_json)
      .bind(15, values.parent_json)
      .bind(16, values.intervals_json)
      .bind(17, origin.uid)
      .bind(18, origin.hostname)
      .bind(19, origin.machine_hash)
      .bind(20, values.stress_ng_json)
      .bind(21, values.supervisor_reaped);
  statement.run();
  const std::int64_t id = db.last_insert_rowid();
  insert_latency(db, id, result);
  if (record.profile) {
    insert_profile(db, id, *record.profile);
  }
  return id;
}

bool has_run_uid(sqlite::Db& db, const std::string& uid) {
  sqlite::Statement statement(db, "SELECT 1 FROM run WHERE uid = ?1");
  statement.bind(1, uid);
  return statement.step();
}

std::vector<std::int64_t> select_run_ids(sqlite::Db& db) {
  sqlite::Statement statement(db, "SELECT id FROM run ORDER BY id");
  std::vector<std::int64_t> ids;
  while (statement.step()) {
    ids.push_back(statement.column_int64(0));
  }
  return ids;
}

void insert_experiment(sqlite::Db& db, const Experiment& experiment) {
  sqlite::Statement statement(
      db,
      "INSERT INTO experiment (tag, kind, created_at, summary_json, status) "
      "VALUES (?1, ?2, ?3, ?4, ?5)");
  statement.bind(1, experiment.tag)
      .bind(2, experiment.kind)
      .bind(3, experiment.created_at)
      .bind(4, dump_json(experiment.summary))
      .bind(5, experiment.status);
  statement.run();
}

void update_experiment(sqlite::Db& db, const std::string& tag, const nlohmann::json& summary,
                       const std::string& status) {
  sqlite::Statement statement(
      db, "UPDATE experiment SET summary_json = ?2, status = ?3 WHERE tag = ?1");
  statement.bind(1, tag).bind(2, dump_json(summary)).bind(3, status);
  statement.run();
  if (db.changes() != 1) {
    throw sqlite::SqliteError(fmt::format("no experiment {} to finish", tag), SQLITE_NOTFOUND);
  }
}

std::vector<StoredRun> select_runs(sqlite::Db& db, const std::string& where, const Binder& bind) {
  sqlite::Statement statement(db, std::string(kRunSelect) + where);
  bind(statement);
  std::vector<StoredRun> runs;
  while (statement.step()) {
    runs.push_back(read_run(statement));
  }
  for (StoredRun& run : runs) {
    try {
      load_latency(db, run.record.id, run.record.result);
      run.record.profile = load_profile(db, run.record.id);
    } catch (const UsageError& error) {
      throw sqlite::SqliteError(error.what(), SQLITE_CORRUPT);
    }
  }
  return runs;
}

std::optional<Experiment> select_experiment(sqlite::Db& db, const std::string& where,
                                            const std::string& value) {
  sqlite::Statement statement(
      db,
      "SELECT tag, kind, created_at, summary_json, status FROM experiment " + where + " LIMIT 1");
  statement.bind(1, value);
  if (!statement.step()) {
    return std::nullopt;
  }
  Experiment experiment;
  experiment.tag = statement.column_text(0);
  experiment.kind = statement.column_text(1);
  experiment.created_at = statement.column_text(2);
  experiment.status = statement.column_text(4);
  try {
    experiment.summary = nlohmann::json::parse(statement.column_text(3));
  } catch (const nlohmann::json::exception& error) {
    throw sqlite::SqliteError(fmt::format("experiment {}: {}", experiment.tag, error.what()),
                              SQLITE_CORRUPT);
  }
  return experiment;
}

std::vector<HistoryRow> select_history(sqlite::Db& db, std::size_t limit) {
  sqlite::Statement statement(
      db,
      "SELECT run.id, run.label, run.started_at, coalesce(run.experiment, ''), run.stressor, "
      "run.instances, run.bogo_ops, run.real_time_s, run.usr_time_s, run.sys_time_s, "
      "coalesce(experiment.status, ''), run.hostname FROM run "
      "LEFT JOIN experiment ON experiment.tag = run.experiment ORDER BY run.id DESC LIMIT ?1");
  const auto max = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  statement.bind(1, static_cast<std::int64_t>(std::min(limit, max)));
  std::vector<HistoryRow> rows;
  while (statement.step()) {
    HistoryRow row;
    row.id = statement.column_int64(0);
    row.label = statement.column_text(1);
    row.started_at = statement.column_text(2);
    row.experiment = statement.column_text(3);
    row.stressor = statement.column_text(4);
    row.experiment_status = statement.column_text(10);
    row.hostname = statement.column_text(11);
    row.instances = static_cast<std::uint32_t>(statement.column_int64(5));
    RunResult result;  // the rates are defined once, in RunResult
    result.instances = row.instances;
    result.bogo_ops = unsigned_from_db(statement.column_int64(6));
    result.real_time_s = statement.column_double(7);
    result.usr_time_s = statement.column_double(8);
    result.sys_time_s = statement.column_double(9);
    row.bogo_ops = result.bogo_ops;
    row.real_time_s = result.real_time_s;
    row.ops_per_sec_real = result.ops_per_sec_real();
    row.ops_per_sec_cpu = result.ops_per_sec_cpu();
    rows.push_back(row);
  }
  return rows;
}

}  // namespace clonebench
