#include "store/pg_store.hpp"

#include <fmt/core.h>

#include <limits>

#include "core/text_safety.hpp"
#include "record/metric_table.hpp"
#include "record/profile_json.hpp"
#include "store/pg_schema.hpp"
#include "store/run_row_mapping.hpp"
#include "store/schema.hpp"
#include "store/store_location.hpp"

namespace clonebench {
namespace {

// One row of a libpq result, shaped like sqlite::Statement for run_from_row().
struct PgRow {
  const postgres::Result& result;
  int row;
  std::string column_text(int column) const { return result.text(row, column); }
  std::int64_t column_int64(int column) const { return result.int64(row, column); }
  double column_double(int column) const { return result.real(row, column); }
};

std::int64_t signed_for_db(std::uint64_t value) {
  return static_cast<std::int64_t>(value);
}

Experiment experiment_from_row(const postgres::Result& result) {
  Experiment experiment;
  experiment.tag = result.text(0, 0);
  experiment.kind = result.text(0, 1);
  experiment.created_at = result.text(0, 2);
  experiment.status = result.text(0, 4);
  try {
    experiment.summary = nlohmann::json::parse(result.text(0, 3));
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("experiment {}: {}", experiment.tag, error.what()));
  }
  return experiment;
}

}  // namespace

PostgresBackend::PostgresBackend(const std::string& url, bool read_only) : connection_(url) {
  const std::string location = redacted_location(url);
  if (!read_only) {
    migrate_postgres(connection_, location);
    return;
  }
  const std::int64_t version = postgres_schema_version(connection_, location);
  empty_ = version == 0;
  if (version != 0 && version < latest_schema_version()) {
    throw UsageError(fmt::format(
        "database {}: schema version {} is older than this clonebench's ({}); run a command "
        "that stores runs once to upgrade it",
        location, version, latest_schema_version()));
  }
}

std::int64_t PostgresBackend::environment_id(const nlohmann::json& environment) {
  const std::string text = dump_json(environment);
  const postgres::Params params = postgres::Params().add(text);
  connection_.exec(
      "INSERT INTO environment (json) VALUES ($1) ON CONFLICT ((md5(json))) DO NOTHING", params);
  const postgres::Result found =
      connection_.exec("SELECT id FROM environment WHERE md5(json) = md5($1)", params);
  if (found.rows() != 1) {
    throw postgres::PgError("environment row vanished", "");
  }
  return found.int64(0, 0);
}

std::optional<std::int64_t> PostgresBackend::insert_run(const RunRecord& record,
                                                        std::int64_t environment_id,
                                                        const RunOrigin& origin) {
  const RunResult& result = record.result;
  const RunValues values = run_values(record);
  postgres::Params params;
  params.add(record.label)
      .add(record.started_at)
      .add_optional(record.experiment)
      .add(std::string_view(CLONEBENCH_VERSION))
      .add(environment_id)
      .add(result.stressor)
      .add(values.instances)
      .add(values.options_json)
      .add(values.bogo_ops)
      .add(result.real_time_s)
      .add(result.usr_time_s)
      .add(result.sys_time_s)
      .add(values.max_rss_kb)
      .add(values.failures_json)
      .add(values.parent_json)
      .add(values.intervals_json)
      .add(origin.uid)
      .add(origin.hostname)
      .add(origin.machine_hash)
      .add(values.stress_ng_json)
      .add(values.supervisor_reaped);
  // A concurrent transaction inserting the same uid makes this one wait for its outcome: then
  // exactly one of them stores the run.
  const postgres::Result inserted = connection_.exec(
      "INSERT INTO run (label, started_at, experiment, tool_version, environment_id, stressor, "
      "instances, options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, max_rss_kb, "
      "failures_json, parent_json, intervals_json, uid, hostname, machine_hash, stress_ng_json, "
      "supervisor_reaped) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
      "$19, $20, $21) ON CONFLICT (uid) DO NOTHING RETURNING id",
      params);
  if (inserted.rows() == 0) {
    return std::nullopt;
  }
  const std::int64_t id = inserted.int64(0, 0);
  for (const LatencyPhase& phase : kLatencyPhases) {
    const LatencyHistogram& histogram = result.*phase.histogram;
    connection_.exec(
        "INSERT INTO latency (run_id, phase, count, sum_ns, min_ns, max_ns, buckets) "
        "VALUES ($1, $2, $3, $4, $5, $6, $7)",
        postgres::Params()
            .add(id)
            .add(std::string_view(phase.name))
            .add(signed_for_db(histogram.count()))
            .add(signed_for_db(histogram.sum_ns()))
            .add(signed_for_db(histogram.min_ns()))
            .add(signed_for_db(histogram.max_ns()))
            .add(encode_buckets(histogram)));
  }
  if (record.profile) {
    connection_.exec("INSERT INTO profile (run_id, json) VALUES ($1, $2)",
                     postgres::Params().add(id).add(profile_to_json(*record.profile).dump()));
  }
  return id;
}

