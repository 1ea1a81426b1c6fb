#include "store/schema.hpp"

#include <fmt/core.h>

#include "store/sql_dialect.hpp"

namespace clonebench {
namespace {

[[noreturn]] void foreign(const std::string& path, const std::string& why) {
  throw UsageError(fmt::format("database {}: not a clonebench database ({})", path, why));
}

// One read transaction around several reads, so that they see one state of the file: another
// process's migration committing between two reads looked like a foreign file.
class ReadSnapshot {
 public:
  explicit ReadSnapshot(sqlite::Db& db) : db_(db) { db_.exec("BEGIN"); }
  ~ReadSnapshot() {
    try {
      db_.exec("COMMIT");
    } catch (const sqlite::SqliteError&) {
      // A read transaction has nothing to lose.
    }
  }
  ReadSnapshot(const ReadSnapshot&) = delete;
  ReadSnapshot& operator=(const ReadSnapshot&) = delete;

 private:
  sqlite::Db& db_;
};

}  // namespace

void check_schema_identity(sqlite::Db& db, const std::string& path) {
  const ReadSnapshot snapshot(db);
  const std::int64_t application_id = db.query_int("PRAGMA application_id");
  const std::int64_t version = db.query_int("PRAGMA user_version");
  if (application_id != 0 && application_id != kApplicationId) {
    foreign(path, fmt::format("application_id {:#x}", application_id));
  }
  if (application_id == 0 && version != 0) {
    foreign(path, fmt::format("user_version {} without clonebench's application_id", version));
  }
  if (version == 0 &&
      db.query_int("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'") != 0) {
    foreign(path, "it has tables but no clonebench schema version");
  }
  if (version < 0) {
    throw UsageError(fmt::format(
        "database {}: schema version {} is not one clonebench writes (the file was altered or "
        "damaged)",
        path, version));
  }
  if (version > latest_schema_version()) {
    throw UsageError(
        fmt::format("database {}: schema version {} is newer than this clonebench supports ({}); "
                    "use a newer clonebench",
                    path, version, latest_schema_version()));
  }
}

const std::vector<std::string>& schema_migrations() {
  static const std::vector<std::string> migrations = [] {
    std::vector<std::string> sql;
    for (const Migration& migration : schema_history()) {
      sql.push_back(migration_sql(kSqliteDialect, migration));
    }
    return sql;
  }();
  return migrations;
}

void migrate_schema(sqlite::Db& db, const std::string& path) {
  check_schema_identity(db, path);
  const auto& migrations = schema_migrations();
  for (std::size_t step = 0; step < migrations.size(); ++step) {
    const auto target = static_cast<std::int64_t>(step) + 1;
    if (db.query_int("PRAGMA user_version") >= target) {
      continue;
    }
    sqlite::Transaction transaction(db);
    // Another process may have migrated between our check and our write lock.
    if (db.query_int("PRAGMA user_version") >= target) {
      continue;
    }
    db.exec(migrations[step]);
    db.exec(fmt::format("PRAGMA application_id = {}; PRAGMA user_version = {};", kApplicationId,
                        target));
    transaction.commit();
  }
}

}  // namespace clonebench
