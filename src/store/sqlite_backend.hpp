#pragma once
// The run database in one SQLite file: the StoreBackend behind `--db FILE`. Writers on one host
// take turns by SQLite's lock; each run is one transaction (WAL, synchronous FULL), so a run is
// complete or absent and a crash leaves every earlier run intact.

#include <memory>
#include <string>
#include <utility>

#include "store/backend.hpp"
#include "store/open_lock.hpp"
#include "store/sql_backend.hpp"
#include "store/sqlite.hpp"

namespace clonebench {

// How long a writer waits for another that holds the database.
inline constexpr int kBusyTimeoutMs = 10'000;

// An open SQLite file and, while it is being created and migrated, the lock that serializes
// that across processes (store/open_lock.hpp).
struct SqliteFile {
  SqliteFile(const std::string& path, sqlite::OpenMode mode, OpenLock open_lock = {})
      : lock(std::move(open_lock)), db(path, mode) {}
  OpenLock lock;  // declared before db, so closed after it
  sqlite::Db db;
};

// The store's SQL over a SQLite file, in the shape store/sql_operations.hpp expects.
class SqliteSession {
 public:
  explicit SqliteSession(std::unique_ptr<SqliteFile> file) : file_(std::move(file)) {}
  const SqlDialect& dialect() const noexcept { return kSqliteDialect; }
  sqlite::Transaction transaction() { return sqlite::Transaction(file_->db); }
  void run(const std::string& sql, const SqlValues& values);
  template <typename OnRow>
  void each_row(const std::string& sql, const SqlValues& values, OnRow&& on_row) {
    sqlite::Statement statement(file_->db, sql);
    bind(statement, values);
    while (statement.step()) {
      on_row(statement);
    }
  }

 private:
  static void bind(sqlite::Statement& statement, const SqlValues& values);
  std::unique_ptr<SqliteFile> file_;
};

class SqliteBackend final : public SqlBackend<SqliteSession> {
 public:
  // Opens the file at `path` as Store documents; an EmptyBackend for reading where nothing is
  // stored. Waits at most `wait_ms` for another process that holds the file. Throws UsageError
  // or RuntimeError naming `path`.
  static std::unique_ptr<StoreBackend> open(const std::string& path, bool read_only,
                                            int wait_ms = kBusyTimeoutMs);
  explicit SqliteBackend(std::unique_ptr<SqliteFile> file)
      : SqlBackend(SqliteSession(std::move(file))) {}

  [[noreturn]] void rethrow_named(const std::string& location) const override;
};

// Opens (read_only: never creates or migrates) the file as Store documents, waiting at most
// `wait_ms` for another process that holds it; nullptr for reading where nothing is stored. A
// file this open created is removed with the -wal and -shm files beside it when it fails (on a
// full disk, say): nothing is left half made.
std::unique_ptr<SqliteFile> open_sqlite_file(const std::string& path, bool read_only,
                                             int wait_ms = kBusyTimeoutMs);

// SQLite failures that say "this file is not usable" are the user's input (exit 2); the rest
// are runtime failures (exit 1); a full disk says so. Call inside a catch block; errors that are
// not SQLite's pass unchanged.
[[noreturn]] void rethrow_sqlite_error(const std::string& path);

}  // namespace clonebench
