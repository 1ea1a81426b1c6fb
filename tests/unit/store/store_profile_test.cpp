// Profiles in the run database: stored with their run, absent for unprofiled runs, and a
// version-1 database gains the profile table without losing a run.
#include <fmt/core.h>
#include <gtest/gtest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "store/schema.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

class StoreProfileTest : public testing::TempDirectoryTest {
 protected:
  // Runs SQL with the bare C API, independently of the store.
  void exec(const std::string& sql) const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
    char* error = nullptr;
    EXPECT_EQ(sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &error), SQLITE_OK)
        << (error != nullptr ? error : "");
    sqlite3_free(error);
    sqlite3_close(db);
  }

  std::string path_ = scratch_.file("runs.db");
};

KernelProfile sample_profile() {
  KernelProfile profile;
  profile.event = "cpu-clock";
  profile.frequency_hz = 999;
  profile.window_s = 2.5;
  profile.samples = 5000;
  profile.kernel_samples = 3000;
  profile.idle_samples = 1000;
  profile.own_samples = 3500;
  profile.top_kernel_symbols = {{"copy_page_range", 900, 880}, {"pvm_irq_enable", 700, 300}};
  profile.paths = {{"dup_mm", 1200, 1190}, {"idle", 1000, 0}};
  return profile;
}

TEST_F(StoreProfileTest, AProfiledRunLoadsBackWithItsProfileAndAnUnprofiledOneWithout) {
  RunRecord profiled = testing::sample_clone_run();
  profiled.id = 0;
  profiled.profile = sample_profile();
  RunRecord plain = testing::sample_fork_run();
  plain.id = 0;
  plain.experiment.clear();  // save() stores single runs; experiments go through save_experiment
  {
    Store store(path_);
    store.save(profiled, Environment{});
    store.save(plain, Environment{});
  }
  Store store(path_);
  const auto loaded = store.load(profiled.id);
  ASSERT_TRUE(loaded.has_value());
  ASSERT_TRUE(loaded->record.profile.has_value());
  const KernelProfile& profile = *loaded->record.profile;
  EXPECT_EQ(profile.event, "cpu-clock");
  EXPECT_EQ(profile.frequency_hz, 999U);
  EXPECT_DOUBLE_EQ(profile.window_s, 2.5);
  EXPECT_EQ(profile.samples, 5000U);
  EXPECT_EQ(profile.own_samples, 3500U);
  ASSERT_EQ(profile.top_kernel_symbols.size(), 2U);
  EXPECT_EQ(profile.top_kernel_symbols[0].name, "copy_page_range");
  EXPECT_EQ(profile.top_kernel_symbols[0].own_samples, 880U);
  EXPECT_EQ(profile.paths[0].samples, 1200U);
  EXPECT_FALSE(store.load(plain.id)->record.profile.has_value());
}

TEST_F(StoreProfileTest, AVersionOneDatabaseIsMigratedAndKeepsItsRuns) {
  // A database as a clonebench before profiles wrote it: migration 1 only.
  exec(schema_migrations().at(0) +
       fmt::format("PRAGMA application_id = {}; PRAGMA user_version = 1;", kApplicationId));
  exec(
      "INSERT INTO environment (id, json) VALUES (1, '{}');"
      "INSERT INTO run (label, started_at, tool_version, environment_id, stressor, instances, "
      "options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, max_rss_kb, failures_json, "
      "parent_json) VALUES ('old', '2026-11-29T18:00:00Z', '0.1.0', 1, 'fork', 1, '{}', 10, 1.0, "
      "0.1, 0.2, 3000, '{}', '{}');");
  Store store(path_);
  const auto old = store.load(1);
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->record.label, "old");
  EXPECT_FALSE(old->record.profile.has_value());
  RunRecord profiled = testing::sample_clone_run();
  profiled.id = 0;
  profiled.profile = sample_profile();
  store.save(profiled, Environment{});
  EXPECT_TRUE(store.load(profiled.id)->record.profile.has_value());
  EXPECT_GE(latest_schema_version(), 2);  // the profile table came with version 2
}

TEST_F(StoreProfileTest, AProfileThatDoesNotParseIsACorruptDatabase) {
  RunRecord profiled = testing::sample_clone_run();
  profiled.id = 0;
  profiled.profile = sample_profile();
  {
    Store store(path_);
    store.save(profiled, Environment{});
  }
  exec("UPDATE profile SET json = '{\"samples\": \"many\"}'");
  Store store(path_);
  EXPECT_THROW(store.load(profiled.id), UsageError);
}

TEST_F(StoreProfileTest, DeletingARunDeletesItsProfile) {
  RunRecord profiled = testing::sample_clone_run();
  profiled.id = 0;
  profiled.profile = sample_profile();
  {
    Store store(path_);
    store.save(profiled, Environment{});
  }
  exec("PRAGMA foreign_keys = ON; DELETE FROM latency; DELETE FROM run;");
  sqlite3* db = nullptr;
  ASSERT_EQ(sqlite3_open(path_.c_str(), &db), SQLITE_OK);
  sqlite3_stmt* statement = nullptr;
  ASSERT_EQ(sqlite3_prepare_v2(db, "SELECT count(*) FROM profile", -1, &statement, nullptr),
            SQLITE_OK);
  ASSERT_EQ(sqlite3_step(statement), SQLITE_ROW);
  EXPECT_EQ(sqlite3_column_int64(statement, 0), 0);
  sqlite3_finalize(statement);
  sqlite3_close(db);
}

}  // namespace
}  // namespace clonebench
