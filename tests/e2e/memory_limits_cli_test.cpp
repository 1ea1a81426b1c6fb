// The memory limits a run meets are named: --vmas above what vm.max_map_count lets one process
// build is refused before measuring; a worker killed by SIGKILL is reported as such, with the OOM
// killer and memory named as the likely cause, never as a bare exit status.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <fstream>
#include <thread>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

bool memory_error_mentions(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

std::uint64_t max_map_count() {
  std::uint64_t value = 0;
  std::ifstream("/proc/sys/vm/max_map_count") >> value;
  return value;
}

TEST(MemoryLimits, VmasBeyondTheMapCountLimitIsRefusedNamingTheSysctl) {
  const std::uint64_t limit = max_map_count();
  if (limit == 0 || limit > 100000) {
    GTEST_SKIP() << "vm.max_map_count is " << limit << ": 40000 mappings fit";
  }
  const ToolResult result =
      run_tool({"run", "fork", "--rss", "256M", "--vmas", "40000", "--timeout", "0.2"}, 60);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(memory_error_mentions(result.err, "--vmas")) << result.err;
  EXPECT_TRUE(memory_error_mentions(result.err, "vm.max_map_count = " + std::to_string(limit)))
      << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
}

TEST(MemoryLimits, VmasWithinTheMapCountLimitStillRun) {
  const ToolResult result = run_tool(
      {"run", "fork", "--rss", "64M", "--vmas", "1000", "--timeout", "0.1", "--db", ":memory:"},
      60);
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

pid_t wait_for_worker(pid_t tool) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (std::chrono::steady_clock::now() < deadline) {
    for (const ProcessEntry& entry : descendants_of(tool)) {
      if (entry.name == "clonebench-work") {
        return entry.pid;
      }
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return -1;
}

TEST(MemoryLimits, AWorkerKilledBySigkillIsNamedWithMemoryAsTheLikelyCause) {
  ToolProcess tool({"run", "fork", "--timeout", "20", "--db", ":memory:"});
  const pid_t worker = wait_for_worker(tool.pid());
  ASSERT_GT(worker, 0) << "no worker appeared";
  ::kill(worker, SIGKILL);
  const ToolResult result = tool.wait(60);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(memory_error_mentions(result.err, "SIGKILL")) << result.err;
  EXPECT_TRUE(memory_error_mentions(result.err, "memory")) << result.err;
  EXPECT_FALSE(memory_error_mentions(result.err, "exit status 137")) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

}  // namespace
}  // namespace clonebench::testing
