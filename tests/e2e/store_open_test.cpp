// A database that cannot take a run is refused when it is opened, before anything is measured:
// read-only, damaged, with an impossible schema version, on a full disk. Commands that only
// read open it read-only, so `history` works where nothing may be written, and leave no -wal or
// -shm file beside a database they could have written.
#include <grp.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sqlite3.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

namespace fs = std::filesystem;

constexpr uid_t kNobodyUid = 65534;

bool message_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Permissions do not bind root: as root the tool runs as nobody, in a directory nobody owns.
bool is_root() {
  return ::geteuid() == 0;
}
void become_nobody() {
  if (is_root()) {
    ::setgroups(0, nullptr);
    ::setgid(kNobodyUid);
    ::setuid(kNobodyUid);
  }
}

class StoreOpen : public ::testing::Test {
 protected:
  void SetUp() override {
    ::chmod(dir_.c_str(), 0755);
    if (is_root()) {
      ASSERT_EQ(::chown(dir_.c_str(), kNobodyUid, kNobodyUid), 0);
    }
    db_ = dir_ + "/runs.db";
  }
  // A test may take the permissions away; TempDirectory needs them back to remove the directory.
  void TearDown() override { ::chmod(dir_.c_str(), 0755); }
  ToolResult tool(const std::vector<std::string>& args, double timeout_s = 20) const {
    return run_tool(args, timeout_s, {}, become_nobody);
  }
  void store_a_run() const {
    const ToolResult stored = tool({"run", "fork", "--timeout", "0.2", "--db", db_});
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
  }
  // Runs SQL on the database directly, as something other than clonebench would.
  void sql(const std::string& statement) const {
    sqlite3* db = nullptr;
    ASSERT_EQ(sqlite3_open(db_.c_str(), &db), SQLITE_OK);
    EXPECT_EQ(sqlite3_exec(db, statement.c_str(), nullptr, nullptr, nullptr), SQLITE_OK);
    sqlite3_close(db);
  }
  std::int64_t query(const std::string& statement) const {
    sqlite3* db = nullptr;
    sqlite3_stmt* row = nullptr;
    std::int64_t value = -1;
    if (sqlite3_open(db_.c_str(), &db) == SQLITE_OK &&
        sqlite3_prepare_v2(db, statement.c_str(), -1, &row, nullptr) == SQLITE_OK &&
        sqlite3_step(row) == SQLITE_ROW) {
      value = sqlite3_column_int64(row, 0);
    }
    sqlite3_finalize(row);
    sqlite3_close(db);
    return value;
  }
  std::size_t entries() const {
    return static_cast<std::size_t>(
        std::distance(fs::directory_iterator(dir_), fs::directory_iterator()));
  }
  // A run that would measure for 30 s: refused at open, it ends long before the test's bound.
  ToolResult long_run() const { return tool({"run", "fork", "--timeout", "30", "--db", db_}, 20); }
  const TempDirectory directory_;
  const std::string dir_ = directory_.path().string();
  std::string db_;
};

TEST_F(StoreOpen, AReadOnlyDatabaseIsRefusedBeforeMeasuringAndLeavesNoFiles) {
  store_a_run();
  ASSERT_EQ(::chmod(db_.c_str(), 0444), 0);
  const ToolResult result = long_run();
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(message_contains(result.err, db_)) << result.err;
  EXPECT_EQ(entries(), 1U) << "no -wal or -shm left beside the database";
}

TEST_F(StoreOpen, ADatabaseInAReadOnlyDirectoryIsRefusedBeforeMeasuring) {
  store_a_run();
  ASSERT_EQ(::chmod(dir_.c_str(), 0555), 0);
  const ToolResult result = long_run();
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(message_contains(result.err, db_)) << result.err;
}

