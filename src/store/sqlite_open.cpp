// Opening a SQLite store: read-write (creating, checking and migrating the file) or for reading
// only (never creating it, and leaving nothing beside it).
#include <fmt/core.h>
#include <unistd.h>

#include <filesystem>
#include <system_error>

#include "core/error.hpp"
#include "store/open_checks.hpp"
#include "store/open_lock.hpp"
#include "store/schema.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"
#include "store/store_impl.hpp"

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

}  // namespace

// Reading through a read-write connection that may not write (query_only): the last connection
// to close a WAL database removes its -wal and -shm files, which a read-only connection cannot
// do, so a command that only reads would leave them beside the database. Used only when the
// file and its directory are writable; false (nothing open) when it cannot be used.
bool Store::open_writable_for_reading() {
  const std::string directory = std::filesystem::path(path_).parent_path().string();
  if (::access(path_.c_str(), W_OK) != 0 ||
      ::access(directory.empty() ? "." : directory.c_str(), W_OK) != 0) {
    return false;
  }
  try {
    impl_ = std::make_unique<Impl>(path_, sqlite::OpenMode::kReadWrite);
    impl_->db.exec("PRAGMA query_only = ON;");
    sqlite3_busy_timeout(impl_->db.handle(), kBusyTimeoutMs);
    check_schema_identity(impl_->db, path_);
    return true;
  } catch (const sqlite::SqliteError&) {
    impl_.reset();  // the read-only open decides, and reports any error itself
    return false;
  }
}

void Store::open_read_only() {
  if (path_ == ":memory:" || inspect_database_file(path_) == DatabaseFile::kMissing) {
    return;  // nothing stored yet: every query finds nothing, and no file is created
  }
  if (!open_writable_for_reading()) {
    impl_ = std::make_unique<Impl>(path_, sqlite::OpenMode::kReadOnly);
    sqlite3_busy_timeout(impl_->db.handle(), kBusyTimeoutMs);
    try {
      check_schema_identity(impl_->db, path_);
    } catch (const sqlite::SqliteError& failure) {
      // READONLY: the -shm file cannot be made; CANTOPEN: not even opened (a read-only mount).
      const bool shm_refused =
          failure.code() == SQLITE_READONLY || failure.code() == SQLITE_CANTOPEN;
      if (!shm_refused || !can_read_as_immutable(path_)) {
        throw;
      }
      impl_ = std::make_unique<Impl>(path_, sqlite::OpenMode::kImmutable);
      check_schema_identity(impl_->db, path_);
    }
  }
  const std::int64_t version = impl_->db.query_int("PRAGMA user_version");
  if (version == 0) {
    impl_.reset();  // an empty file: no runs
    return;
  }
  if (version < latest_schema_version()) {
    throw UsageError(fmt::format(
        "database {}: schema version {} is older than this clonebench's ({}); run a command "
        "that stores runs once to upgrade it",
        path_, version, latest_schema_version()));
  }
  check_integrity(impl_->db, path_);
}

void Store::open_read_write() {
  if (path_ != ":memory:") {
    create_parent_directories(path_);
  }
  check_writable_before_open(path_);
  OpenLock lock;
  if (path_ != ":memory:") {
    lock = OpenLock(path_, kBusyTimeoutMs);
  }
  impl_ = std::make_unique<Impl>(path_, sqlite::OpenMode::kReadWriteCreate, std::move(lock));
  sqlite3_busy_timeout(impl_->db.handle(), kBusyTimeoutMs);
  check_schema_identity(impl_->db, path_);
  check_writable(impl_->db, path_);
  // WAL: a writer killed mid-transaction leaves an uncommitted WAL tail that readers ignore,
  // so every committed run survives. FULL syncs each commit: one fsync per run is nothing.
  impl_->db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL;");
  impl_->db.exec("PRAGMA foreign_keys = ON;");
  check_integrity(impl_->db, path_);
  migrate_schema(impl_->db, path_);
  impl_->lock.release();
}

}  // namespace clonebench
