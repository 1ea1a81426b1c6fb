#pragma once
// One run row, the same for every backend: the column values written for a RunRecord, and the
// StoredRun read back from a row of kRunSelect. SQLite's and PostgreSQL's rows differ only in
// how a column is fetched, so reading is a template over the row type.

#include <fmt/core.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "core/error.hpp"
#include "record/record_json.hpp"
#include "record/run_options_json.hpp"
#include "store/store.hpp"

namespace clonebench {

// The run columns in the order run_from_row() reads them; append a WHERE/ORDER BY clause.
// Both backends name tables and columns alike (store/schema.cpp, store/pg_schema.cpp).
inline constexpr const char* kRunSelect =
    "SELECT run.id, run.label, run.started_at, coalesce(run.experiment, ''), run.stressor, "
    "run.instances, run.options_json, run.bogo_ops, run.real_time_s, run.usr_time_s, "
    "run.sys_time_s, run.max_rss_kb, run.failures_json, run.parent_json, environment.json, "
    "run.intervals_json, run.uid, run.hostname, run.machine_hash, run.stress_ng_json, "
    "run.supervisor_reaped "
    "FROM run JOIN environment ON environment.id = run.environment_id ";

// What insert statements write for a run, computed once.
struct RunValues {
  std::string options_json, failures_json, parent_json, intervals_json;
  std::string stress_ng_json;  // '{}' for a clean run
  std::int64_t supervisor_reaped = 0;
  // Integers are signed 64-bit in both databases; unsigned counters are stored by their bit
  // pattern, which restores them exactly (no realistic counter reaches 2^63 anyway).
  std::int64_t instances = 0, bogo_ops = 0, max_rss_kb = 0;
};
RunValues run_values(const RunRecord& record);

inline std::uint64_t unsigned_from_db(std::int64_t value) {
  return static_cast<std::uint64_t>(value);
}

// The instance count of a row: what does not fit the count (written by something else than
// clonebench) would be cut to another number.
inline std::uint32_t instances_from_db(std::int64_t value, const std::string& source) {
  if (value < 0 || value > static_cast<std::int64_t>(UINT32_MAX)) {
    throw UsageError(fmt::format("{}: instances {} is not a count of instances", source, value));
  }
  return static_cast<std::uint32_t>(value);
}

// Reads one row of kRunSelect (latency and profile are separate tables). `Row` has
// column_text(i), column_int64(i) and column_double(i). Stored JSON that does not parse, or an
// instance count out of range, means the database was altered behind our back: throws
// UsageError naming the run.
template <typename Row>
StoredRun run_from_row(const Row& row) {
  StoredRun stored;
  RunRecord& record = stored.record;
  RunResult& result = record.result;
  record.id = row.column_int64(0);
  const std::string source = fmt::format("run {}", record.id);
  try {
    record.label = row.column_text(1);
    record.started_at = row.column_text(2);
    record.experiment = row.column_text(3);
    result.stressor = row.column_text(4);
    result.instances = instances_from_db(row.column_int64(5), source);
    result.options = nlohmann::json::parse(row.column_text(6));
    result.bogo_ops = unsigned_from_db(row.column_int64(7));
    result.real_time_s = row.column_double(8);
    result.usr_time_s = row.column_double(9);
    result.sys_time_s = row.column_double(10);
    result.max_rss_kb = unsigned_from_db(row.column_int64(11));
    result.failures = failures_from_json(nlohmann::json::parse(row.column_text(12)), source);
    result.parent = parent_from_json(nlohmann::json::parse(row.column_text(13)), source);
    stored.environment = nlohmann::json::parse(row.column_text(14));
    result.intervals = intervals_from_json(nlohmann::json::parse(row.column_text(15)), source);
    const nlohmann::json stress_ng = nlohmann::json::parse(row.column_text(19));
    if (!stress_ng.empty()) {
      result.stress_ng = stress_ng_from_json(stress_ng, source);
    }
    result.supervisor_reaped = unsigned_from_db(row.column_int64(20));
    result.workload = workload_of_options(result.options);
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("{}: {}", source, error.what()));
  }
  stored.origin.uid = row.column_text(16);
  stored.origin.hostname = row.column_text(17);
  stored.origin.machine_hash = row.column_text(18);
  return stored;
}

}  // namespace clonebench
