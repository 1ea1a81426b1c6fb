// `clonebench sweep --preset vma-fork` as root raises vm.max_map_count for its 65,536-VMA point
// and leaves it as it found it, also when the tool is SIGKILLed in the middle; not as root it
// leaves that point out and says so.

#include <grp.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "support/machine_lock.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

std::string max_map_count() {
  std::ifstream in("/proc/sys/vm/max_map_count");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// vm.max_map_count is the machine's: the tests that set it take turns.
class SweepVmaPreset : public ::testing::Test {
 protected:
  MachineLock map_count_{"max-map-count"};
  void SetUp() override {
    if (::geteuid() != 0) {
      GTEST_SKIP() << "needs root to raise vm.max_map_count";
    }
    if (std::stoull(max_map_count()) >= 131329) {
      GTEST_SKIP() << "vm.max_map_count already holds 65,536 VMAs: nothing to raise";
    }
  }
};

TEST_F(SweepVmaPreset, ASigkillMidSweepLeavesTheMapCountLimitAsItWas) {
  const std::string before = max_map_count();
  ToolProcess tool(
      {"sweep", "fork", "--preset", "vma-fork", "--rounds", "200", "--no-store", "--quiet"});
  // Waits (bounded) until the sweep has raised the limit, then kills it without warning.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (max_map_count() == before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ASSERT_EQ(max_map_count(), "131329\n") << "the preset never raised vm.max_map_count";
  tool.signal(SIGKILL);
  tool.wait(30);
  // The guardian restores as soon as it sees the tool gone; it and every orphan must end.
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(max_map_count(), before);
}

TEST_F(SweepVmaPreset, WithoutRootTheLargestPointIsLeftOutAndSaid) {
  const std::string before = max_map_count();
  // A bad --timeout-per-point ends the command after the preset has chosen its VMA counts and
  // before anything runs (a bad --predict is refused before the preset looks at the limit).
  const ToolResult result =
      run_tool({"sweep", "fork", "--preset", "vma-fork", "--timeout-per-point", "0", "--no-store"},
               60, {}, [] {
                 (void)!::setgroups(0, nullptr);
                 (void)!::setgid(65534);
                 (void)!::setuid(65534);
               });
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("only root may raise it for 65536"), std::string::npos) << result.err;
  EXPECT_EQ(max_map_count(), before);
}

}  // namespace
}  // namespace clonebench::testing
