// Nothing leaks: after a normal end, SIGINT, SIGTERM, SIGHUP or SIGKILL of the tool, with every
// stressor, no process it started survives and no zombie is left. Orphans come to this test
// process (a subreaper) and are looked at before anything is reaped. A signal is sent only once
// the tool is seen creating children, so that there is something to leak.
#include <gtest/gtest.h>
#include <signal.h>
#include <string.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

const std::vector<std::string> kStressors = {"fork",   "vfork", "clone", "clone3",
                                             "thread", "spawn", "exec"};
// Short-lived process or thread ids seen below the tool before it is signalled.
constexpr std::size_t kChildrenBeforeSignal = 3;

std::string stressor_name(const ::testing::TestParamInfo<std::string>& info) {
  return info.param;
}

class NormalEnd : public ::testing::TestWithParam<std::string> {};

TEST_P(NormalEnd, LeavesNothingBehindAfterCreatingChildren) {
  const ToolResult result = run_tool(
      {"run", GetParam(), "--timeout", "0.3", "--rss", "4M", "--no-store", "--json", "-"}, 30);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  const auto document = nlohmann::json::parse(result.out);
  EXPECT_GT(document.at("runs").at(0).at("bogo_ops").get<std::uint64_t>(), 0U);
}

INSTANTIATE_TEST_SUITE_P(Stressors, NormalEnd, ::testing::ValuesIn(kStressors), stressor_name);

TEST(Leaks, CloneWithManyLiveChildrenLeavesNoZombie) {
  // 600 clones per instance with up to 500 alive at once: an ops limit, not a duration, so that
  // the 500 are reached however slow the machine is.
  const ToolResult result =
      run_tool({"run", "--clone", "2", "--clone-ops", "1200", "--timeout", "60", "--rss", "4M",
                "--clone-max", "500", "--no-store", "--json", "-"},
               90);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  const auto document = nlohmann::json::parse(result.out);
  EXPECT_EQ(document.at("runs").at(0).at("bogo_ops").get<std::uint64_t>(), 1200U);
}

struct Interruption {
  std::string stressor;
  int signal_number;
};

std::string name_of(const ::testing::TestParamInfo<Interruption>& info) {
  return info.param.stressor + "_" + sigabbrev_np(info.param.signal_number);
}

class InterruptedRun : public ::testing::TestWithParam<Interruption> {};

TEST_P(InterruptedRun, StopsReapsEveryChildStoresNothingAndExitsWith128PlusTheSignal) {
  const auto& [stressor, signal_number] = GetParam();
  const TempDirectory scratch;
  const std::string db = scratch.file("interrupted.db");
  ToolProcess tool(
      {"run", stressor, "--instances", "2", "--timeout", "30", "--rss", "8M", "--db", db});
  ASSERT_GE(children_seen_coming_and_going(tool.pid(), kChildrenBeforeSignal),
            kChildrenBeforeSignal)
      << "the tool never created children: " << tool.wait(1).err;
  tool.signal(signal_number);
  const ToolResult result = tool.wait(20);
  EXPECT_EQ(result.exit_code, 128 + signal_number) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  // The interrupted run is not stored: a stored run is complete or absent.
  const ToolResult history = run_tool({"history", "--db", db}, 30);
  EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
  for (const char* suffix : {"", "-wal", "-shm"}) {  // the killed tool could not remove them
    std::remove((db + suffix).c_str());
  }
}

// Every stressor meets a catchable signal; clone, which keeps many children alive, meets all.
INSTANTIATE_TEST_SUITE_P(
    Signals, InterruptedRun,
    ::testing::Values(Interruption{"fork", SIGINT}, Interruption{"vfork", SIGTERM},
                      Interruption{"clone", SIGINT}, Interruption{"clone", SIGTERM},
                      Interruption{"clone", SIGHUP}, Interruption{"clone3", SIGHUP},
                      Interruption{"thread", SIGINT}, Interruption{"spawn", SIGTERM},
                      Interruption{"exec", SIGHUP}),
    name_of);

class KilledTool : public ::testing::TestWithParam<std::string> {};

TEST_P(KilledTool, LeavesNoChildAlive) {
  ToolProcess tool({"run", GetParam(), "--timeout", "30", "--rss", "4M", "--no-store"});
  ASSERT_GE(children_seen_coming_and_going(tool.pid(), kChildrenBeforeSignal),
            kChildrenBeforeSignal)
      << "the tool never created children: " << tool.wait(1).err;
  tool.signal(SIGKILL);
  const ToolResult result = tool.wait(10);
  EXPECT_EQ(result.exit_code, 128 + SIGKILL);
  EXPECT_TRUE(orphans_end_by_themselves());
}

INSTANTIATE_TEST_SUITE_P(Stressors, KilledTool, ::testing::ValuesIn(kStressors), stressor_name);

}  // namespace
}  // namespace clonebench::testing
