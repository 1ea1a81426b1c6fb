#pragma once
// A thin RAII layer over the sqlite3 C API: a connection, a prepared statement and a transaction
// that rolls back unless committed. Failures throw SqliteError carrying SQLite's result code, so
// the store can tell "this file is not a database" (the user's input) from a runtime failure.

#include <sqlite3.h>

#include <cstdint>
#include <string>
#include <string_view>

#include "core/error.hpp"
#include "store/scoped_transaction.hpp"

namespace clonebench::sqlite {

class SqliteError : public RuntimeError {
 public:
  SqliteError(const std::string& message, int code, int system_errno = 0)
      : RuntimeError(message), code_(code), system_errno_(system_errno) {}
  // The primary result code (SQLITE_CORRUPT, SQLITE_NOTADB, ...), extended bits removed.
  int code() const noexcept { return code_ & 0xff; }
  // The errno of the failed system call behind an I/O error (ENOSPC, EROFS, ...), or 0.
  int system_errno() const noexcept { return system_errno_; }

 private:
  int code_;
  int system_errno_;
};

enum class OpenMode {
  kReadWrite,        // read and write an existing file
  kReadWriteCreate,  // the same, creating the file if needed
  kReadOnly,         // never writes the database (SQLite may still create the -shm file)
  kImmutable,        // read-only and never touches -wal/-shm: only where nothing can write
};

class Db {
 public:
  // Opens (and with `create`, creates) the file. Throws SqliteError.
  Db(const std::string& path, bool create);
  Db(const std::string& path, OpenMode mode);
  ~Db();
  Db(const Db&) = delete;
  Db& operator=(const Db&) = delete;

  // Runs one or more statements that return no rows we need.
  void exec(const std::string& sql);
  // The first column of the first row of a single-value query (PRAGMA user_version, count(*)).
  std::int64_t query_int(const std::string& sql);
  std::int64_t last_insert_rowid() const noexcept;
  // Rows changed by the last INSERT, UPDATE or DELETE.
  std::int64_t changes() const noexcept;
  // True when SQLite opened the file read-only (a read-only file, an immutable file).
  bool read_only() const noexcept;
  sqlite3* handle() const noexcept { return db_; }

  // The steps of a Transaction: BEGIN IMMEDIATE, COMMIT, ROLLBACK.
  void begin();
  void commit();
  void rollback() noexcept;

  // Throws SqliteError("<what>: <sqlite message>") for a failed result code.
  [[noreturn]] void fail(std::string_view what, int code) const;

 private:
  sqlite3* db_ = nullptr;
};

class Statement {
 public:
  Statement(Db& db, const std::string& sql);
  ~Statement();
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  // Parameters are 1-based, as in SQL.
  Statement& bind(int index, std::int64_t value);
  Statement& bind(int index, double value);
  Statement& bind(int index, std::string_view value);
  Statement& bind_null(int index);
  // Binds text, or NULL when the string is empty.
  Statement& bind_optional(int index, std::string_view value);

  // Advances to the next row; false when done.
  bool step();
  // step() for statements that return no rows.
  void run();
  void reset();

  // Columns are 0-based, as in the C API.
  std::int64_t column_int64(int index) const;
  double column_double(int index) const;
  std::string column_text(int index) const;  // "" for NULL
  bool column_is_null(int index) const;

 private:
  Db* db_;
  sqlite3_stmt* statement_ = nullptr;
};

// BEGIN IMMEDIATE ... COMMIT, or ROLLBACK when left uncommitted.
using Transaction = ScopedTransaction<Db>;

}  // namespace clonebench::sqlite
