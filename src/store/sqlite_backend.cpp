#include "store/sqlite_backend.hpp"

#include <fmt/core.h>

#include "store/empty_backend.hpp"
#include "store/open_checks.hpp"

namespace clonebench {
namespace {

bool is_user_input_error(int code) {
  return code == SQLITE_NOTADB || code == SQLITE_CORRUPT || code == SQLITE_CANTOPEN ||
         code == SQLITE_READONLY || code == SQLITE_PERM || code == SQLITE_AUTH;
}

}  // namespace

void SqliteSession::bind(sqlite::Statement& statement, const SqlValues& values) {
  for (std::size_t i = 0; i < values.size(); ++i) {
    const int index = static_cast<int>(i) + 1;
    std::visit(
        [&](const auto& value) {
          if constexpr (std::is_same_v<std::decay_t<decltype(value)>, std::monostate>) {
            statement.bind_null(index);
          } else {
            statement.bind(index, value);
          }
        },
        values[i]);
  }
}

void SqliteSession::run(const std::string& sql, const SqlValues& values) {
  sqlite::Statement statement(file_->db, sql);
  bind(statement, values);
  statement.run();
}

void rethrow_sqlite_error(const std::string& path) {
  try {
    throw;
  } catch (const sqlite::SqliteError& error) {
    if (is_disk_full(error)) {
      throw RuntimeError(disk_full_message(path));
    }
    if (is_user_input_error(error.code())) {
      throw UsageError(fmt::format("database {}: {}", path, error.what()));
    }
    throw RuntimeError(fmt::format("database {}: {}", path, error.what()));
  }
}

// Besides SQLite's own: stored data that does not read back (UsageError) and a missing row
// (RuntimeError) from store/sql_operations.hpp, named as SQLite's would be.
void SqliteBackend::rethrow_named(const std::string& location) const {
  try {
    throw;
  } catch (const sqlite::SqliteError&) {
    rethrow_sqlite_error(location);
  } catch (const UsageError& error) {
    throw UsageError(fmt::format("database {}: {}", location, error.what()));
  } catch (const RuntimeError& error) {
    throw RuntimeError(fmt::format("database {}: {}", location, error.what()));
  }
}

std::unique_ptr<StoreBackend> SqliteBackend::open(const std::string& path, bool read_only,
                                                  int wait_ms) {
  std::unique_ptr<SqliteFile> file;
  try {
    file = open_sqlite_file(path, read_only, wait_ms);
  } catch (...) {
    rethrow_sqlite_error(path);
  }
  if (!file) {
    return std::make_unique<EmptyBackend>();
  }
  return std::make_unique<SqliteBackend>(std::move(file));
}

}  // namespace clonebench
