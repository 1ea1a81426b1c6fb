#pragma once
// A thin RAII layer over libpq: a connection, a query result and a transaction that rolls back
// unless committed. Every query is sent with parameters in text form, so no value is ever
// spliced into SQL. Failures throw PgError with the server's SQLSTATE.

#include <libpq-fe.h>

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/error.hpp"
#include "store/scoped_transaction.hpp"
#include "store/store_location.hpp"

namespace clonebench::postgres {

class PgError : public RuntimeError {
 public:
  PgError(const std::string& message, std::string sqlstate)
      : RuntimeError(message), sqlstate_(std::move(sqlstate)) {}
  // The five-character SQLSTATE ("23505" unique violation, ...); empty for connection failures.
  const std::string& sqlstate() const noexcept { return sqlstate_; }

 private:
  std::string sqlstate_;
};

// Query parameters $1, $2, ... in order; std::nullopt is SQL NULL.
class Params {
 public:
  Params& add(std::string_view value);
  Params& add(std::int64_t value);
  Params& add(double value);
  // Text, or NULL when the string is empty.
  Params& add_optional(std::string_view value);
  const std::vector<std::optional<std::string>>& values() const noexcept { return values_; }

 private:
  std::vector<std::optional<std::string>> values_;
};

class Result {
 public:
  explicit Result(PGresult* result) : result_(result) {}
  ~Result();
  Result(Result&& other) noexcept : result_(other.result_) { other.result_ = nullptr; }
  Result(const Result&) = delete;
  Result& operator=(const Result&) = delete;
  Result& operator=(Result&& other) noexcept;

  const PGresult* get() const noexcept { return result_; }  // null when libpq ran out of memory
  int rows() const noexcept;
  // Columns are 0-based. "" for NULL.
  std::string text(int row, int column) const;
  std::int64_t int64(int row, int column) const;
  double real(int row, int column) const;

 private:
  PGresult* result_;
};

// How long one statement may go without its answer: a stopped or hung server.
inline constexpr double kAnswerDeadlineS = 120;
// How often a wait for the server looks for an interrupt.
inline constexpr int kSliceMs = 50;

class Connection {
 public:
  // Connects with libpq's settings of a location (store/store_location.hpp). Credentials come
  // from libpq's usual sources (the settings, PGPASSWORD, ~/.pgpass, a service file); a
  // connection attempt gives up after 10 s unless the settings say connect_timeout. Throws
  // PgError with a one-line message.
  explicit Connection(const std::vector<ConnectionSetting>& settings);
  ~Connection();
  Connection(const Connection&) = delete;
  Connection& operator=(const Connection&) = delete;

  // Each waits for the server at most kAnswerDeadlineS, in slices: a pending SIGINT, SIGTERM
  // or SIGHUP (blocked while a run is stored) cancels the statement, closes the connection
  // (the server rolls the transaction back) and throws Interrupted; the deadline does the same
  // and throws PgError. After that the connection is closed and every call throws PgError.
  Result exec(const std::string& sql, const Params& params = {});
  // Several statements without parameters (a schema migration).
  void exec_script(const std::string& sql);

  // The steps of a Transaction: BEGIN, COMMIT, ROLLBACK.
  void begin();
  void commit();
  void rollback() noexcept;

 private:
  // Throws PgError unless the statement succeeded.
  void check(const Result& result) const;
  void require_open() const;
  Result wait_for_results(bool sent);
  void wait_for_socket(short events, std::chrono::steady_clock::time_point deadline);
  void abandon();

  PGconn* connection_ = nullptr;
};

// BEGIN ... COMMIT, or ROLLBACK when left uncommitted.
using Transaction = ScopedTransaction<Connection>;

// libpq's messages span lines ("...failed: ...\n\tIs the server running..."): one line of it.
std::string one_line(std::string_view message);

}  // namespace clonebench::postgres
