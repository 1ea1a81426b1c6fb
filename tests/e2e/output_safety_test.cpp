// Output files never destroy data: an output path that is the run database (or its -wal/-shm,
// or a symlink to either) is refused before anything runs; devices and pipes are written
// through, not replaced; a symlink's target is written and the link kept; two outputs never
// share stdout or a file.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <fstream>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

bool output_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

mode_t file_type(const std::string& path) {
  struct stat status {};
  return ::lstat(path.c_str(), &status) == 0 ? (status.st_mode & S_IFMT) : 0;
}

// A database with one stored run, removed (with its -wal/-shm) at the end.
class StoredDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = temp_path("outputs.db");
    const ToolResult stored = run_tool({"run", "fork", "--timeout", "0.2", "--db", db_});
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
  }
  void TearDown() override {
    for (const char* suffix : {"", "-wal", "-shm"}) {
      std::remove((db_ + suffix).c_str());
    }
  }
  // Still a clonebench database with its one run.
  void expect_database_intact() const {
    const ToolResult history = run_tool({"history", "--db", db_});
    EXPECT_EQ(history.exit_code, 0) << history.err;
    EXPECT_TRUE(output_contains(history.out, "fork")) << history.out << history.err;
  }
  std::string db_;
};

TEST_F(StoredDatabase, RunRefusesAJsonOutputThatIsTheDatabase) {
  const ToolResult result = run_tool({"run", "fork", "--timeout", "5", "--db", db_, "--json", db_});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(output_contains(result.err, "--json")) << result.err;
  EXPECT_TRUE(output_contains(result.err, "run database")) << result.err;
  expect_database_intact();
}

TEST_F(StoredDatabase, ExportRefusesACsvOutputThatIsTheDatabaseOrItsWriteAheadLog) {
  for (const std::string& target : {db_, db_ + "-wal", db_ + "-shm"}) {
    const ToolResult result = run_tool({"export", "1", "--db", db_, "--csv", target});
    EXPECT_EQ(result.exit_code, 2) << target << ": " << result.err;
    EXPECT_TRUE(output_contains(result.err, "run database")) << result.err;
  }
  expect_database_intact();
}

TEST_F(StoredDatabase, AnOutputSymlinkedToTheDatabaseIsRefused) {
  const std::string link = temp_path("to-db.json");
  std::remove(link.c_str());
  ASSERT_EQ(::symlink(db_.c_str(), link.c_str()), 0);
  const ToolResult result = run_tool({"show", "1", "--db", db_, "--json", link});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(output_contains(result.err, "run database")) << result.err;
  EXPECT_EQ(file_type(link), S_IFLNK);
  std::remove(link.c_str());
  expect_database_intact();
}

TEST_F(StoredDatabase, TheDefaultDatabaseIsProtectedToo) {
  // No --db: the database is $CLONEBENCH_DB, and env has no database of its own.
  const ToolResult result = run_tool({"env", "--json", db_}, 30, {"CLONEBENCH_DB=" + db_});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  expect_database_intact();
}

// Private device nodes (the same devices as /dev/null and /dev/full): a tool with the bug
// replaces these, never the machine's own.
TEST_F(StoredDatabase, ACharacterDeviceIsWrittenThroughAndStaysADevice) {
  const std::string null_device = temp_path("null");
  const std::string full_device = temp_path("full");
  std::remove(null_device.c_str());
  std::remove(full_device.c_str());
  if (::mknod(null_device.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0 ||
      ::mknod(full_device.c_str(), S_IFCHR | 0666, makedev(1, 7)) != 0 ||
      ::access(null_device.c_str(), W_OK) != 0) {
    std::remove(null_device.c_str());
    GTEST_SKIP() << "cannot make a usable device node here (needs root, a dev mount)";
  }
  const ToolResult result = run_tool({"export", "1", "--db", db_, "--json", null_device});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(file_type(null_device), S_IFCHR);
  const ToolResult full = run_tool({"export", "1", "--db", db_, "--json", full_device});
  EXPECT_EQ(full.exit_code, 1) << full.err;  // writing failed: a runtime error, named
  EXPECT_TRUE(output_contains(full.err, full_device)) << full.err;
  EXPECT_EQ(file_type(full_device), S_IFCHR);
  std::remove(null_device.c_str());
  std::remove(full_device.c_str());
}

TEST_F(StoredDatabase, AFifoIsWrittenThroughToItsReader) {
  const std::string fifo = temp_path("out.fifo");
  std::remove(fifo.c_str());
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  // The reader is there first (non-blocking: a broken tool must fail the test, not hang it);
  // one run's JSON fits in the pipe's buffer.
  const int reader = ::open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
  ASSERT_GE(reader, 0);
  const ToolResult result = run_tool({"export", "1", "--db", db_, "--json", fifo});
  std::string received;
  char buffer[4096];
  for (ssize_t n = 0; (n = ::read(reader, buffer, sizeof buffer)) > 0;) {
    received.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(reader);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(output_contains(received, "\"schema\": \"clonebench/1\"")) << received;
  EXPECT_EQ(file_type(fifo), S_IFIFO);
  std::remove(fifo.c_str());
}

TEST_F(StoredDatabase, ASymlinkIsFollowedToItsTargetAndKept) {
  const std::string target = temp_path("target.csv");
  const std::string link = temp_path("link.csv");
  std::remove(link.c_str());
  { std::ofstream(target) << "old\n"; }
  ASSERT_EQ(::chmod(target.c_str(), 0640), 0);
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  const ToolResult result = run_tool({"export", "1", "--db", db_, "--csv", link});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(file_type(link), S_IFLNK);
  EXPECT_TRUE(output_contains(read_all(target), "stressor")) << read_all(target);
  struct stat status {};
  ASSERT_EQ(::stat(target.c_str(), &status), 0);
  EXPECT_EQ(status.st_mode & 07777, 0640U);  // the target's mode, not the umask's
  std::remove(link.c_str());
  std::remove(target.c_str());
}

TEST_F(StoredDatabase, TwoOutputsOnStdoutOrOnOneFileAreRefused) {
  const ToolResult both_stdout =
      run_tool({"export", "1", "--db", db_, "--json", "-", "--yaml", "-"});
  EXPECT_EQ(both_stdout.exit_code, 2) << both_stdout.err;
  EXPECT_TRUE(both_stdout.out.empty()) << both_stdout.out;
  const std::string file = temp_path("one.out");
  const ToolResult one_file =
      run_tool({"run", "fork", "--timeout", "5", "--no-store", "--json", file, "--csv", file});
  EXPECT_EQ(one_file.exit_code, 2) << one_file.err;
  EXPECT_TRUE(output_contains(one_file.err, "--json") && output_contains(one_file.err, "--csv"))
      << one_file.err;
  EXPECT_EQ(file_type(file), 0U);
  std::remove(file.c_str());
}

}  // namespace
}  // namespace clonebench::testing
