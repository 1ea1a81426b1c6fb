// A PostgreSQL connection that drops while a run is measured does not lose the run: it is
// stored after reconnecting, and when the database cannot be reached again the table is still
// printed, the requested files written, and the run kept in a local database named on stderr.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "postgres/store_backends.hpp"
#include "postgres/tool_run.hpp"

namespace clonebench {
namespace {

using testing::count_rows;
using testing::query_int;
using testing::shared_postgres_cluster;

// clonebench's connections to `database`, as the server sees them.
std::int64_t clonebench_connections(const std::string& admin_url, const std::string& database) {
  return query_int(admin_url,
                   "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'clonebench' "
                   "AND datname = '" +
                       database + "'");
}

// Waits until clonebench is connected to `database`; false when it never was.
bool wait_for_clonebench_connection(const std::string& admin_url, const std::string& database) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (clonebench_connections(admin_url, database) == 0) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// Ends clonebench's connection to `database` from the server's side, once it shows up; false
// when it never did.
bool terminate_clonebench_connection(const std::string& admin_url, const std::string& database) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    if (query_int(admin_url,
                  "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE "
                  "application_name = 'clonebench' AND datname = '" +
                      database + "'") > 0) {
      return true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return false;
}

bool output_file_exists(const std::string& path) {
  struct stat status {};
  return ::stat(path.c_str(), &status) == 0;
}

class DroppedServer : public ::testing::Test {
 protected:
  // `run` against `location` (default: remote_), whose connection is ended while it measures.
  testing::ToolRun run_and_drop(bool database_stays_closed, const std::string& location = "") {
    const std::string database = testing::database_of(remote_);
    const std::string admin = shared_postgres_cluster().url("postgres");
    testing::StartedTool tool(CLONEBENCH_BINARY,
                              {"run", "fork", "--timeout", "2", "--db",
                               location.empty() ? remote_ : location, "--json", json_},
                              {"XDG_DATA_HOME=" + data_.path().string()});
    // Connected (on a loaded machine that can take longer than the run's first moments), then
    // measuring.
    EXPECT_TRUE(wait_for_clonebench_connection(admin, database));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    if (database_stays_closed) {
      shared_postgres_cluster().exec(
          "postgres", "ALTER DATABASE " + database + " WITH ALLOW_CONNECTIONS false");
    }
    EXPECT_TRUE(terminate_clonebench_connection(admin, database));
    testing::ToolRun run = tool.finish(std::chrono::seconds(60));
    if (database_stays_closed) {
      shared_postgres_cluster().exec("postgres",
                                     "ALTER DATABASE " + database + " WITH ALLOW_CONNECTIONS true");
    }
    return run;
  }
  testing::TempDirectory data_;
  const std::string remote_ = shared_postgres_cluster().create_database();
  const std::string json_ = data_.file("rm.json");
  const std::string undelivered_ = data_.file("clonebench/undelivered.db");
};

TEST_F(DroppedServer, ARunIsStoredAfterReconnecting) {
  const testing::ToolRun run = run_and_drop(false);
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("fork"), std::string::npos) << run.out;
  EXPECT_TRUE(output_file_exists(json_));
  EXPECT_EQ(count_rows(remote_, "run"), 1);
}

TEST_F(DroppedServer, ARunTheDatabaseCannotTakeIsPrintedWrittenAndKeptLocally) {
  const testing::ToolRun run = run_and_drop(true);
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_NE(run.out.find("fork"), std::string::npos) << "the table: " << run.out;
  EXPECT_TRUE(output_file_exists(json_)) << "--json was written";
  EXPECT_NE(run.err.find(undelivered_), std::string::npos) << run.err;
  EXPECT_EQ(count_rows(undelivered_, "run"), 1);
  EXPECT_EQ(count_rows(remote_, "run"), 0);
  const testing::ToolRun push =
      testing::run_tool({"push", "--to", remote_, "--all", "--db", undelivered_});
  EXPECT_EQ(push.exit_code, 0) << push.err;
  EXPECT_EQ(count_rows(remote_, "run"), 1);
}

// The local database keeps the run with its command line, whose URL held the password.
TEST_F(DroppedServer, ARunKeptLocallyKeepsNoPasswordOfTheUrl) {
  const std::string password = testing::PostgresCluster::kPassword;
  const testing::ToolRun run = run_and_drop(true, testing::url_with_password(remote_, password));
  EXPECT_EQ(run.exit_code, 1) << run.err;
  EXPECT_EQ(count_rows(undelivered_, "run"), 1);
  std::ifstream file(undelivered_, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  std::ifstream wal(undelivered_ + "-wal", std::ios::binary);
  bytes << wal.rdbuf();
  EXPECT_EQ(bytes.str().find(password), std::string::npos);
  EXPECT_EQ((run.out + run.err).find(password), std::string::npos) << run.err;
}

}  // namespace
}  // namespace clonebench
