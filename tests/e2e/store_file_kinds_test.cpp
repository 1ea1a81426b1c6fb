// What the database path may be: a FIFO or another non-regular file is refused by name (never
// waited on); a database that cannot be reached for lack of permission is an error, not an
// empty store; a database on a read-only mount can still be read.
#include <grp.h>
#include <gtest/gtest.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr uid_t kNobodyUser = 65534;
// Every command below ends in well under a second; a hang on the FIFO is what this bounds.
constexpr double kBoundS = 20;

bool store_error_mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

void drop_to_nobody() {
  if (::setgroups(0, nullptr) != 0 || ::setgid(kNobodyUser) != 0 || ::setuid(kNobodyUser) != 0) {
    ::_exit(126);
  }
}

const std::vector<std::vector<std::string>>& reading_commands() {
  static const std::vector<std::vector<std::string>> commands = {{"history"},
                                                                 {"show", "1"},
                                                                 {"report", "1"},
                                                                 {"export", "1", "--json", "-"},
                                                                 {"compare", "1", "2"}};
  return commands;
}

std::vector<std::string> args_with_db(std::vector<std::string> args, const std::string& db) {
  args.insert(args.end(), {"--db", db});
  return args;
}

TEST(DatabasePath, AFifoIsRefusedByNameByEveryCommandInsteadOfHanging) {
  TempDirectory directory{"db-fifo"};
  const std::string fifo = directory.file("runs.db");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::vector<std::vector<std::string>> commands = reading_commands();
  commands.push_back({"run", "fork", "--timeout", "0.1"});
  for (const auto& args : commands) {
    const ToolResult result = run_tool(args_with_db(args, fifo), kBoundS);
    EXPECT_EQ(result.exit_code, 2) << args.front() << ": " << result.err;
    EXPECT_TRUE(store_error_mentions(result.err, fifo)) << args.front() << ": " << result.err;
    EXPECT_TRUE(store_error_mentions(result.err, "not a regular file"))
        << args.front() << ": " << result.err;
    EXPECT_TRUE(result.out.empty()) << args.front() << ": " << result.out;
  }
}

TEST(DatabasePath, ADirectoryIsRefusedByName) {
  TempDirectory directory{"db-directory"};
  const ToolResult result = run_tool({"history", "--db", directory.path().string()}, kBoundS);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(store_error_mentions(result.err, directory.path().string())) << result.err;
}

class UnreachableDatabase : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) {
      GTEST_SKIP() << "needs root to run the tool as nobody";
    }
    db_ = directory_.file("runs.db");
    for (int run = 0; run < 2; ++run) {
      const ToolResult stored = run_tool({"run", "fork", "--timeout", "0.1", "--db", db_});
      ASSERT_EQ(stored.exit_code, 0) << stored.err;
    }
  }
  TempDirectory directory_{"db-unreachable"};
  std::string db_;
};

TEST_F(UnreachableDatabase, APermissionDeniedIsAnErrorNotAnEmptyStore) {
  ASSERT_EQ(::chmod(directory_.path().c_str(), 0700), 0);  // root's: nobody cannot enter it
  for (const auto& args : reading_commands()) {
    const ToolResult result = run_tool(args_with_db(args, db_), kBoundS, {}, drop_to_nobody);
    EXPECT_EQ(result.exit_code, 2) << args.front() << ": " << result.err;
    EXPECT_TRUE(store_error_mentions(result.err, db_)) << args.front() << ": " << result.err;
    EXPECT_TRUE(store_error_mentions(result.err, "Permission denied"))
        << args.front() << ": " << result.err;
    EXPECT_FALSE(store_error_mentions(result.out, "no runs stored")) << result.out;
  }
}

// In a private mount namespace (gone with the process): the test's directory bound read-only
// over itself, then the tool runs as nobody, who could not write there anyway.
void read_only_mount_then_nobody(const std::string& directory) {
  if (::unshare(CLONE_NEWNS) != 0 ||
      ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) != 0 ||
      ::mount(directory.c_str(), directory.c_str(), nullptr, MS_BIND, nullptr) != 0 ||
      ::mount(nullptr, directory.c_str(), nullptr, MS_BIND | MS_REMOUNT | MS_RDONLY, nullptr) !=
          0) {
    ::_exit(125);
  }
  drop_to_nobody();
}

TEST_F(UnreachableDatabase, ReadingCommandsWorkOnAReadOnlyMount) {
  ASSERT_EQ(::chmod(directory_.path().c_str(), 0755), 0);
  ASSERT_EQ(::chmod(db_.c_str(), 0644), 0);
  const std::string directory = directory_.path().string();
  for (const auto& args : reading_commands()) {
    const ToolResult result = run_tool(args_with_db(args, db_), kBoundS, {},
                                       [directory] { read_only_mount_then_nobody(directory); });
    if (result.exit_code == 125) {
      GTEST_SKIP() << "cannot make a read-only bind mount here";
    }
    EXPECT_EQ(result.exit_code, 0) << args.front() << ": " << result.err;
    EXPECT_FALSE(result.out.empty()) << args.front();
  }
  const ToolResult run = run_tool({"run", "fork", "--timeout", "5", "--db", db_}, kBoundS, {},
                                  [directory] { read_only_mount_then_nobody(directory); });
  EXPECT_EQ(run.exit_code, 2) << "storing is refused before measuring: " << run.err;
  EXPECT_TRUE(store_error_mentions(run.err, db_)) << run.err;
}

}  // namespace
}  // namespace clonebench::testing
