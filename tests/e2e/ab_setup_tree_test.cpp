// What ab's setup commands start ends with them: a background job is reaped (no zombie per
// setup) and killed when the command ends, also a `setsid` one and also when ab is SIGKILLed;
// --max-time bounds a setup that hangs. Processes are recognised by a marker argument unique to
// this test process, and any found are killed by PID.
#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <chrono>
#include <fstream>
#include <thread>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// "sleep 1000 0.000<pid>": GNU sleep adds its arguments, so the marker changes nothing.
std::string marker() {
  return "0.000" + std::to_string(::getpid());
}

// Live (not zombie) `sleep` processes with `mark` as one of their arguments (the tool, its
// keeper and the shell also carry the mark, inside the command's text, and are not counted).
std::vector<pid_t> marked_processes(const std::string& mark) {
  std::vector<pid_t> found;
  for (const ProcessEntry& entry : process_table()) {
    if (entry.state == 'Z' || entry.state == 'X') {
      continue;
    }
    std::ifstream file("/proc/" + std::to_string(entry.pid) + "/cmdline");
    std::vector<std::string> arguments;
    for (std::string argument; std::getline(file, argument, '\0');) {
      arguments.push_back(argument);
    }
    if (!arguments.empty() && arguments.front().ends_with("sleep") &&
        std::find(arguments.begin(), arguments.end(), mark) != arguments.end()) {
      found.push_back(entry.pid);
    }
  }
  return found;
}

// Kills by PID whatever a failed test left running.
class MarkedLeftovers {
 public:
  ~MarkedLeftovers() {
    for (const pid_t pid : marked_processes(marker())) {
      ::kill(pid, SIGKILL);
    }
    kill_and_reap_children_of_this_process();
  }
};

std::vector<pid_t> still_marked_after(double timeout_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  std::vector<pid_t> alive = marked_processes(marker());
  while (!alive.empty() && std::chrono::steady_clock::now() < deadline) {
    // Not reaped or killed here: what ab left is orphaned to this subreaper and must end by
    // itself (a zombie does not count as alive).
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    alive = marked_processes(marker());
  }
  return alive;
}

std::vector<std::string> ab_with(const std::string& setup_a, const std::string& setup_b,
                                 const std::string& pairs) {
  return {"ab",         "fork --timeout 0.05", "--pairs", pairs,       "--warmup", "0",
          "--no-store", "--setup-a",           setup_a,   "--setup-b", setup_b};
}

TEST(AbSetupTree, ABackgroundJobOfEachSetupLeavesNoZombieBehind) {
  const MarkedLeftovers cleanup;
  ToolProcess tool(ab_with("(sleep 0.1; true) &", "(sleep 0.1; true) &", "6"));
  std::size_t most_zombies = 0;
  int status = 0;
  while (::waitpid(tool.pid(), &status, WNOHANG) == 0) {
    std::size_t zombies = 0;
    for (const ProcessEntry& entry : descendants_of(tool.pid())) {
      zombies += entry.state == 'Z' ? 1 : 0;
    }
    most_zombies = std::max(most_zombies, zombies);
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  // A zombie may be seen for an instant before it is reaped; one per setup would reach 12.
  EXPECT_LE(most_zombies, 2U);
}

TEST(AbSetupTree, BackgroundJobsAndSetsidJobsEndWithTheirSetup) {
  const MarkedLeftovers cleanup;
  const ToolResult result = run_tool(
      ab_with("sleep 1000 " + marker() + " &", "setsid sleep 1000 " + marker() + " &", "2"), 60);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(still_marked_after(5).empty()) << "a setup's background job outlived ab";
}

TEST(AbSetupTree, ASigkillOfAbEndsEverySetupProcessEvenASetsidOne) {
  const MarkedLeftovers cleanup;
  ToolProcess tool(
      ab_with("setsid sleep 1000 " + marker() + " & sleep 1000 " + marker(), "true", "2"));
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  while (marked_processes(marker()).size() < 2 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ASSERT_EQ(marked_processes(marker()).size(), 2U) << "the setup did not start both sleeps";
  tool.signal(SIGKILL);
  tool.wait(30);
  EXPECT_TRUE(still_marked_after(10).empty()) << "a setup process outlived ab's SIGKILL";
}

TEST(AbSetupTree, MaxTimeBoundsASetupThatHangs) {
  const MarkedLeftovers cleanup;
  std::vector<std::string> args = ab_with("sleep 1000 " + marker(), "true", "3");
  args.insert(args.end(), {"--max-time", "3s"});
  const ToolResult result = run_tool(args, 60);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("--setup-a"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("did not finish within"), std::string::npos) << result.err;
  EXPECT_TRUE(still_marked_after(5).empty());
}

}  // namespace
}  // namespace clonebench::testing
