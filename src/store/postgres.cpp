#include "store/postgres.hpp"

#include <fmt/core.h>

#include <array>
#include <charconv>

namespace clonebench::postgres {

std::string one_line(std::string_view message) {
  std::string line;
  bool space = false;
  for (const char c : message) {
    if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
      space = !line.empty();
      continue;
    }
    if (space) {
      line += ' ';
      space = false;
    }
    line += c;
  }
  return line;
}

Params& Params::add(std::string_view value) {
  values_.emplace_back(std::string(value));
  return *this;
}

Params& Params::add(std::int64_t value) {
  values_.emplace_back(fmt::format("{}", value));
  return *this;
}

Params& Params::add(double value) {
  // {fmt} writes the shortest text that reads back as the same double.
  values_.emplace_back(fmt::format("{}", value));
  return *this;
}

Params& Params::add_optional(std::string_view value) {
  if (value.empty()) {
    values_.emplace_back(std::nullopt);
  } else {
    values_.emplace_back(std::string(value));
  }
  return *this;
}

Result::~Result() {
  PQclear(result_);
}

int Result::rows() const noexcept {
  return PQntuples(result_);
}

std::string Result::text(int row, int column) const {
  if (PQgetisnull(result_, row, column) != 0) {
    return "";
  }
  return {PQgetvalue(result_, row, column),
          static_cast<std::size_t>(PQgetlength(result_, row, column))};
}

std::int64_t Result::int64(int row, int column) const {
  const std::string value = text(row, column);
  std::int64_t number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end != value.data() + value.size()) {
    throw PgError(fmt::format("not an integer in column {}: '{}'", column, value), "");
  }
  return number;
}

double Result::real(int row, int column) const {
  const std::string value = text(row, column);
  double number = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), number);
  if (error != std::errc() || end != value.data() + value.size()) {
    throw PgError(fmt::format("not a number in column {}: '{}'", column, value), "");
  }
  return number;
}

Connection::Connection(const std::string& url) {
  // Ours first: with expand_dbname, parameters in the URL override the earlier keywords.
  const std::array<const char*, 4> keywords = {"connect_timeout", "fallback_application_name",
                                               "dbname", nullptr};
  const std::array<const char*, 4> values = {"10", "clonebench", url.c_str(), nullptr};
  connection_ = PQconnectdbParams(keywords.data(), values.data(), 1);
  if (connection_ == nullptr) {
    throw PgError("cannot connect: out of memory", "");
  }
  if (PQstatus(connection_) != CONNECTION_OK) {
    const std::string message = one_line(PQerrorMessage(connection_));
    PQfinish(connection_);
    connection_ = nullptr;
    throw PgError(fmt::format("cannot connect: {}", message), "");
  }
  // Notices (e.g. "relation already exists, skipping") are not the user's business.
  PQsetNoticeProcessor(
      connection_, [](void*, const char*) {}, nullptr);
}

Connection::~Connection() {
  PQfinish(connection_);
}

void Connection::check(const Result& result) const {
  const ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    const char* sqlstate = PQresultErrorField(result.get(), PG_DIAG_SQLSTATE);
    throw PgError(one_line(result.get() != nullptr ? PQresultErrorMessage(result.get())
                                                   : PQerrorMessage(connection_)),
                  sqlstate != nullptr ? sqlstate : "");
  }
}

Result Connection::exec(const std::string& sql, const Params& params) {
  std::vector<const char*> values;
  for (const auto& value : params.values()) {
    values.push_back(value ? value->c_str() : nullptr);
  }
  Result result(PQexecParams(connection_, sql.c_str(), static_cast<int>(values.size()), nullptr,
                             values.data(), nullptr, nullptr, 0));
  check(result);
  return result;
}

void Connection::exec_script(const std::string& sql) {
  const Result result(PQexec(connection_, sql.c_str()));
  check(result);
}

Transaction::Transaction(Connection& connection) : connection_(&connection) {
  connection_->exec("BEGIN");
}

Transaction::~Transaction() {
  if (!done_) {
    try {
      connection_->exec("ROLLBACK");
    } catch (const PgError&) {
      // The connection is gone: the server rolls back on its own.
    }
  }
}

void Transaction::commit() {
  connection_->exec("COMMIT");
  done_ = true;
}

}  // namespace clonebench::postgres
