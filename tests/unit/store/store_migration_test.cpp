// Databases from other versions and other processes: a file written by schema version 1 (kept in
// tests/data, see tests/data/README.md) opens, keeps every value and takes new runs; several
// processes opening one new file at the same moment migrate it once, and all of them succeed.
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "store/schema.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"
#include "support/test_data.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

// The value of a PRAGMA (or any single-value query), read with the bare C API.
std::int64_t query(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  EXPECT_EQ(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  EXPECT_EQ(sqlite3_prepare_v2(db, sql.c_str(), -1, &statement, nullptr), SQLITE_OK)
      << sqlite3_errmsg(db);
  EXPECT_EQ(sqlite3_step(statement), SQLITE_ROW);
  const std::int64_t value = sqlite3_column_int64(statement, 0);
  sqlite3_finalize(statement);
  sqlite3_close(db);
  return value;
}

class OlderSchema : public testing::TempDirectoryTest {
 protected:
  // A copy: the file in tests/data is never written.
  void SetUp() override { fs::copy_file(testing::data_path("store/store-schema-v1.db"), path_); }
  const std::string path_ = scratch_.file("runs.db");
};

TEST_F(OlderSchema, IsAVersionOneClonebenchDatabaseBeforeItIsOpened) {
  EXPECT_EQ(query(path_, "PRAGMA user_version"), 1);
  EXPECT_EQ(query(path_, "PRAGMA application_id"), 0x434C4E42);
  EXPECT_EQ(query(path_, "SELECT count(*) FROM run"), 2);
}

TEST_F(OlderSchema, OpensAtTheLatestVersionWithEveryStoredValue) {
  const Store store(path_);
  EXPECT_EQ(query(path_, "PRAGMA user_version"), latest_schema_version());
  // The two runs of tests/support/sample_document.hpp as that version stored them.
  const auto clone = store.load(1);
  ASSERT_TRUE(clone.has_value());
  EXPECT_EQ(clone->record.label, "6.18.44-fc-v857");
  EXPECT_EQ(clone->record.started_at, "2026-11-29T17:50:57Z");
  EXPECT_EQ(clone->record.result.stressor, "clone");
  EXPECT_EQ(clone->record.result.instances, 2U);
  EXPECT_EQ(clone->record.result.bogo_ops, 2807U);
  EXPECT_EQ(clone->record.result.real_time_s, 10.0428);
  EXPECT_EQ(clone->record.result.max_rss_kb, 142088U);
  EXPECT_EQ(clone->record.result.failures.at("EPERM"), 340U);
  EXPECT_EQ(clone->record.result.parent.region_anonymous_kb, 131072U);
  EXPECT_EQ(clone->record.result.create.count(), 2807U);
  EXPECT_EQ(clone->record.result.reap.count(), 2807U);
  EXPECT_EQ(clone->environment.kernel_release.value_or(""), "6.18.44-fc-v857");
  const auto fork = store.load(2);
  ASSERT_TRUE(fork.has_value());
  EXPECT_EQ(fork->record.label, "base,line \"quoted\"");
  EXPECT_EQ(fork->record.experiment, "ab-2026-11-29T17:51:00Z-4f2a");
  EXPECT_EQ(fork->record.result.bogo_ops, 2071U);
  const auto summary = store.load_experiment_summary("ab-2026-11-29T17:51:00Z-4f2a");
  ASSERT_TRUE(summary.has_value());
  EXPECT_EQ(summary->kind, ExperimentKind::kAb);
  // Version 3 gave every older run its own id; which host measured them was not recorded.
  EXPECT_EQ(clone->origin.uid.size(), 32U);
  EXPECT_NE(clone->origin.uid, fork->origin.uid);
  EXPECT_EQ(clone->origin.hostname, "");
}

TEST_F(OlderSchema, TakesNewRunsAfterTheOldOnes) {
  {
    Store store(path_);
    RunRecord record = testing::sample_fork_run();
    record.experiment.clear();
    record.result.bogo_ops = 4242;
    EXPECT_EQ(store.save(record, testing::sample_environment()), 3);
  }
  const Store reopened(path_);
  EXPECT_EQ(reopened.load(3)->record.result.bogo_ops, 4242U);
  EXPECT_EQ(reopened.history(10).size(), 3U);
}

// Forks `writers` processes that open a new database file at the same moment and save one run.
// Returns how many of them exited 0.
int open_at_once(const std::string& path, int writers) {
  int gate[2];
  if (::pipe(gate) != 0) {
    return -1;
  }
  std::vector<pid_t> children;
  for (int i = 0; i < writers; ++i) {
    const pid_t child = ::fork();
    if (child == 0) {
      ::close(gate[1]);
      char byte = 0;
      (void)!::read(gate[0], &byte, 1);  // returns when the parent closes the pipe
      try {
        Store store(path);
        RunRecord record = testing::sample_clone_run();
        store.save(record, testing::sample_environment());
      } catch (const std::exception& error) {
        std::fprintf(stderr, "writer %d: %s\n", i, error.what());
        ::_exit(1);
      }
      ::_exit(0);
    }
    children.push_back(child);
  }
  ::close(gate[0]);
  ::close(gate[1]);  // opens the gate for every writer at once
  int succeeded = 0;
  for (const pid_t child : children) {
    int status = 0;
    ::waitpid(child, &status, 0);
    succeeded += WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 1 : 0;
  }
  return succeeded;
}

TEST(StoreMigration, SeveralProcessesCreatingOneDatabaseAtOnceAllSucceed) {
  const testing::TempDirectory scratch;
  constexpr int kWriters = 6;
  constexpr int kFiles = 8;  // each a fresh race
  for (int file = 0; file < kFiles; ++file) {
    const std::string path = scratch.file("runs-" + std::to_string(file) + ".db");
    ASSERT_EQ(open_at_once(path, kWriters), kWriters) << path;
    EXPECT_EQ(query(path, "PRAGMA user_version"), latest_schema_version());
    EXPECT_EQ(query(path, "SELECT count(*) FROM run"), kWriters);
    EXPECT_EQ(query(path, "SELECT count(*) FROM sqlite_master WHERE name = 'run'"), 1);
  }
}

}  // namespace
}  // namespace clonebench