std::int64_t PostgresBackend::save(const RunRecord& record, const nlohmann::json& environment,
                                   const RunOrigin& origin) {
  postgres::Transaction transaction(connection_);
  const auto id = insert_run(record, environment_id(environment), origin);
  if (!id) {
    throw postgres::PgError(fmt::format("a run with uid {} is stored already", origin.uid), "");
  }
  transaction.commit();
  return *id;
}

void PostgresBackend::insert_experiment_row(const Experiment& experiment, bool if_absent) {
  connection_.exec(
      std::string("INSERT INTO experiment (tag, kind, created_at, summary_json, status) "
                  "VALUES ($1, $2, $3, $4, $5)") +
          (if_absent ? " ON CONFLICT (tag) DO NOTHING" : ""),
      postgres::Params()
          .add(experiment.tag)
          .add(experiment.kind)
          .add(experiment.created_at)
          .add(dump_json(experiment.summary))
          .add(experiment.status));
}

void PostgresBackend::insert_experiment(const Experiment& experiment) {
  postgres::Transaction transaction(connection_);
  insert_experiment_row(experiment, false);
  transaction.commit();
}

void PostgresBackend::finish_experiment(const std::string& tag, const nlohmann::json& summary,
                                        const std::string& status) {
  postgres::Transaction transaction(connection_);
  const postgres::Result updated = connection_.exec(
      "UPDATE experiment SET summary_json = $2, status = $3 WHERE tag = $1 RETURNING tag",
      postgres::Params().add(tag).add(dump_json(summary)).add(status));
  if (updated.rows() != 1) {
    throw postgres::PgError(fmt::format("no experiment {} to finish", tag), "");
  }
  transaction.commit();
}

std::vector<std::int64_t> PostgresBackend::save_experiment(const Experiment& experiment,
                                                           const std::vector<RunRecord>& runs,
                                                           const nlohmann::json& environment,
                                                           const std::vector<RunOrigin>& origins) {
  postgres::Transaction transaction(connection_);
  insert_experiment_row(experiment, false);
  const std::int64_t environment_row = environment_id(environment);
  std::vector<std::int64_t> ids;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    RunRecord record = runs[i];
    record.experiment = experiment.tag;
    const auto id = insert_run(record, environment_row, origins.at(i));
    if (!id) {
      throw postgres::PgError(fmt::format("a run with uid {} is stored already", origins[i].uid),
                              "");
    }
    ids.push_back(*id);
  }
  transaction.commit();
  return ids;
}

bool PostgresBackend::import_run(const StoredRun& run,
                                 const std::optional<Experiment>& experiment) {
  postgres::Transaction transaction(connection_);
  if (experiment) {
    insert_experiment_row(*experiment, true);
  }
  const bool stored =
      insert_run(run.record, environment_id(run.environment), run.origin).has_value();
  transaction.commit();
  return stored;
}

std::optional<Experiment> PostgresBackend::select_experiment(const std::string& where,
                                                             const std::string& value) {
  const postgres::Result result = connection_.exec(
      "SELECT tag, kind, created_at, summary_json, status FROM experiment " + where + " LIMIT 1",
      postgres::Params().add(value));
  if (result.rows() == 0) {
    return std::nullopt;
  }
  return experiment_from_row(result);
}

std::optional<Experiment> PostgresBackend::select_experiment_by_tag(const std::string& tag) {
  return select_experiment("WHERE tag = $1", tag);
}

