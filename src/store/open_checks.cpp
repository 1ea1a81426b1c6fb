#include "store/open_checks.hpp"

#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"

namespace clonebench {
namespace {

const char* kind_of_special_file(mode_t mode) {
  if (S_ISFIFO(mode)) {
    return "a named pipe (FIFO)";
  }
  if (S_ISDIR(mode)) {
    return "a directory";
  }
  if (S_ISCHR(mode)) {
    return "a character device";
  }
  if (S_ISBLK(mode)) {
    return "a block device";
  }
  if (S_ISSOCK(mode)) {
    return "a socket";
  }
  return "a special file";
}

}  // namespace

DatabaseFile inspect_database_file(const std::string& path) {
  if (path == ":memory:") {
    return DatabaseFile::kRegular;
  }
  struct stat status {};
  if (::stat(path.c_str(), &status) != 0) {
    // ENOTDIR (a file where a directory should be): nothing can be stored there yet, and a
    // command that stores is told so when it tries to create the directory.
    if (errno == ENOENT || errno == ENOTDIR) {
      return DatabaseFile::kMissing;
    }
    throw UsageError(
        fmt::format("database {}: cannot be looked at: {}", path, std::strerror(errno)));
  }
  if (!S_ISREG(status.st_mode)) {
    throw UsageError(fmt::format(
        "database {}: is {}, not a regular file; --db (or $CLONEBENCH_DB) must name a SQLite "
        "database file",
        path, kind_of_special_file(status.st_mode)));
  }
  return DatabaseFile::kRegular;
}

void check_integrity(sqlite::Db& db, const std::string& path) {
  // quick_check reads every page (O(file size)) but skips the index cross-checks of
  // integrity_check; a damaged page or b-tree shows up here instead of half-way through a save.
  sqlite::Statement statement(db, "PRAGMA quick_check(5)");
  std::string problems;
  while (statement.step()) {
    std::string line = statement.column_text(0);
    if (line == "ok") {
      return;
    }
    std::replace(line.begin(), line.end(), '\n', ' ');
    problems += (problems.empty() ? "" : "; ") + line;
  }
  throw UsageError(fmt::format("database {}: damaged ({}); restore it from a copy or move it away",
                               path, problems.empty() ? "quick_check gave no answer" : problems));
}

void check_writable_before_open(const std::string& path) {
  if (path == ":memory:") {
    return;
  }
  // access() also fails for root on an immutable file (EPERM) and a read-only mount (EROFS).
  std::error_code error;
  if (std::filesystem::exists(path, error) && ::access(path.c_str(), W_OK) != 0) {
    throw UsageError(
        fmt::format("database {}: the file cannot be written ({}); runs could not "
                    "be stored",
                    path, std::strerror(errno)));
  }
  const std::string parent = std::filesystem::path(path).parent_path().string();
  const std::string directory = parent.empty() ? "." : parent;
  if (::access(directory.c_str(), W_OK | X_OK) != 0) {
    throw UsageError(fmt::format(
        "database {}: its directory {} cannot be written ({}); SQLite keeps its write-ahead log "
        "there, so runs could not be stored",
        path, directory, std::strerror(errno)));
  }
}

void check_writable(sqlite::Db& db, const std::string& path) {
  if (db.read_only()) {
    throw UsageError(fmt::format(
        "database {}: the file is read-only (permissions or an immutable file); runs could not "
        "be stored",
        path));
  }
  // Taking the write lock creates the write-ahead log if needed: a read-only directory or a
  // full disk shows here. Nothing is written.
  try {
    db.exec("BEGIN IMMEDIATE; ROLLBACK;");
  } catch (const sqlite::SqliteError& error) {
    if (is_disk_full(error)) {
      throw;
    }
    throw UsageError(fmt::format("database {}: cannot be written ({}); runs could not be stored",
                                 path, error.what()));
  }
}

bool is_disk_full(const sqlite::SqliteError& error) {
  return error.code() == SQLITE_FULL || error.system_errno() == ENOSPC ||
         error.system_errno() == EDQUOT;
}

std::string disk_full_message(const std::string& path) {
  const std::string directory = std::filesystem::path(path).parent_path().string();
  return fmt::format("database {}: the disk is full: no space left for it in {}", path,
                     directory.empty() ? "." : directory);
}

}  // namespace clonebench
