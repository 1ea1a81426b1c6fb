#include "store/postgres.hpp"

#include <fmt/core.h>
#include <poll.h>

#include <array>
#include <charconv>
#include <utility>

#include "core/pending_interrupt.hpp"

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

Result& Result::operator=(Result&& other) noexcept {
  if (this != &other) {
    PQclear(result_);
    result_ = std::exchange(other.result_, nullptr);
  }
  return *this;
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

Connection::Connection(const std::vector<ConnectionSetting>& settings) {
  // Ours first: a keyword given again later overrides it, so the location's settings win. TCP
  // keepalives and tcp_user_timeout notice a peer that vanished (a host down, a network cut);
  // a server process that stopped answering is bounded by the wait in wait_for_results().
  // expand_dbname is off: the settings are libpq's own reading of the location, and no value
  // is read as connection text again.
  std::vector<const char*> keywords = {
      "connect_timeout",     "fallback_application_name", "keepalives",      "keepalives_idle",
      "keepalives_interval", "keepalives_count",          "tcp_user_timeout"};
  std::vector<const char*> values = {"10", "clonebench", "1", "10", "5", "3", "30000"};
  for (const ConnectionSetting& setting : settings) {
    keywords.push_back(setting.keyword.c_str());
    values.push_back(setting.value.c_str());
  }
  keywords.push_back(nullptr);
  values.push_back(nullptr);
  connection_ = PQconnectdbParams(keywords.data(), values.data(), 0);
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
  // Sending never blocks either: a full socket buffer is waited on in slices, like an answer.
  PQsetnonblocking(connection_, 1);
}

Connection::~Connection() {
  PQfinish(connection_);
}

void Connection::check(const Result& result) const {
  const ExecStatusType status = PQresultStatus(result.get());
  if (status != PGRES_COMMAND_OK && status != PGRES_TUPLES_OK) {
    const char* sqlstate = PQresultErrorField(result.get(), PG_DIAG_SQLSTATE);
    const char* message = result.get() != nullptr  ? PQresultErrorMessage(result.get())
                          : connection_ != nullptr ? PQerrorMessage(connection_)
                                                   : "the connection is closed";
    throw PgError(one_line(message), sqlstate != nullptr ? sqlstate : "");
  }
}

Result Connection::exec(const std::string& sql, const Params& params) {
  std::vector<const char*> values;
  for (const auto& value : params.values()) {
    values.push_back(value ? value->c_str() : nullptr);
  }
  require_open();
  const int sent = PQsendQueryParams(connection_, sql.c_str(), static_cast<int>(values.size()),
                                     nullptr, values.data(), nullptr, nullptr, 0);
  Result result = wait_for_results(sent == 1);
  check(result);
  return result;
}

void Connection::exec_script(const std::string& sql) {
  require_open();
  const Result result = wait_for_results(PQsendQuery(connection_, sql.c_str()) == 1);
  check(result);
}

void Connection::require_open() const {
  if (connection_ == nullptr) {
    throw PgError("the connection was closed after an earlier failure", "");
  }
}

// Cancels what the server is doing (a stopped server takes the cancel when it resumes) and
// closes the connection: the server rolls back the open transaction when it sees it closed.
void Connection::abandon() {
  if (PGcancel* cancel = PQgetCancel(connection_); cancel != nullptr) {
    std::array<char, 256> ignored{};
    PQcancel(cancel, ignored.data(), static_cast<int>(ignored.size()));
    PQfreeCancel(cancel);
  }
  PQfinish(connection_);
  connection_ = nullptr;
}

// Waits in short slices for the socket; between them, a pending SIGINT/SIGTERM/SIGHUP or the
// deadline abandons the connection and throws.
void Connection::wait_for_socket(short events, std::chrono::steady_clock::time_point deadline) {
  pollfd socket{PQsocket(connection_), events, 0};
  while (::poll(&socket, 1, kSliceMs) == 0) {
    try {
      throw_if_interrupt_pending();
    } catch (const Interrupted&) {
      abandon();
      throw;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      abandon();
      throw PgError(fmt::format("the server did not answer within {:g} s; the connection was "
                                "closed and its transaction is rolled back",
                                kAnswerDeadlineS),
                    "");
    }
  }
}

// Every result of what was sent, the last one kept (an error ends a script, so it is last).
Result Connection::wait_for_results(bool sent) {
  const auto deadline = std::chrono::steady_clock::now() +
                        std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                            std::chrono::duration<double>(kAnswerDeadlineS));
  if (!sent) {
    return Result(nullptr);
  }
  for (int flushed = PQflush(connection_); flushed != 0; flushed = PQflush(connection_)) {
    if (flushed < 0) {
      return Result(nullptr);
    }
    wait_for_socket(POLLOUT | POLLIN, deadline);
    if (PQconsumeInput(connection_) == 0) {
      return Result(nullptr);
    }
  }
  Result last(nullptr);
  for (;;) {
    while (PQisBusy(connection_) != 0) {
      wait_for_socket(POLLIN, deadline);
      if (PQconsumeInput(connection_) == 0) {
        return Result(nullptr);
      }
    }
    PGresult* next = PQgetResult(connection_);
    if (next == nullptr) {
      return last;
    }
    last = Result(next);
  }
}

void Connection::begin() {
  exec("BEGIN");
}

void Connection::commit() {
  exec("COMMIT");
}

void Connection::rollback() noexcept {
  try {
    exec("ROLLBACK");
  } catch (const PgError&) {
    // The connection is gone: the server rolls back on its own.
  }
}

}  // namespace clonebench::postgres
