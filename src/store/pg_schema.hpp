#pragma once
// The PostgreSQL database's migration ladder: the migrations of store/schema_description.hpp in
// PostgreSQL's DDL, so the same tables, columns and version numbers as a SQLite file. The version
// lives in the table clonebench_schema, which also marks a database as clonebench's.

#include <cstdint>
#include <string>

#include "store/postgres.hpp"

namespace clonebench {

// Brings the database to version `target` (the latest by default), each migration in its own
// transaction under an advisory lock, so that hosts migrating at once take turns. Throws
// UsageError naming `location` for a database with tables but no clonebench_schema, or one
// newer than this build.
void migrate_postgres(postgres::Connection& connection, const std::string& location,
                      std::int64_t target = -1);

// The schema version (0 for an empty database); throws UsageError as migrate_postgres does.
std::int64_t postgres_schema_version(postgres::Connection& connection, const std::string& location);

}  // namespace clonebench
