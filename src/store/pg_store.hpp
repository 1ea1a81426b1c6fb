#pragma once
// The run database in PostgreSQL (libpq): the StoreBackend behind `--db postgresql://...`.
// Many hosts may write at once: each run is one transaction, and a run pushed twice (by one
// host or two at the same moment) is stored once, by its uid.

#include <memory>
#include <string>

#include "store/postgres.hpp"
#include "store/sql_backend.hpp"
#include "store/store_location.hpp"

namespace clonebench {

// One row of a libpq result, shaped like sqlite::Statement for the row mappings.
struct PgRow {
  const postgres::Result& result;
  int row;
  std::string column_text(int column) const { return result.text(row, column); }
  std::int64_t column_int64(int column) const { return result.int64(row, column); }
  double column_double(int column) const { return result.real(row, column); }
};

// The store's SQL over a libpq connection, in the shape store/sql_operations.hpp expects.
class PostgresSession {
 public:
  explicit PostgresSession(const StoreLocation& location)
      : connection_(std::make_unique<postgres::Connection>(location.settings())) {}
  const SqlDialect& dialect() const noexcept { return kPostgresDialect; }
  postgres::Transaction transaction() { return postgres::Transaction(*connection_); }
  void run(const std::string& sql, const SqlValues& values) {
    connection_->exec(sql, params(values));
  }
  template <typename OnRow>
  void each_row(const std::string& sql, const SqlValues& values, OnRow&& on_row) {
    const postgres::Result result = connection_->exec(sql, params(values));
    for (int row = 0; row < result.rows(); ++row) {
      on_row(PgRow{result, row});
    }
  }
  postgres::Connection& connection() noexcept { return *connection_; }

 private:
  static postgres::Params params(const SqlValues& values);
  std::unique_ptr<postgres::Connection> connection_;  // movable with the session
};

class PostgresBackend final : public SqlBackend<PostgresSession> {
 public:
  // Connects and migrates the schema; `read_only` never writes: it checks that the schema is
  // the latest or absent (an EmptyBackend). The location may hold a password; it is used only
  // to connect, and every message shows the location redacted. A database that cannot be
  // connected to is a RuntimeError ("database URL: cannot connect: ...").
  static std::unique_ptr<StoreBackend> open(const StoreLocation& location, bool read_only);
  PostgresBackend(const StoreLocation& location, bool read_only);
  // True for a read-only open of a database without clonebench's tables: no runs.
  bool empty() const noexcept { return empty_; }

  // Server, network and credential failures, conflicts: RuntimeError (exit 1); data that does
  // not read back as what was written: UsageError (exit 2).
  [[noreturn]] void rethrow_named(const std::string& location) const override;
  bool connection_can_drop() const noexcept override { return true; }

 private:
  bool empty_ = false;
};

}  // namespace clonebench
