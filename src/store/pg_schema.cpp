#include "store/pg_schema.hpp"

#include <fmt/core.h>

#include "store/schema.hpp"
#include "store/sql_dialect.hpp"

namespace clonebench {
namespace {

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
  if (version > latest_schema_version()) {
    throw UsageError(
        fmt::format("database {}: schema version {} is newer than this clonebench supports ({}); "
                    "use a newer clonebench",
                    location, version, latest_schema_version()));
  }
  return version;
}

void migrate_postgres(postgres::Connection& connection, const std::string& location,
                      std::int64_t target) {
  const auto latest = latest_schema_version();
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
    connection.exec_script(
        migration_sql(kPostgresDialect, schema_history()[static_cast<std::size_t>(step)]));
    connection.exec("INSERT INTO clonebench_schema (version) VALUES ($1)",
                    postgres::Params().add(step + 1));
    transaction.commit();
  }
}

}  // namespace clonebench
