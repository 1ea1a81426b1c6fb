#include "store/schema.hpp"

#include <fmt/core.h>

namespace clonebench {
namespace {

// Version 1. Raw latency buckets are kept (not only percentiles) so that a better summary
// statistic can be recomputed for old runs; environments are deduplicated by their exact JSON.
constexpr const char* kSqliteVersion1 = R"sql(
CREATE TABLE environment (
  id INTEGER PRIMARY KEY,
  json TEXT NOT NULL UNIQUE
);
CREATE TABLE experiment (
  tag TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  created_at TEXT NOT NULL,
  summary_json TEXT NOT NULL
);
CREATE TABLE run (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  label TEXT NOT NULL,
  started_at TEXT NOT NULL,
  experiment TEXT REFERENCES experiment(tag),
  tool_version TEXT NOT NULL,
  environment_id INTEGER NOT NULL REFERENCES environment(id),
  stressor TEXT NOT NULL,
  instances INTEGER NOT NULL,
  options_json TEXT NOT NULL,
  bogo_ops INTEGER NOT NULL,
  real_time_s REAL NOT NULL,
  usr_time_s REAL NOT NULL,
  sys_time_s REAL NOT NULL,
  max_rss_kb INTEGER NOT NULL,
  failures_json TEXT NOT NULL,
  parent_json TEXT NOT NULL
);
CREATE INDEX run_label ON run(label);
CREATE INDEX run_experiment ON run(experiment);
CREATE TABLE latency (
  run_id INTEGER NOT NULL REFERENCES run(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('create', 'start', 'reap')),
  count INTEGER NOT NULL,
  sum_ns INTEGER NOT NULL,
  min_ns INTEGER NOT NULL,
  max_ns INTEGER NOT NULL,
  buckets TEXT NOT NULL,
  PRIMARY KEY (run_id, phase)
) WITHOUT ROWID;
)sql";

// Version 2. Throughput over time per run, and the state of an experiment: its runs are stored
// as they end, so an interrupted one keeps them and says it did not finish. The kernel profile
// of a run sampled with --profile, one row per profiled run; a run without a row was not
// sampled. The JSON is record/profile_json.hpp's.
constexpr const char* kSqliteVersion2 = R"sql(
ALTER TABLE run ADD COLUMN intervals_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE experiment ADD COLUMN status TEXT NOT NULL DEFAULT 'complete';
CREATE TABLE profile (
  run_id INTEGER PRIMARY KEY REFERENCES run(id) ON DELETE CASCADE,
  json TEXT NOT NULL
);
)sql";

// Version 3. --workload stress-ng: stress-ng's own accounting of the run beside clonebench's
// ('{}' for clean runs), and how many children the supervisors reaped (zombies left by stress-ng's
// reaping, CLONE_PARENT children, orphans).
constexpr const char* kSqliteVersion3 = R"sql(
ALTER TABLE run ADD COLUMN stress_ng_json TEXT NOT NULL DEFAULT '{}';
ALTER TABLE run ADD COLUMN supervisor_reaped INTEGER NOT NULL DEFAULT 0;
)sql";

// Version 4. Where a run came from:
// a random id that stays with the run across stores (so pushing twice stores once), and the
// host that measured it (store/host_identity.hpp). Runs stored before get a fresh id and an
// empty host: which machine measured them was not recorded.
constexpr const char* kSqliteVersion4 = R"sql(
ALTER TABLE run ADD COLUMN uid TEXT;
UPDATE run SET uid = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX run_uid ON run(uid);
ALTER TABLE run ADD COLUMN hostname TEXT NOT NULL DEFAULT '';
ALTER TABLE run ADD COLUMN machine_hash TEXT NOT NULL DEFAULT '';
CREATE INDEX run_hostname ON run(hostname);
)sql";

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
  static const std::vector<std::string> migrations = {kSqliteVersion1, kSqliteVersion2,
                                                      kSqliteVersion3, kSqliteVersion4};
  return migrations;
}

std::int64_t latest_schema_version() {
  return static_cast<std::int64_t>(schema_migrations().size());
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
