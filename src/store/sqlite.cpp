#include "store/sqlite.hpp"

#include <fmt/core.h>

#include <cctype>

namespace clonebench::sqlite {

namespace {

// "file:" URI of `path`, every byte but unreserved ones percent-encoded ('?', '#', '%').
std::string file_uri(const std::string& path, const char* query) {
  std::string uri = "file:";
  for (const char c : path) {
    const auto byte = static_cast<unsigned char>(c);
    if (std::isalnum(byte) != 0 || c == '/' || c == '.' || c == '_' || c == '-') {
      uri += c;
    } else {
      uri += fmt::format("%{:02X}", byte);
    }
  }
  return uri + query;
}

}  // namespace

Db::Db(const std::string& path, bool create)
    : Db(path, create ? OpenMode::kReadWriteCreate : OpenMode::kReadWrite) {}

Db::Db(const std::string& path, OpenMode mode) {
  int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  std::string name = path;
  switch (mode) {
    case OpenMode::kReadWriteCreate:
      flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
      break;
    case OpenMode::kReadWrite:
      flags |= SQLITE_OPEN_READWRITE;
      break;
    case OpenMode::kReadOnly:
      flags |= SQLITE_OPEN_READONLY;
      break;
    case OpenMode::kImmutable:
      flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI;
      name = file_uri(path, "?immutable=1");
      break;
  }
  const int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    // sqlite3_open_v2 allocates a handle even on failure; it carries the message.
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    const int system_errno = db_ != nullptr ? sqlite3_system_errno(db_) : 0;
    sqlite3_close(db_);
    db_ = nullptr;
    throw SqliteError(fmt::format("cannot open: {}", message), rc, system_errno);
  }
  sqlite3_extended_result_codes(db_, 1);
}

bool Db::read_only() const noexcept {
  return sqlite3_db_readonly(db_, "main") == 1;
}

Db::~Db() {
  sqlite3_close_v2(db_);
}

void Db::fail(std::string_view what, int code) const {
  // SQLite's own message says what is wrong with the file; `what` only when it says nothing.
  const std::string message = sqlite3_errmsg(db_);
  throw SqliteError(message.empty() ? std::string(what) : message, code, sqlite3_system_errno(db_));
}

void Db::exec(const std::string& sql) {
  char* error = nullptr;
  const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
  if (rc != SQLITE_OK) {
    const std::string message = error != nullptr ? error : sqlite3_errstr(rc);
    sqlite3_free(error);
    throw SqliteError(message, rc, sqlite3_system_errno(db_));
  }
}

std::int64_t Db::query_int(const std::string& sql) {
  Statement statement(*this, sql);
  if (!statement.step()) {
    throw SqliteError(fmt::format("no row from: {}", sql), SQLITE_ERROR);
  }
  return statement.column_int64(0);
}

std::int64_t Db::last_insert_rowid() const noexcept {
  return sqlite3_last_insert_rowid(db_);
}

std::int64_t Db::changes() const noexcept {
  return sqlite3_changes64(db_);
}

Statement::Statement(Db& db, const std::string& sql) : db_(&db) {
  const int rc = sqlite3_prepare_v2(db.handle(), sql.c_str(), static_cast<int>(sql.size()),
                                    &statement_, nullptr);
  if (rc != SQLITE_OK) {
    db.fail("prepare", rc);
  }
}

Statement::~Statement() {
  sqlite3_finalize(statement_);
}

Statement& Statement::bind(int index, std::int64_t value) {
  const int rc = sqlite3_bind_int64(statement_, index, value);
  if (rc != SQLITE_OK) {
    db_->fail("bind", rc);
  }
  return *this;
}

Statement& Statement::bind(int index, double value) {
  const int rc = sqlite3_bind_double(statement_, index, value);
  if (rc != SQLITE_OK) {
    db_->fail("bind", rc);
  }
  return *this;
}

Statement& Statement::bind(int index, std::string_view value) {
  const int rc = sqlite3_bind_text64(statement_, index, value.data(), value.size(),
                                     SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK) {
    db_->fail("bind", rc);
  }
  return *this;
}

Statement& Statement::bind_null(int index) {
  const int rc = sqlite3_bind_null(statement_, index);
  if (rc != SQLITE_OK) {
    db_->fail("bind", rc);
  }
  return *this;
}

Statement& Statement::bind_optional(int index, std::string_view value) {
  return value.empty() ? bind_null(index) : bind(index, value);
}

bool Statement::step() {
  const int rc = sqlite3_step(statement_);
  if (rc == SQLITE_ROW) {
    return true;
  }
  if (rc == SQLITE_DONE) {
    return false;
  }
  db_->fail("step", rc);
}

void Statement::run() {
  while (step()) {
  }
}

void Statement::reset() {
  sqlite3_reset(statement_);
  sqlite3_clear_bindings(statement_);
}

std::int64_t Statement::column_int64(int index) const {
  return sqlite3_column_int64(statement_, index);
}

double Statement::column_double(int index) const {
  return sqlite3_column_double(statement_, index);
}

std::string Statement::column_text(int index) const {
  const auto* text = sqlite3_column_text(statement_, index);
  if (text == nullptr) {
    return {};
  }
  return {reinterpret_cast<const char*>(text),
          static_cast<std::size_t>(sqlite3_column_bytes(statement_, index))};
}

bool Statement::column_is_null(int index) const {
  return sqlite3_column_type(statement_, index) == SQLITE_NULL;
}

void Db::begin() {
  exec("BEGIN IMMEDIATE");
}

void Db::commit() {
  exec("COMMIT");
}

void Db::rollback() noexcept {
  // Nothing to do if ROLLBACK fails: SQLite has already rolled back on the error.
  sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
}

}  // namespace clonebench::sqlite