std::optional<Experiment> PostgresBackend::latest_complete_experiment(const std::string& kind) {
  // ctid stands in for SQLite's rowid as the tie-break: the row written last.
  return select_experiment(
      "WHERE kind = $1 AND status = 'complete' ORDER BY created_at DESC, ctid DESC", kind);
}

void PostgresBackend::load_details(StoredRun& run) {
  RunResult& result = run.record.result;
  const postgres::Params id = postgres::Params().add(run.record.id);
  const postgres::Result latency = connection_.exec(
      "SELECT phase, sum_ns, min_ns, max_ns, buckets FROM latency WHERE run_id = $1", id);
  const std::string source = fmt::format("run {} latency", run.record.id);
  for (int row = 0; row < latency.rows(); ++row) {
    for (const LatencyPhase& phase : kLatencyPhases) {
      if (latency.text(row, 0) == phase.name) {
        result.*phase.histogram = LatencyHistogram::from_buckets(
            decode_buckets(latency.text(row, 4), source), unsigned_from_db(latency.int64(row, 1)),
            unsigned_from_db(latency.int64(row, 2)), unsigned_from_db(latency.int64(row, 3)));
      }
    }
  }
  const postgres::Result profile =
      connection_.exec("SELECT json FROM profile WHERE run_id = $1", id);
  if (profile.rows() == 1) {
    const std::string profile_source = fmt::format("run {} profile", run.record.id);
    try {
      run.record.profile =
          profile_from_json(nlohmann::json::parse(profile.text(0, 0)), profile_source);
    } catch (const nlohmann::json::exception& error) {
      throw UsageError(fmt::format("{}: {}", profile_source, error.what()));
    }
  }
}

std::vector<StoredRun> PostgresBackend::select_runs(const std::string& column,
                                                    const std::string& value) {
  const postgres::Result result =
      connection_.exec(fmt::format("{} WHERE {} = $1 ORDER BY run.id", kRunSelect, column),
                       postgres::Params().add(value));
  std::vector<StoredRun> runs;
  for (int row = 0; row < result.rows(); ++row) {
    runs.push_back(run_from_row(PgRow{result, row}));
  }
  for (StoredRun& run : runs) {
    load_details(run);
  }
  return runs;
}

std::vector<HistoryRow> PostgresBackend::history(std::size_t limit) {
  const auto max = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  const postgres::Result result = connection_.exec(
      "SELECT run.id, run.label, run.started_at, coalesce(run.experiment, ''), run.stressor, "
      "run.instances, run.bogo_ops, run.real_time_s, run.usr_time_s, run.sys_time_s, "
      "coalesce(experiment.status, ''), run.hostname FROM run "
      "LEFT JOIN experiment ON experiment.tag = run.experiment ORDER BY run.id DESC LIMIT $1",
      postgres::Params().add(static_cast<std::int64_t>(std::min(limit, max))));
  std::vector<HistoryRow> rows;
  for (int i = 0; i < result.rows(); ++i) {
    HistoryRow row;
    row.id = result.int64(i, 0);
    row.label = result.text(i, 1);
    row.started_at = result.text(i, 2);
    row.experiment = result.text(i, 3);
    row.stressor = result.text(i, 4);
    row.experiment_status = result.text(i, 10);
    row.hostname = result.text(i, 11);
    row.instances = static_cast<std::uint32_t>(result.int64(i, 5));
    RunResult rates;  // the rates are defined once, in RunResult
    rates.instances = row.instances;
    rates.bogo_ops = unsigned_from_db(result.int64(i, 6));
    rates.real_time_s = result.real(i, 7);
    rates.usr_time_s = result.real(i, 8);
    rates.sys_time_s = result.real(i, 9);
    row.bogo_ops = rates.bogo_ops;
    row.real_time_s = rates.real_time_s;
    row.ops_per_sec_real = rates.ops_per_sec_real();
    row.ops_per_sec_cpu = rates.ops_per_sec_cpu();
    rows.push_back(row);
  }
  return rows;
}

std::vector<std::int64_t> PostgresBackend::run_ids() {
  const postgres::Result result = connection_.exec("SELECT id FROM run ORDER BY id");
  std::vector<std::int64_t> ids;
  for (int row = 0; row < result.rows(); ++row) {
    ids.push_back(result.int64(row, 0));
  }
  return ids;
}

}  // namespace clonebench
