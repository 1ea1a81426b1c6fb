// Opening a SQLite store: read-write (creating, checking and migrating the file) or for reading
// only (never creating it, and leaving nothing beside it).
#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <system_error>

#include "core/error.hpp"
#include "store/open_checks.hpp"
#include "store/open_lock.hpp"
#include "store/schema.hpp"
#include "store/sqlite.hpp"
#include "store/sqlite_backend.hpp"

namespace clonebench {
namespace {

void create_parent_directories(const std::string& path) {
  const std::filesystem::path parent = std::filesystem::path(path).parent_path();
  if (parent.empty()) {
    return;
  }
  std::error_code error;
  std::filesystem::create_directories(parent, error);
  if (error) {
    throw UsageError(
        fmt::format("database {}: cannot create {}: {}", path, parent.string(), error.message()));
  }
}

// A WAL database in a directory we cannot write, or on a read-only mount: SQLite cannot create
// the -shm file it reads through, but with no -wal file (nothing uncommitted beside the main
// file) and no writer able to create one there, reading the file as immutable is exact.
bool can_read_as_immutable(const std::string& path) {
  std::error_code error;
  const std::string wal = path + "-wal";
  return !std::filesystem::exists(wal, error) || std::filesystem::file_size(wal, error) == 0;
}

// Reading through a read-write connection that may not write (query_only): the last connection
// to close a WAL database removes its -wal and -shm files, which a read-only connection cannot
// do, so a command that only reads would leave them beside the database. Used only when the
// file and its directory are writable; nullptr when it cannot be used.
std::unique_ptr<SqliteFile> open_writable_for_reading(const std::string& path, int wait_ms) {
  const std::string directory = std::filesystem::path(path).parent_path().string();
  if (::access(path.c_str(), W_OK) != 0 ||
      ::access(directory.empty() ? "." : directory.c_str(), W_OK) != 0) {
    return nullptr;
  }
  try {
    auto file = std::make_unique<SqliteFile>(path, sqlite::OpenMode::kReadWrite);
    file->db.exec("PRAGMA query_only = ON;");
    sqlite3_busy_timeout(file->db.handle(), wait_ms);
    check_schema_identity(file->db, path);
    return file;
  } catch (const sqlite::SqliteError& error) {
    if (error.code() == SQLITE_BUSY) {
      throw;  // held by another process: a read-only connection would wait as long again
    }
    return nullptr;  // the read-only open decides, and reports any error itself
  }
}

std::unique_ptr<SqliteFile> open_for_reading(const std::string& path, int wait_ms) {
  std::unique_ptr<SqliteFile> file = open_writable_for_reading(path, wait_ms);
  if (file) {
    return file;
  }
  file = std::make_unique<SqliteFile>(path, sqlite::OpenMode::kReadOnly);
  sqlite3_busy_timeout(file->db.handle(), wait_ms);
  try {
    check_schema_identity(file->db, path);
  } catch (const sqlite::SqliteError& failure) {
    // READONLY: the -shm file cannot be made; CANTOPEN: not even opened (a read-only mount).
    const bool shm_refused = failure.code() == SQLITE_READONLY || failure.code() == SQLITE_CANTOPEN;
    if (!shm_refused || !can_read_as_immutable(path)) {
      throw;
    }
    file = std::make_unique<SqliteFile>(path, sqlite::OpenMode::kImmutable);
    check_schema_identity(file->db, path);
  }
  return file;
}

// nullptr when nothing is stored yet: every query finds nothing, and no file is created.
std::unique_ptr<SqliteFile> open_read_only(const std::string& path, int wait_ms) {
  if (path == ":memory:" || inspect_database_file(path) == DatabaseFile::kMissing) {
    return nullptr;
  }
  std::unique_ptr<SqliteFile> file = open_for_reading(path, wait_ms);
  const std::int64_t version = file->db.query_int("PRAGMA user_version");
  if (version == 0) {
    return nullptr;  // an empty file: no runs
  }
  if (version < latest_schema_version()) {
    throw UsageError(fmt::format(
        "database {}: schema version {} is older than this clonebench's ({}); run a command "
        "that stores runs once to upgrade it",
        path, version, latest_schema_version()));
  }
  check_integrity(file->db, path);
  return file;
}

// The database file and what SQLite keeps beside it.
void remove_database_files(const std::string& path) {
  for (const char* suffix : {"-wal", "-shm", "-journal", ""}) {
    std::error_code ignored;
    std::filesystem::remove(path + suffix, ignored);
  }
}

// Sets up a file just opened for writing: a new one (`created`) that cannot be set up (a full
// disk) is removed with its -wal and -shm files while the open lock keeps every other writer
// out, so that no half-made database is left for the next command to trip on.
void set_up_for_writing(std::unique_ptr<SqliteFile>& file, const std::string& path, bool created,
                        int wait_ms) {
  try {
    sqlite3_busy_timeout(file->db.handle(), wait_ms);
    check_schema_identity(file->db, path);
    check_writable(file->db, path);
    // WAL: a writer killed mid-transaction leaves an uncommitted WAL tail that readers ignore,
    // so every committed run survives. FULL syncs each commit: one fsync per run is nothing.
    file->db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
    file->db.exec("PRAGMA foreign_keys = ON;");
    check_integrity(file->db, path);
    migrate_schema(file->db, path);
  } catch (...) {
    if (created && file->lock.held()) {
      const OpenLock held = std::move(file->lock);
      file.reset();  // SQLite closes the database before its files go
      remove_database_files(path);
    }
    throw;
  }
}

std::unique_ptr<SqliteFile> open_read_write(const std::string& path, int wait_ms) {
  const bool in_memory = path == ":memory:";
  if (!in_memory) {
    create_parent_directories(path);
  }
  check_writable_before_open(path);
  const bool created = !in_memory && inspect_database_file(path) == DatabaseFile::kMissing;
  OpenLock lock;
  if (!in_memory) {
    lock = OpenLock(path, wait_ms);
  }
  auto file =
      std::make_unique<SqliteFile>(path, sqlite::OpenMode::kReadWriteCreate, std::move(lock));
  set_up_for_writing(file, path, created, wait_ms);
  file->lock.release();
  return file;
}

}  // namespace

std::unique_ptr<SqliteFile> open_sqlite_file(const std::string& path, bool read_only, int wait_ms) {
  const bool existed = inspect_database_file(path) == DatabaseFile::kRegular;
  try {
    return read_only ? open_read_only(path, wait_ms) : open_read_write(path, wait_ms);
  } catch (...) {
    // A file this open created (on a full disk, say) and left empty holds nothing: remove it.
    // Only while empty: another clonebench may have created the same new file meanwhile.
    std::error_code error;
    if (!existed && std::filesystem::file_size(path, error) == 0 && !error) {
      std::filesystem::remove(path, error);
    }
    throw;
  }
}

}  // namespace clonebench
