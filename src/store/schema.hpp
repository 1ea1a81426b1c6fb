#pragma once
// The versioned schema of the run database: an ordered list of migrations, migration i taking
// PRAGMA user_version from i to i + 1. Never edit a released migration; append a new one.

#include <cstdint>
#include <string>
#include <vector>

#include "store/sqlite.hpp"

namespace clonebench {

// PRAGMA application_id of a clonebench database ("CLNB"), so a foreign SQLite file is told apart.
inline constexpr std::int64_t kApplicationId = 0x434C4E42;

// The SQL of each migration, in order; the schema version is its size.
const std::vector<std::string>& schema_migrations();
std::int64_t latest_schema_version();

// Throws UsageError naming `path` unless the file is empty or a clonebench database no newer
// than this build. Reads only, so a foreign file is never modified.
void check_schema_identity(sqlite::Db& db, const std::string& path);

// Brings the database to the latest version, each migration in its own transaction. Throws
// UsageError naming `path` for a foreign database (other application_id, or tables but no
// version) or one newer than this build.
void migrate_schema(sqlite::Db& db, const std::string& path);

}  // namespace clonebench
