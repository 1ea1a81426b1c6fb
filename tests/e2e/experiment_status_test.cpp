// An experiment killed with SIGKILL cannot say it ended: `history` shows it interrupted once its
// process is gone, never "(running)" forever.
#include <gtest/gtest.h>
#include <signal.h>
#include <sqlite3.h>

#include <chrono>
#include <string>
#include <thread>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

std::int64_t runs_stored_in(const std::string& path) {
  sqlite3* db = nullptr;
  std::int64_t runs = -1;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, "SELECT count(*) FROM run", -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW) {
      runs = sqlite3_column_int64(statement, 0);
    }
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  return runs;
}

TEST(ExperimentStatus, AnAbKilledWithSigkillIsShownInterruptedOnceItsProcessIsGone) {
  TempDirectory dir("experiment-status");
  const std::string db = dir.file("runs.db");
  {
    ToolProcess ab(
        {"ab", "fork --timeout 0.2", "--pairs", "50", "--warmup", "0", "--quiet", "--db", db});
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (runs_stored_in(db) < 1 && std::chrono::steady_clock::now() < deadline) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    ASSERT_GE(runs_stored_in(db), 1) << "ab stored a run";
    ab.signal(SIGKILL);
    EXPECT_EQ(ab.wait().exit_code, 128 + SIGKILL);
    EXPECT_TRUE(orphans_end_by_themselves());
  }
  const ToolResult history = run_tool({"history", "--db", db});
  ASSERT_EQ(history.exit_code, 0) << history.err;
  EXPECT_EQ(history.out.find("(running)"), std::string::npos) << history.out;
  EXPECT_NE(history.out.find("(interrupted)"), std::string::npos) << history.out;
}

}  // namespace
}  // namespace clonebench::testing
