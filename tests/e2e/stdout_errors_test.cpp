// A failed write of standard output is an error: every command whose output goes to /dev/full
// (or a full disk) says so and exits 1, never 0 over an output that was lost.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// For `in_child`: the tool's stdout is /dev/full, where every write fails with ENOSPC.
void stdout_to_dev_full() {
  const int full = ::open("/dev/full", O_WRONLY);
  if (full < 0 || ::dup2(full, STDOUT_FILENO) < 0) {
    ::_exit(126);
  }
}

// The cause (ENOSPC) is named when the failing write is the last one; a write that failed
// earlier, inside stdio's buffering, leaves only "write error".
bool says_stdout_failed(const ToolResult& result) {
  return result.err.find("cannot write standard output") != std::string::npos;
}

class StdoutToAFullDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    db_ = directory_.file("runs.db");
    for (int run = 0; run < 2; ++run) {
      const ToolResult stored = run_tool({"run", "fork", "--timeout", "0.1", "--db", db_});
      ASSERT_EQ(stored.exit_code, 0) << stored.err;
    }
  }
  ToolResult run_to_dev_full(const std::vector<std::string>& args) const {
    return run_tool(args, 60, {}, stdout_to_dev_full);
  }
  void expect_failure_reported(const std::vector<std::string>& args) const {
    const ToolResult result = run_to_dev_full(args);
    EXPECT_EQ(result.exit_code, 1) << args.front() << ": " << result.err;
    EXPECT_TRUE(says_stdout_failed(result)) << args.front() << ": " << result.err;
  }
  TempDirectory directory_{"stdout-full"};
  std::string db_;
};

TEST_F(StdoutToAFullDevice, ReportShowHistoryAndCompareExitOneSayingStdoutFailed) {
  expect_failure_reported({"report", "1,2", "--db", db_});
  expect_failure_reported({"show", "1", "--db", db_});
  expect_failure_reported({"history", "--db", db_});
  expect_failure_reported({"compare", "1", "2", "--db", db_});
  expect_failure_reported({"compare", "1", "2", "--format", "json", "--db", db_});
}

TEST_F(StdoutToAFullDevice, ListKernelAndRunsTableExitOneSayingStdoutFailed) {
  expect_failure_reported({"list"});
  expect_failure_reported({"kernel"});
  expect_failure_reported({"run", "fork", "--timeout", "0.1", "--db", db_});
}

TEST(StdoutToAFullDisk, CompareJsonRedirectedToAFullFileSystemExitsOne) {
  TempDirectory directory{"stdout-full-disk"};
  const std::string mount_point = directory.file("tiny");
  ASSERT_EQ(::mkdir(mount_point.c_str(), 0700), 0);
  if (::system(("mount -t tmpfs -o size=4k tmpfs " + mount_point).c_str()) != 0) {
    GTEST_SKIP() << "cannot mount a tmpfs here (not root?)";
  }
  const std::string filler = mount_point + "/filler";
  ::system(("dd if=/dev/zero of=" + filler + " bs=4k count=4 2>/dev/null").c_str());
  const std::string db = directory.file("runs.db");
  for (int run = 0; run < 2; ++run) {
    const ToolResult stored = run_tool({"run", "fork", "--timeout", "0.1", "--db", db});
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
  }
  const std::string target = mount_point + "/compare.json";
  const ToolResult result =
      run_tool({"compare", "1", "2", "--format", "json", "--db", db}, 60, {}, [target] {
        const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
        if (fd < 0 || ::dup2(fd, STDOUT_FILENO) < 0) {
          ::_exit(126);
        }
      });
  ::system(("umount " + mount_point).c_str());
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(says_stdout_failed(result)) << result.err;
}

}  // namespace
}  // namespace clonebench::testing
