// A database path that is not usable is the user's input error: UsageError naming the file.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

class StoreBadFile : public testing::TempDirectoryTest {
 protected:
  // Runs SQL on the file with the bare C API.
  void raw_exec(const std::string& sql) const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    ASSERT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, nullptr), SQLITE_OK)
        << sqlite3_errmsg(db);
    sqlite3_close(db);
  }

  void expect_refused(const std::string& path, const std::string& mention) const {
    try {
      Store store(path);
      // Some damage is only seen when the data is read.
      for (const auto& row : store.history(1000)) {
        store.load(row.id);
      }
      ADD_FAILURE() << "opened " << path;
    } catch (const UsageError& error) {
      const std::string message = error.what();
      EXPECT_NE(message.find(path), std::string::npos) << message;
      EXPECT_NE(message.find(mention), std::string::npos) << message;
    }
  }

  const fs::path directory_ = scratch_.path();
  std::string path_ = scratch_.file("runs.db");
};

TEST_F(StoreBadFile, RefusesAFileThatIsNotSqlite) {
  std::ofstream(path_) << "this is a text file, long enough to look like a header..........\n"
                       << std::string(4096, 'x');
  expect_refused(path_, "not a database");
}

TEST_F(StoreBadFile, RefusesAnotherApplicationsSqliteDatabaseWithoutTouchingIt) {
  raw_exec("CREATE TABLE customers (name TEXT); INSERT INTO customers VALUES ('a');");
  const auto before = fs::file_size(path_);
  expect_refused(path_, "not a clonebench database");
  EXPECT_EQ(fs::file_size(path_), before);
  EXPECT_FALSE(fs::exists(path_ + "-wal"));
}

TEST_F(StoreBadFile, RefusesADatabaseWithAForeignApplicationId) {
  raw_exec("PRAGMA application_id = 1234;");
  expect_refused(path_, "not a clonebench database");
}

TEST_F(StoreBadFile, RefusesAUserVersionWithoutClonebenchsApplicationId) {
  // Another program's versioned database, with or without tables: never migrated or touched.
  raw_exec("PRAGMA user_version = 1;");
  const auto before = fs::file_size(path_);
  expect_refused(path_,
                 "not a clonebench database (user_version 1 without clonebench's "
                 "application_id)");
  EXPECT_EQ(fs::file_size(path_), before);
  raw_exec("CREATE TABLE run (id INTEGER PRIMARY KEY); PRAGMA user_version = 3;");
  expect_refused(path_,
                 "not a clonebench database (user_version 3 without clonebench's "
                 "application_id)");
}

TEST_F(StoreBadFile, RefusesADatabaseFromANewerClonebench) {
  { Store store(path_); }
  raw_exec("PRAGMA user_version = 999;");
  expect_refused(path_, "newer");
}

TEST_F(StoreBadFile, RefusesACorruptDatabase) {
  {
    Store store(path_);
    for (int i = 0; i < 50; ++i) {
      RunRecord record = testing::sample_clone_run();
      store.save(record, testing::sample_environment());
    }
  }
  // Checkpointed by the last close; overwrite every page after the first with garbage.
  const auto size = fs::file_size(path_);
  ASSERT_GT(size, 8192U);
  {
    std::fstream file(path_, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp(4096);
    const std::string garbage(size - 4096, '\x5a');
    file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  expect_refused(path_, "database");
}

TEST_F(StoreBadFile, RefusesAPathWhereNoDatabaseCanBeCreated) {
  expect_refused("/proc/clonebench.db", "/proc/clonebench.db");
  std::ofstream(directory_ / "file") << "x";
  const std::string below_file = (directory_ / "file" / "runs.db").string();
  expect_refused(below_file, "cannot create");
}

TEST_F(StoreBadFile, RefusesADirectory) {
  expect_refused(directory_.string(), "database");
}

TEST_F(StoreBadFile, RefusesANegativeSchemaVersionNamingIt) {
  { Store store(path_); }
  raw_exec("PRAGMA user_version = -1;");
  expect_refused(path_, "schema version -1");
}

TEST_F(StoreBadFile, ReadOnlyAccessToAMissingFileFindsNothingAndCreatesNothing) {
  const Store store(path_, Store::Access::kReadOnly);
  EXPECT_TRUE(store.history(10).empty());
  EXPECT_FALSE(store.load(1).has_value());
  EXPECT_FALSE(fs::exists(path_));
}

}  // namespace
}  // namespace clonebench
