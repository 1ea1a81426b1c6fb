#include "store/pg_schema.hpp"

#include <fmt/core.h>

#include <array>

#include "store/schema.hpp"

namespace clonebench {
namespace {

// Version 1 (store/schema.cpp says why each table is as it is). A unique index on a whole
// environment document would exceed PostgreSQL's index row size, so it is on its md5.
constexpr const char* kPostgresVersion1 = R"sql(
CREATE TABLE environment (
  id BIGSERIAL PRIMARY KEY,
  json TEXT NOT NULL
);
CREATE UNIQUE INDEX environment_json ON environment (md5(json));
CREATE TABLE experiment (
  tag TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  summary_json TEXT NOT NULL
);
CREATE TABLE run (
  id BIGSERIAL PRIMARY KEY,
  label TEXT NOT NULL,
  started_at TEXT NOT NULL,
  experiment TEXT REFERENCES experiment(tag),
  tool_version TEXT NOT NULL,
  environment_id BIGINT NOT NULL REFERENCES environment(id),
  stressor TEXT NOT NULL,
  instances BIGINT NOT NULL,
  options_json TEXT NOT NULL,
  bogo_ops BIGINT NOT NULL,
  real_time_s DOUBLE PRECISION NOT NULL,
  usr_time_s DOUBLE PRECISION NOT NULL,
  sys_time_s DOUBLE PRECISION NOT NULL,
  max_rss_kb BIGINT NOT NULL,
  failures_json TEXT NOT NULL,
  parent_json TEXT NOT NULL
);
CREATE INDEX run_label ON run(label);
CREATE INDEX run_experiment ON run(experiment);
CREATE TABLE latency (
  run_id BIGINT NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('create', 'start', 'reap')),
  count BIGINT NOT NULL,
  sum_ns BIGINT NOT NULL,
  min_ns BIGINT NOT NULL,
  max_ns BIGINT NOT NULL,
  buckets TEXT NOT NULL,
  PRIMARY KEY (run_id, phase)
);
)sql";

constexpr const char* kPostgresVersion2 = R"sql(
ALTER TABLE run ADD COLUMN intervals_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE experiment ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
CREATE TABLE profile (
  run_id BIGINT PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  json TEXT NOT NULL
);
)sql";

// Version 3: --workload stress-ng's own accounting and the children supervisors reaped.
constexpr const char* kPostgresVersion3 = R"sql(
ALTER TABLE run ADD COLUMN stress_ng_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE run ADD COLUMN supervisor_reaped BIGINT NOT NULL DEFAULT 0;
)sql";

// Version 4: where a run came from (store/host_identity.hpp).
constexpr const char* kPostgresVersion4 = R"sql(
ALTER TABLE run ADD COLUMN uid TEXT;
UPDATE run SET uid = md5(random()::text || clock_timestamp()::text || id::text);
ALTER TABLE run ALTER COLUMN uid SET NOT NULL;
CREATE UNIQUE INDEX run_uid ON run(uid);
ALTER TABLE run ADD COLUMN hostname TEXT NOT NULL DEFAULT '';
ALTER TABLE run ADD COLUMN machine_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX run_hostname ON run(hostname);
)sql";

constexpr std::array<const char*, 4> kMigrations = {kPostgresVersion1, kPostgresVersion2,
                                                    kPostgresVersion3, kPostgresVersion4};

// pg_advisory_xact_lock's key: "CLNB", the SQLite application_id.
constexpr std::int64_t kMigrationLock = kApplicationId;

}  // namespace

std::int64_t postgres_schema_version(postgres::Connection& connection,
                                     const std::string& location) {
  const postgres::Result marked =
      connection.exec("SELECT to_regclass('clonebench_schema') IS NOT NULL");
  if (marked.text(0, 0) != "t") {
    const postgres::Result tables = connection.exec(
        "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname = current_schema()");
    if (tables.int64(0, 0) != 0) {
      throw UsageError(fmt::format(
          "database {}: not a clonebench database (it has tables but no clonebench_schema)",
          location));
    }
    return 0;
  }
  const std::int64_t version =
      connection.exec("SELECT coalesce(max(version), 0) FROM clonebench_schema").int64(0, 0);
  if (version > static_cast<std::int64_t>(kMigrations.size())) {
    throw UsageError(
        fmt::format("database {}: schema version {} is newer than this clonebench supports ({}); "
                    "use a newer clonebench",
                    location, version, kMigrations.size()));
  }
  return version;
}

void migrate_postgres(postgres::Connection& connection, const std::string& location,
                      std::int64_t target) {
  const auto latest = static_cast<std::int64_t>(kMigrations.size());
  target = target < 0 ? latest : std::min(target, latest);
  for (std::int64_t step = 0; step < target; ++step) {
    postgres::Transaction transaction(connection);
    connection.exec("SELECT pg_advisory_xact_lock($1)", postgres::Params().add(kMigrationLock));
    // Only under the lock: a migration of another host in flight would otherwise show as
    // tables without clonebench_schema.
    const std::int64_t version = postgres_schema_version(connection, location);
    if (version >= target) {
      transaction.commit();
      return;
    }
    if (version > step) {
      continue;
    }
    connection.exec("CREATE TABLE IF NOT EXISTS clonebench_schema (version BIGINT PRIMARY KEY)");
    connection.exec_script(kMigrations[static_cast<std::size_t>(step)]);
    connection.exec("INSERT INTO clonebench_schema (version) VALUES ($1)",
                    postgres::Params().add(step + 1));
    transaction.commit();
  }
}

}  // namespace clonebench
