#pragma once
// What the store checks when it opens a database, so that a file that cannot take the run is
// refused before the run, not after it: damage (PRAGMA quick_check), a read-only file or
// directory, and what to say when the disk is full.

#include <string>

#include "store/sqlite.hpp"

namespace clonebench {

enum class DatabaseFile { kMissing, kRegular };

// What is at a SQLite database path, before SQLite opens it: missing (nothing stored yet) or a
// regular file. Throws UsageError naming `path` for anything else: a FIFO (SQLite would wait on
// it for a writer forever), a directory, a device or socket, or a path that cannot be looked at
// (permission denied on a directory on the way: an error, never an empty store).
DatabaseFile inspect_database_file(const std::string& path);

// Throws UsageError naming `path` unless PRAGMA quick_check says "ok".
void check_integrity(sqlite::Db& db, const std::string& path);

// Before SQLite touches the file (it would leave -wal and -shm files behind): throws
// UsageError naming `path` when the file exists but cannot be written (permissions, an
// immutable file) or its directory cannot take the files SQLite keeps beside it.
void check_writable_before_open(const std::string& path);

// Throws UsageError naming `path` when the database cannot be written: the file or its
// directory is read-only, the file is immutable, or its write lock cannot be taken.
void check_writable(sqlite::Db& db, const std::string& path);

// True for failures that mean the file system is full (SQLITE_FULL, ENOSPC, EDQUOT).
bool is_disk_full(const sqlite::SqliteError& error);

// "database PATH: the disk is full: no space left for it in DIRECTORY".
std::string disk_full_message(const std::string& path);

}  // namespace clonebench
