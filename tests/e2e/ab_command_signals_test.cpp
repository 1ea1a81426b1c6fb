// ab's setup and restore commands under signals: an interrupt during a long setup stops it at
// once (forwarded to the command's process group), then the restore runs and the tool exits
// with 128 + signal; an interrupt during the final restore lets the restore finish, prints no
// report and exits the same way; a SIGKILL of the tool takes the running command with it.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <thread>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

using Clock = std::chrono::steady_clock;

bool file_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

bool wait_for_signal_file(const std::string& path, double timeout_s) {
  const auto deadline = Clock::now() + std::chrono::duration<double>(timeout_s);
  while (!file_exists(path)) {
    if (Clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

double seconds_since(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Markers {
  std::string started = temp_path("ab-sig-started"), finished = temp_path("ab-sig-finished"),
              restored = temp_path("ab-sig-restored");
  Markers() { remove(); }
  ~Markers() { remove(); }
  void remove() const {
    for (const std::string* path : {&started, &finished, &restored}) {
      std::remove(path->c_str());
    }
  }
};

class SignalDuringSetup : public ::testing::TestWithParam<int> {};

TEST_P(SignalDuringSetup, StopsTheSetupAtOnceThenRestoresAndExitsWith128PlusTheSignal) {
  const Markers markers;
  ToolProcess tool(
      {"ab", "fork --timeout 0.2", "--pairs", "2", "--warmup", "0", "--no-store", "--setup-a",
       "touch " + markers.started + "; sleep 20; touch " + markers.finished, "--setup-b",
       "touch " + markers.started + "; sleep 20; touch " + markers.finished, "--restore",
       "touch " + markers.restored});
  ASSERT_TRUE(wait_for_signal_file(markers.started, 10)) << tool.wait(1).err;
  const auto signalled = Clock::now();
  tool.signal(GetParam());
  const ToolResult result = tool.wait(30);
  // Neither the 20 s setup nor a restore's 10 s grace is waited for: the signal is forwarded
  // at once (a sanity bound, far above the fraction of a second this takes).
  EXPECT_LT(seconds_since(signalled), 8.0);
  EXPECT_EQ(result.exit_code, 128 + GetParam()) << result.err;
  EXPECT_TRUE(file_exists(markers.restored)) << result.err;
  EXPECT_FALSE(file_exists(markers.finished));
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_TRUE(nothing_left_behind());
}

INSTANTIATE_TEST_SUITE_P(Signals, SignalDuringSetup, ::testing::Values(SIGINT, SIGTERM, SIGHUP));

TEST(AbCommandSignals, ASetupThatIgnoresTheSignalIsKilledAfterTheGrace) {
  const Markers markers;
  ToolProcess tool(
      {"ab", "fork --timeout 0.2", "--pairs", "2", "--warmup", "0", "--no-store", "--setup-a",
       "trap '' INT TERM; touch " + markers.started + "; sleep 30; touch " + markers.finished,
       "--setup-b", "true", "--restore", "touch " + markers.restored});
  ASSERT_TRUE(wait_for_signal_file(markers.started, 10)) << tool.wait(1).err;
  tool.signal(SIGTERM);
  const ToolResult result = tool.wait(25);
  EXPECT_EQ(result.exit_code, 128 + SIGTERM) << result.err;
  EXPECT_TRUE(file_exists(markers.restored)) << result.err;
  EXPECT_FALSE(file_exists(markers.finished));
  EXPECT_TRUE(nothing_left_behind());
}

TEST(AbCommandSignals, ASigtermDuringTheFinalRestoreLetsItFinishAndPrintsNoReport) {
  const Markers markers;
  ToolProcess tool({"ab", "fork --timeout 0.1", "--pairs", "2", "--warmup", "0", "--no-store",
                    "--restore",
                    "touch " + markers.started + "; sleep 2; touch " + markers.restored});
  ASSERT_TRUE(wait_for_signal_file(markers.started, 20)) << tool.wait(1).err;
  tool.signal(SIGTERM);
  const ToolResult result = tool.wait(30);
  EXPECT_EQ(result.exit_code, 128 + SIGTERM) << result.err;  // an exit code, not death by signal
  EXPECT_TRUE(file_exists(markers.restored)) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_TRUE(nothing_left_behind());
}

TEST(AbCommandSignals, ASigkilledToolTakesItsRunningSetupCommandWithIt) {
  const Markers markers;
  ToolProcess tool(
      {"ab", "fork --timeout 0.2", "--pairs", "2", "--warmup", "0", "--no-store", "--setup-a",
       "touch " + markers.started + "; sleep 3; touch " + markers.finished, "--setup-b", "true"});
  ASSERT_TRUE(wait_for_signal_file(markers.started, 10)) << tool.wait(1).err;
  tool.signal(SIGKILL);
  const ToolResult result = tool.wait(10);
  EXPECT_EQ(result.exit_code, 128 + SIGKILL);
  EXPECT_TRUE(orphans_end_by_themselves(10));
  std::this_thread::sleep_for(std::chrono::seconds(4));  // past the setup's own end
  EXPECT_FALSE(file_exists(markers.finished)) << "the setup command outlived the tool";
}

}  // namespace
}  // namespace clonebench::testing
