// What only the PostgreSQL backend has: a server that can be old, foreign, shared by hosts that
// migrate at once, out of reach, or asking for a password — and a URL whose password must never
// show.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "postgres/store_backends.hpp"
#include "store/pg_schema.hpp"
#include "store/postgres.hpp"
#include "store/schema.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

using testing::database_of;
using testing::PostgresCluster;
using testing::shared_postgres_cluster;
using testing::url_with_password;

std::string schema_version(const std::string& url) {
  return std::to_string(testing::query_int(url, "SELECT max(version) FROM clonebench_schema"));
}

TEST(PostgresStore, HasAMigrationForEveryVersionOfTheSqliteSchema) {
  const std::string url = shared_postgres_cluster().create_database();
  { Store store(url); }
  EXPECT_EQ(schema_version(url), std::to_string(latest_schema_version()));
  EXPECT_EQ(testing::count_rows(url, "clonebench_schema"), latest_schema_version());
}

TEST(PostgresStore, MigratesAVersionTwoDatabaseKeepingItsRunsAndGivingThemIds) {
  const std::string url = shared_postgres_cluster().create_database();
  {
    postgres::Connection connection(StoreLocation::parse(url).settings());
    migrate_postgres(connection, url, 2);
  }
  const std::string database = database_of(url);
  auto& cluster = shared_postgres_cluster();
  cluster.exec(database, "INSERT INTO environment (json) VALUES ('{\"kernel\":\"6.1\"}')");
  cluster.exec(database,
               "INSERT INTO run (label, started_at, tool_version, environment_id, stressor, "
               "instances, options_json, bogo_ops, real_time_s, usr_time_s, sys_time_s, "
               "max_rss_kb, failures_json, parent_json) VALUES ('old', '2026-01-01T00:00:00Z', "
               "'0.0.9', 1, 'fork', 1, '{}', 1234, 1.5, 0.25, 0.75, 2048, '{}', '{}')");
  EXPECT_EQ(schema_version(url), "2");
  const Store store(url);
  EXPECT_EQ(schema_version(url), std::to_string(latest_schema_version()));
  const auto old = store.load(1);
  ASSERT_TRUE(old.has_value());
  EXPECT_EQ(old->record.label, "old");
  EXPECT_EQ(old->record.result.bogo_ops, 1234U);
  EXPECT_EQ(old->record.result.real_time_s, 1.5);
  EXPECT_EQ(old->environment, (nlohmann::json{{"kernel", "6.1"}}));
  EXPECT_EQ(old->origin.uid.size(), 32U);
  EXPECT_EQ(old->origin.hostname, "");  // not recorded before version 4
}

// Made by the hand-written migrations that came before the schema description
// (tests/data/store/postgres-schema-v3.sql): the description's version 4 must apply to it.
TEST(PostgresStore, MigratesAVersionThreeDatabaseThatTheOldLadderMade) {
  const std::string url = shared_postgres_cluster().create_database();
  std::ifstream file(std::string(CLONEBENCH_SOURCE_DIR) +
                     "/tests/data/store/postgres-schema-v3.sql");
  std::stringstream sql;
  sql << file.rdbuf();
  ASSERT_FALSE(sql.str().empty());
  shared_postgres_cluster().exec(database_of(url), sql.str());
  EXPECT_EQ(schema_version(url), "3");
  const Store store(url);
  EXPECT_EQ(schema_version(url), std::to_string(latest_schema_version()));
  const auto first = store.load(1);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->record.label, "old-a");
  EXPECT_EQ(first->record.experiment, "ab-2026-10-01T00:00:00Z-0001");
  EXPECT_EQ(first->record.result.bogo_ops, 5000U);
  EXPECT_EQ(first->record.result.sys_time_s, 1.25);
  EXPECT_EQ(first->record.result.failures.at("EAGAIN"), 3U);
  EXPECT_EQ(first->record.result.supervisor_reaped, 7U);
  EXPECT_EQ(first->environment, (nlohmann::json{{"kernel_release", "6.1.0-old"}}));
  const auto second = store.load(2);
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->record.result.stressor, "vfork");
  EXPECT_EQ(first->origin.uid.size(), 32U);
  EXPECT_NE(first->origin.uid, second->origin.uid);
  EXPECT_EQ(second->origin.hostname, "");  // not recorded before version 4
  EXPECT_EQ(store.load_experiment_summary("ab-2026-10-01T00:00:00Z-0001")->status, "interrupted");
  EXPECT_EQ(testing::query_int(url, "SELECT count(*) FROM run WHERE uid IS NULL"), 0);
}

