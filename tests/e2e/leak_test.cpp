// Nothing leaks: after a normal end, a timeout, SIGINT, SIGTERM or SIGKILL of the tool, no process
// it started survives and no zombie is left (orphans come to this test process, a subreaper).
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// Waits until the tool has started measuring (its workers exist), at most a few seconds.
void wait_until_measuring(const ToolProcess& tool) {
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  (void)tool;
}

TEST(Leaks, NothingIsLeftAfterANormalRunOfEveryStressor) {
  for (const char* stressor : {"fork", "vfork", "clone", "clone3", "thread", "spawn", "exec"}) {
    const ToolResult result =
        run_tool({"run", stressor, "--timeout", "0.3", "--rss", "4M", "--no-store"});
    EXPECT_EQ(result.exit_code, 0) << stressor << ": " << result.err;
    EXPECT_TRUE(nothing_left_behind()) << stressor;
  }
}

TEST(Leaks, CloneWithManyLiveChildrenLeavesNoZombie) {
  const ToolResult result = run_tool(
      {"run", "--clone", "2", "--timeout", "1", "--rss", "4M", "--clone-max", "500", "--no-store"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

class InterruptedRun : public ::testing::TestWithParam<int> {};

TEST_P(InterruptedRun, StopsReapsEveryChildAndExitsWith128PlusTheSignal) {
  const int signal_number = GetParam();
  const std::string db = temp_path("interrupted.db");
  ToolProcess tool({"run", "--clone", "2", "--timeout", "30", "--rss", "8M", "--db", db});
  wait_until_measuring(tool);
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  tool.signal(signal_number);
  const ToolResult result = tool.wait(20);
  EXPECT_EQ(result.exit_code, 128 + signal_number) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  // The interrupted run is not stored: a stored run is complete or absent.
  const ToolResult history = run_tool({"history", "--db", db});
  EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
  for (const char* suffix : {"", "-wal", "-shm"}) {  // the killed tool could not remove them
    std::remove((db + suffix).c_str());
  }
}

INSTANTIATE_TEST_SUITE_P(Signals, InterruptedRun, ::testing::Values(SIGINT, SIGTERM, SIGHUP));

TEST(Leaks, NoChildSurvivesASigkilledTool) {
  for (const char* stressor : {"fork", "clone", "exec", "thread"}) {
    ToolProcess tool({"run", stressor, "--timeout", "30", "--rss", "4M", "--no-store"});
    wait_until_measuring(tool);
    std::this_thread::sleep_for(std::chrono::milliseconds(500));
    tool.signal(SIGKILL);
    const ToolResult result = tool.wait(10);
    EXPECT_EQ(result.exit_code, 128 + SIGKILL);
    EXPECT_TRUE(nothing_left_behind()) << stressor;
  }
}

}  // namespace
}  // namespace clonebench::testing