TEST_F(StoreOpen, ReadingCommandsWorkInAReadOnlyDirectory) {
  store_a_run();
  ASSERT_EQ(::chmod(dir_.c_str(), 0555), 0);
  const ToolResult history = tool({"history", "--db", db_});
  EXPECT_EQ(history.exit_code, 0) << history.err;
  EXPECT_TRUE(message_contains(history.out, "fork")) << history.out;
  const ToolResult show = tool({"show", "1", "--db", db_, "--json", "-"});
  EXPECT_EQ(show.exit_code, 0) << show.err;
  const ToolResult missing = tool({"history", "--db", dir_ + "/none.db"});
  EXPECT_EQ(missing.exit_code, 0) << missing.err;
  EXPECT_TRUE(message_contains(missing.out, "no runs stored")) << missing.out;
  EXPECT_EQ(entries(), 1U);
}

TEST_F(StoreOpen, ReadingCommandsLeaveNothingBesideAWritableDatabase) {
  store_a_run();
  store_a_run();  // compare takes two different runs: a run is not compared with itself
  ASSERT_EQ(entries(), 1U) << "the run's own -wal and -shm are gone when it ends";
  for (const std::vector<std::string>& args : {std::vector<std::string>{"history"},
                                               {"show", "1"},
                                               {"export", "1", "--json", "-"},
                                               {"report", "1"},
                                               {"compare", "1", "2"}}) {
    std::vector<std::string> with_db = args;
    with_db.insert(with_db.end(), {"--db", db_});
    const ToolResult result = tool(with_db);
    EXPECT_EQ(result.exit_code, 0) << args.front() << ": " << result.err;
    EXPECT_EQ(entries(), 1U) << args.front() << " left a -wal or -shm beside the database";
  }
}

TEST_F(StoreOpen, ADamagedDatabaseIsRefusedBeforeMeasuring) {
  store_a_run();
  store_a_run();
  const std::int64_t page_size = query("PRAGMA page_size");
  const std::int64_t root = query("SELECT rootpage FROM sqlite_master WHERE name = 'run'");
  ASSERT_GT(root, 0);
  {
    // Garbage over the cell pointers of the run table's root page.
    std::fstream file(db_, std::ios::in | std::ios::out | std::ios::binary);
    file.seekp((root - 1) * page_size + 8);
    const std::string garbage(64, '\xde');
    file.write(garbage.data(), static_cast<std::streamsize>(garbage.size()));
  }
  const ToolResult result = long_run();
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(message_contains(result.err, "damaged")) << result.err;
  const ToolResult history = tool({"history", "--db", db_});
  EXPECT_EQ(history.exit_code, 2) << history.err;
}

TEST_F(StoreOpen, ANegativeSchemaVersionIsNamed) {
  store_a_run();
  sql("PRAGMA user_version = -1");
  const ToolResult result = long_run();
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(message_contains(result.err, "schema version -1")) << result.err;
}

// In a private mount namespace (it ends with the process), a full 64 KiB tmpfs under the
// test's directory. False when this process may not do that (not root).
bool mount_full_disk(const std::string& directory) {
  if (::unshare(CLONE_NEWNS) != 0 ||
      ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
      ::mount("tmpfs", directory.c_str(), "tmpfs", 0, "size=64k,mode=0777") != 0) {
    return false;
  }
  std::ofstream fill(directory + "/fill", std::ios::binary);
  const std::string block(4096, 'x');
  for (int i = 0; i < 64 && fill.write(block.data(), block.size()); ++i) {
  }
  return true;
}

TEST_F(StoreOpen, AFullDiskAtOpenIsNamedWithItsDirectory) {
  const pid_t probe = ::fork();
  if (probe == 0) {
    ::_exit(mount_full_disk(dir_) ? 0 : 1);
  }
  int status = 0;
  ::waitpid(probe, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    GTEST_SKIP() << "cannot mount a tmpfs here (needs root)";
  }
  const ToolResult result = run_tool({"run", "fork", "--timeout", "30", "--db", db_}, 20, {},
                                     [this] { mount_full_disk(dir_); });
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(message_contains(result.err, "the disk is full: no space left for it in " + dir_))
      << result.err;
}

}  // namespace
}  // namespace clonebench::testing