TEST(PostgresStore, RefusesADatabaseWithForeignTablesAndLeavesItAlone) {
  const std::string url = shared_postgres_cluster().create_database();
  const std::string database = database_of(url);
  shared_postgres_cluster().exec(database, "CREATE TABLE invoices (id int)");
  EXPECT_THROW({ Store store(url); }, UsageError);
  EXPECT_EQ(testing::query_int(url, "SELECT (to_regclass('run') IS NULL)::int"), 1);
}

TEST(PostgresStore, RefusesADatabaseNewerThanThisBuild) {
  const std::string url = shared_postgres_cluster().create_database();
  { Store store(url); }
  const std::string database = database_of(url);
  shared_postgres_cluster().exec(database, "INSERT INTO clonebench_schema VALUES (999)");
  try {
    Store store(url);
    FAIL() << "opened a database of schema version 999";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("newer than this clonebench"), std::string::npos);
  }
}

// Hosts of a fleet start at the same moment against a new central database.
TEST(PostgresStore, SeveralProcessesMigratingOneNewDatabaseAtOnceAllSucceed) {
  const std::string url = shared_postgres_cluster().create_database();
  std::vector<pid_t> children;
  for (int i = 0; i < 4; ++i) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      try {
        Store store(url);
        RunRecord record = testing::sample_fork_run();
        record.experiment.clear();
        store.save(record, testing::sample_environment());
        ::_exit(0);
      } catch (const std::exception& error) {
        std::fprintf(stderr, "child %d: %s\n", i, error.what());
        ::_exit(1);
      }
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_EQ(testing::count_rows(url, "run"), 4);
  EXPECT_EQ(testing::count_rows(url, "environment"), 1);
  EXPECT_EQ(testing::count_rows(url, "clonebench_schema"), latest_schema_version());
}

TEST(PostgresStore, AWrongPasswordIsOneLineThatNeverShowsThePassword) {
  const std::string url = shared_postgres_cluster().create_database();
  const std::string secret = "wrong-secret-pony";
  const std::string with_password = url_with_password(url, secret);
  try {
    Store store(with_password);
    FAIL() << "connected with a wrong password";
  } catch (const RuntimeError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.find(secret), std::string::npos) << message;
    EXPECT_NE(message.find("password authentication failed"), std::string::npos) << message;
    EXPECT_NE(message.find(PostgresCluster::kPasswordRole), std::string::npos) << message;
  }
}

TEST(PostgresStore, TheRightPasswordConnectsAndTheStoreNeverRepeatsIt) {
  const std::string url = shared_postgres_cluster().create_database();
  const std::string with_password = url_with_password(url, PostgresCluster::kPassword);
  Store store(with_password);
  EXPECT_EQ(store.path().find(PostgresCluster::kPassword), std::string::npos);
  RunRecord record = testing::sample_clone_run();
  store.save(record, testing::sample_environment());
  const auto stored = store.load(record.id);
  ASSERT_TRUE(stored.has_value());
  EXPECT_EQ(stored->environment.dump().find(PostgresCluster::kPassword), std::string::npos);
}

TEST(PostgresStore, AnUnreachableServerIsARuntimeErrorNamingTheLocation) {
  const std::string url = "postgresql:///nothing?host=/nonexistent-socket-dir&port=1&user=x";
  try {
    Store store(url);
    FAIL() << "connected to nothing";
  } catch (const RuntimeError& error) {
    const std::string message = error.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_NE(message.find("database " + url + ": cannot connect"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace clonebench
