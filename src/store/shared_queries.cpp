#include "store/shared_queries.hpp"

#include <limits>

#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "record/profile_json.hpp"

namespace clonebench {

const char* const kInsertRunSql =
    "INSERT INTO run (label, started_at, experiment, tool_version, environment_id, stressor, "
    "instances, options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, max_rss_kb, "
    "failures_json, parent_json, intervals_json, uid, hostname, machine_hash, stress_ng_json, "
    "supervisor_reaped) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, "
    "$19, $20, $21) ON CONFLICT (uid) DO NOTHING RETURNING id";
const char* const kInsertLatencySql =
    "INSERT INTO latency (run_id, phase, count, sum_ns, min_ns, max_ns, buckets) "
    "VALUES ($1, $2, $3, $4, $5, $6, $7)";
const char* const kInsertProfileSql = "INSERT INTO profile (run_id, json) VALUES ($1, $2)";
const char* const kInsertExperimentSql =
    "INSERT INTO experiment (tag, kind, created_at, summary_json, status, owner) "
    "VALUES ($1, $2, $3, $4, $5, $6)";
const char* const kFinishExperimentSql =
    "UPDATE experiment SET summary_json = $2, status = $3 WHERE tag = $1 RETURNING tag";
const char* const kSelectLatencySql =
    "SELECT phase, sum_ns, min_ns, max_ns, buckets FROM latency WHERE run_id = $1";
const char* const kSelectProfileSql = "SELECT json FROM profile WHERE run_id = $1";
const char* const kSelectRunIdsSql = "SELECT id FROM run ORDER BY id";
const char* const kSelectEnvironmentSql = "SELECT json FROM environment WHERE id = $1";
const char* const kHistorySql =
    "SELECT run.id, run.label, run.started_at, coalesce(run.experiment, ''), run.stressor, "
    "run.instances, run.bogo_ops, run.real_time_s, run.usr_time_s, run.sys_time_s, "
    "coalesce(experiment.status, ''), run.hostname, coalesce(experiment.owner, ''), "
    "run.environment_id FROM run "
    "LEFT JOIN experiment ON experiment.tag = run.experiment ORDER BY run.id DESC LIMIT $1";

namespace {

std::int64_t signed_for_db(std::uint64_t value) {
  return static_cast<std::int64_t>(value);
}

constexpr const char* kExperimentSelect =
    "SELECT tag, kind, created_at, summary_json, status, owner FROM experiment ";

}  // namespace

void add_measured_on(HistoryRow& row, const Environment& environment) {
  if (!environment.guest) {
    return;  // measured on the host that stored it
  }
  row.guest = environment.hostname.value_or("guest");
  row.emulated = environment.virtualization && environment.virtualization->emulated.value_or(false);
  row.counted_in_instructions = measured_in_instructions(environment);
}

SqlValues run_row_values(const RunRecord& record, std::int64_t environment_id,
                         const RunOrigin& origin) {
  const RunResult& result = record.result;
  RunValues values = run_values(record);
  SqlValue experiment;  // NULL: not part of an experiment
  if (!record.experiment.empty()) {
    experiment = record.experiment;
  }
  return {record.label,
          record.started_at,
          std::move(experiment),
          std::string(CLONEBENCH_VERSION),
          environment_id,
          result.stressor,
          values.instances,
          std::move(values.options_json),
          values.bogo_ops,
          result.real_time_s,
          result.usr_time_s,
          result.sys_time_s,
          values.max_rss_kb,
          std::move(values.failures_json),
          std::move(values.parent_json),
          std::move(values.intervals_json),
          origin.uid,
          origin.hostname,
          origin.machine_hash,
          std::move(values.stress_ng_json),
          values.supervisor_reaped};
}

SqlValues latency_row_values(std::int64_t run_id, const LatencyPhase& phase,
                             const RunResult& result) {
  const LatencyHistogram& histogram = result.*phase.histogram;
  return {run_id,
          std::string(phase.name),
          signed_for_db(histogram.count()),
          signed_for_db(histogram.sum_ns()),
          signed_for_db(histogram.min_ns()),
          signed_for_db(histogram.max_ns()),
          encode_buckets(histogram)};
}

SqlValues experiment_row_values(const StoredExperiment& experiment) {
  return {experiment.tag,    experiment.kind, experiment.created_at, dump_json(experiment.summary),
          experiment.status, experiment.owner};
}

std::string experiment_by_tag_sql(const SqlDialect& dialect) {
  return in_dialect(dialect, std::string(kExperimentSelect) + "WHERE tag = $1 LIMIT 1");
}

std::string latest_experiment_sql(const SqlDialect& dialect) {
  return in_dialect(dialect, fmt::format("{}WHERE kind = $1 AND status = 'complete' ORDER BY "
                                         "created_at DESC, {} DESC LIMIT 1",
                                         kExperimentSelect, dialect.write_order));
}

std::string experiments_sql(const SqlDialect& dialect) {
  return in_dialect(dialect,
                    fmt::format("SELECT tag, kind, created_at, summary_json, status, owner, "
                                "(SELECT count(*) FROM run WHERE run.experiment = experiment.tag) "
                                "FROM experiment ORDER BY created_at DESC, {} DESC LIMIT $1",
                                dialect.write_order));
}

std::string runs_sql(const SqlDialect& dialect, RunKey key) {
  const char* column = "run.id";
  if (key == RunKey::kLabel) {
    column = "run.label";
  } else if (key == RunKey::kExperiment) {
    column = "run.experiment";
  }
  return in_dialect(dialect, fmt::format("{}WHERE {} = $1 ORDER BY run.id", kRunSelect, column));
}

std::int64_t history_limit(std::size_t limit) {
  const auto max = static_cast<std::size_t>(std::numeric_limits<std::int64_t>::max());
  return static_cast<std::int64_t>(std::min(limit, max));
}

std::optional<KernelProfile> profile_from_text(const std::string& text, const std::string& source) {
  nlohmann::json json;
  try {
    json = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("{}: {}", source, error.what()));
  }
  return profile_from_json(json, source);
}

}  // namespace clonebench
