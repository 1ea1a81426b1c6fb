#pragma once
// The SQLite file's migration ladder: PRAGMA user_version is the schema version, and migration i
// of store/schema_description.hpp, in SQLite's DDL, takes it from i to i + 1.

#include <cstdint>
#include <string>
#include <vector>

#include "store/schema_description.hpp"
#include "store/sqlite.hpp"

namespace clonebench {

// PRAGMA application_id of a clonebench database ("CLNB"), so a foreign SQLite file is told apart.
inline constexpr std::int64_t kApplicationId = 0x434C4E42;

// The SQLite DDL of each migration, in order; the schema version is its size.
const std::vector<std::string>& schema_migrations();

// Throws UsageError naming `path` unless the file is empty or a clonebench database no newer
// than this build. Reads only, so a foreign file is never modified.
void check_schema_identity(sqlite::Db& db, const std::string& path);

// Brings the database to the latest version, each migration in its own transaction. Throws
// UsageError naming `path` for a foreign database (other application_id, or tables but no
// version) or one newer than this build.
void migrate_schema(sqlite::Db& db, const std::string& path);

}  // namespace clonebench
