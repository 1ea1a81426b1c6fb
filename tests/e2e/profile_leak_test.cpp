// Nothing of perf outlives the tool: after SIGINT, SIGTERM or SIGKILL of a profiled run, while
// perf starts or while it samples, no perf process (nor any other) is left and the scratch
// directory the tool was given as TMPDIR is empty. perf that ignores SIGINT is killed after its
// bound; perf that fails says why.
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include "profile_support.hpp"

namespace clonebench::testing {
namespace {

struct ProfileInterruption {
  int signal_number;
  int after_ms;  // after perf appeared: 0, perf is starting; 1000, it samples the stressor
};

class InterruptedProfile : public ::testing::TestWithParam<ProfileInterruption> {};

TEST_P(InterruptedProfile, LeavesNoProcessAndNoFile) {
  CLONEBENCH_SKIP_WITHOUT_PERF();
  const ProfileDirectory scratch("profile-tmp");
  ToolProcess tool({"run", "fork", "--profile", "--timeout", "30", "--rss", "4M", "--no-store"},
                   {"TMPDIR=" + scratch.path()});
  ASSERT_TRUE(wait_for_child_named(tool.pid(), "perf", 20)) << "perf never started";
  std::this_thread::sleep_for(std::chrono::milliseconds(GetParam().after_ms));
  tool.signal(GetParam().signal_number);
  const ToolResult result = tool.wait(40);
  EXPECT_EQ(result.exit_code, 128 + GetParam().signal_number) << result.err;
  // A SIGKILLed tool cannot reap: what it started must end by itself (PR_SET_PDEATHSIG).
  EXPECT_TRUE(GetParam().signal_number == SIGKILL ? orphans_end_by_themselves()
                                                  : nothing_left_behind())
      << "a perf process survived the tool";
  EXPECT_TRUE(scratch.empty()) << "a file was left in TMPDIR";
}

INSTANTIATE_TEST_SUITE_P(
    Signals, InterruptedProfile,
    ::testing::Values(ProfileInterruption{SIGINT, 0}, ProfileInterruption{SIGINT, 1000},
                      ProfileInterruption{SIGTERM, 1000}, ProfileInterruption{SIGKILL, 0},
                      ProfileInterruption{SIGKILL, 1000}),
    [](const ::testing::TestParamInfo<ProfileInterruption>& param) {
      return std::string(param.param.signal_number == SIGKILL  ? "Sigkill"
                         : param.param.signal_number == SIGINT ? "Sigint"
                                                               : "Sigterm") +
             (param.param.after_ms == 0 ? "WhilePerfStarts" : "WhilePerfSamples");
    });

TEST(ProfileLeaks, ACompletedProfiledRunLeavesNoProcessAndNoFile) {
  CLONEBENCH_SKIP_WITHOUT_PERF();
  const ProfileDirectory scratch("profile-tmp-done");
  const ToolResult result =
      run_tool({"run", "fork", "--profile", "--timeout", "0.3", "--runs", "2", "--no-store"}, 60,
               {"TMPDIR=" + scratch.path()});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  EXPECT_TRUE(scratch.empty());
}

// A perf that acknowledges its control commands like the real one but ignores SIGINT.
constexpr const char* kDeafPerf = R"(#!/bin/sh
trap '' INT
if [ "$1" = record ]; then
  while read -r command <&3; do printf 'ack\n' >&4; done
fi
sleep 1000
)";

// A perf that, unlike the real one, outlives the end of its control socket (exec keeps it the
// tool's direct child, which PR_SET_PDEATHSIG is about).
constexpr const char* kClingingPerf = R"(#!/bin/sh
trap '' INT
if [ "$1" = record ]; then
  while read -r command <&3; do printf 'ack\n' >&4; done
fi
exec sleep 1000
)";

// A perf that fails at once, as perf does without permission.
constexpr const char* kFailingPerf = R"(#!/bin/sh
echo "Error:" >&2
echo "Access to performance monitoring and observability operations is limited." >&2
exit 255
)";

TEST(ProfileLeaks, APerfThatIgnoresSigintIsKilledAfterItsBound) {
  const ProfileDirectory fake("deaf-perf");
  fake.add_program("perf", kDeafPerf);
  const auto started = std::chrono::steady_clock::now();
  const ToolResult result = run_tool({"run", "fork", "--profile", "--timeout", "0.2", "--no-store"},
                                     90, {"PATH=" + fake.path() + ":/usr/bin:/bin"});
  const double took_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("did not stop within 30 s of SIGINT"), std::string::npos) << result.err;
  EXPECT_GT(took_s, 29.0);
  EXPECT_LT(took_s, 80.0);
  EXPECT_TRUE(nothing_left_behind()) << "the deaf perf or its sleep survived";
}

TEST(ProfileLeaks, PerfDiesWithASigkilledToolEvenIfItWouldOutliveItsControlSocket) {
  const ProfileDirectory fake("clinging-perf");
  fake.add_program("perf", kClingingPerf);
  ToolProcess tool({"run", "fork", "--profile", "--timeout", "30", "--no-store"},
                   {"PATH=" + fake.path() + ":/usr/bin:/bin"});
  ASSERT_TRUE(wait_for_child_named(tool.pid(), "perf", 20)) << "perf never started";
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  tool.signal(SIGKILL);
  EXPECT_EQ(tool.wait(10).exit_code, 128 + SIGKILL);
  EXPECT_TRUE(orphans_end_by_themselves()) << "perf outlived the SIGKILLed tool";
}

TEST(ProfileLeaks, APerfThatFailsIsQuotedAndNothingRuns) {
  const ProfileDirectory fake("failing-perf");
  fake.add_program("perf", kFailingPerf);
  const ToolResult result =
      run_tool({"run", "fork", "--profile", "--timeout", "5", "--no-store", "--json", "-"}, 30,
               {"PATH=" + fake.path() + ":/usr/bin:/bin"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("perf exited before acknowledging 'enable': Access to performance "
                            "monitoring"),
            std::string::npos)
      << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_TRUE(nothing_left_behind());
}

}  // namespace
}  // namespace clonebench::testing
