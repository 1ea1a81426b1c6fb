// Whatever signal dispositions the tool inherits (SIGCHLD ignored by a daemon, SIGTERM ignored
// by a shell), it ends its runs on time, stops on SIGTERM and leaves nothing behind.
#include <gtest/gtest.h>
#include <signal.h>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// Runs in the child before exec: ignored dispositions survive exec.
std::function<void()> ignoring(std::vector<int> ignored) {
  return [ignored] {
    for (const int number : ignored) {
      ::signal(number, SIG_IGN);
    }
  };
}

TEST(SignalDisposition, ARunStartedWithSigchldIgnoredEndsOnTime) {
  // With SIGCHLD ignored the kernel reaps children itself, and waiting for them never ended.
  const ToolResult result =
      run_tool({"run", "fork", "--timeout", "1", "--no-store"}, 20, {}, ignoring({SIGCHLD}));
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

TEST(SignalDisposition, SigtermStopsARunStartedWithSigchldAndSigtermIgnored) {
  ToolProcess tool({"run", "fork", "--timeout", "30", "--no-store"}, {},
                   ignoring({SIGCHLD, SIGTERM, SIGINT, SIGHUP}));
  // Only once children come and go has the tool replaced the inherited SIG_IGN: a SIGTERM sent
  // before that is discarded by the kernel, as the user asked. A fixed 800 ms was not always
  // enough under ASan and load (the run then went on for its 30 s).
  ASSERT_GE(children_seen_coming_and_going(tool.pid(), 3), 3U)
      << "the tool never created children: " << tool.wait(1).err;
  tool.signal(SIGTERM);
  const ToolResult result = tool.wait(20);
  EXPECT_EQ(result.exit_code, 128 + SIGTERM) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

}  // namespace
}  // namespace clonebench::testing
