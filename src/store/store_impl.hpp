#pragma once
// What a Store holds when it reads or writes a SQLite file, shared by the file that opens it
// (store/sqlite_open.cpp) and the one that queries it (store/store.cpp). Private to the store.

#include <string>
#include <utility>

#include "store/open_lock.hpp"
#include "store/sqlite.hpp"
#include "store/store.hpp"

namespace clonebench {

// How long a writer waits for another that holds the database.
inline constexpr int kBusyTimeoutMs = 10'000;

struct Store::Impl {
  Impl(const std::string& path, sqlite::OpenMode mode, OpenLock open_lock = {})
      : lock(std::move(open_lock)), db(path, mode) {}
  OpenLock lock;  // declared before db, so closed after it (store/open_lock.hpp)
  sqlite::Db db;
};

}  // namespace clonebench
