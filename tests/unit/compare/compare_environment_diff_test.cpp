// The "A and B differ in more than the kernel" check: the cross-kernel workflow (run, reboot,
// run, compare) must not warn about what differs between any two runs, and a side that pools
// runs of different settings is named.
#include <gtest/gtest.h>

#include "compare/environment_diff.hpp"
#include "record/environment_json.hpp"

namespace clonebench {
namespace {

RunObservation clone_run(std::uint64_t seed, double timeout_s) {
  RunObservation run;
  run.group = "clone";
  RunOptions options;
  options.seed = seed;
  options.timeout_s = timeout_s;
  options.rss_bytes = 134217728;
  options.command_line = {"clonebench", "run", "clone", "--seed", std::to_string(seed)};
  run.options = options;
  return run;
}

SampleSet side_of(std::initializer_list<RunObservation> runs) {
  return SampleSet{"side", "store", runs};
}

TEST(EnvironmentDiff, TwoRandomSeedsAreNotADifferenceBetweenAAndB) {
  const auto warnings = comparison_warnings(side_of({clone_run(11105502517948874336U, 5)}),
                                            side_of({clone_run(16103975867286413603U, 5)}));
  EXPECT_TRUE(warnings.empty()) << warnings.front();
}

TEST(EnvironmentDiff, ASettingThatDiffersIsStillNamed) {
  const auto warnings = comparison_warnings(side_of({clone_run(1, 5)}), side_of({clone_run(2, 2)}));
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_EQ(warnings[0], "A and B differ in more than the kernel: option timeout_s: A 5.0, B 2.0");
}

TEST(EnvironmentDiff, ASideThatPoolsRunsOfDifferentTimeoutsIsNamedWithTheCounts) {
  const SampleSet a = side_of({clone_run(1, 5), clone_run(2, 2), clone_run(3, 2)});
  const auto mixes = pooled_option_mixes(a, "A");
  ASSERT_EQ(mixes.size(), 1U);
  EXPECT_EQ(mixes[0], "A pools clone runs with different timeout_s: 2.0 (2 runs), 5.0 (1 run)");
  const auto warnings = comparison_warnings(a, side_of({clone_run(4, 5)}));
  EXPECT_NE(std::find(warnings.begin(), warnings.end(), mixes[0]), warnings.end());
}

TEST(EnvironmentDiff, RunsOfDifferentStressorsInOneSideAreNotAMix) {
  RunObservation fork = clone_run(1, 5);
  fork.group = "fork";
  fork.options->rss_bytes = 0;
  EXPECT_TRUE(pooled_option_mixes(side_of({clone_run(2, 5), fork}), "A").empty());
}

// Runs measured while the stability check failed are counted per side, with the problems of the
// first, in compare and in the reports built on it.
TEST(EnvironmentDiff, NamesTheRunsOfASideMeasuredOnANoisyMachine) {
  RunObservation quiet = clone_run(1, 5);
  quiet.environment = environment_from_json({{"stability_warnings", nlohmann::json::array()}});
  RunObservation noisy = clone_run(2, 5);
  noisy.environment = environment_from_json({{"stability_warnings",
                                              {"1-minute load average is 4.00 on 2 CPUs "
                                               "(above 0.40)"}}});
  const SampleSet a = side_of({quiet, noisy, noisy});
  EXPECT_EQ(noisy_runs_warning(a, "A"),
            "A: noisy machine during 2 of 3 runs: 1-minute load average is 4.00 on 2 CPUs (above "
            "0.40)");
  EXPECT_EQ(noisy_runs_warning(side_of({quiet}), "B"), "");
  const auto warnings = comparison_warnings(a, side_of({quiet}));
  ASSERT_EQ(warnings.size(), 1U);
  EXPECT_TRUE(warnings[0].starts_with("A: noisy machine")) << warnings[0];
}

// Runs a `kernels` guest measured under TCG carry virtualization.emulated; a comparison of them
// by label (compare, report) says so, as the kernels command's own output does.
TEST(EnvironmentDiff, SaysWhenASidesRunsWereMeasuredInAnEmulatedGuest) {
  RunObservation host = clone_run(1, 5);
  host.environment = environment_from_json({{"virtualization", {{"in_vm", true}}}});
  RunObservation guest = clone_run(2, 5);
  guest.environment =
      environment_from_json({{"virtualization", {{"accelerator", "tcg"}, {"emulated", true}}}});
  EXPECT_EQ(emulated_runs_warning(side_of({guest, guest, host}), "B"),
            "B: 2 of 3 runs were measured in an emulated guest (QEMU TCG): these timings measure "
            "an emulator and do not represent the speed of the kernel on hardware");
  EXPECT_EQ(emulated_runs_warning(side_of({guest}), "A"),
            "A: 1 of 1 run was measured in an emulated guest (QEMU TCG): these timings measure an "
            "emulator and do not represent the speed of the kernel on hardware");
  EXPECT_EQ(emulated_runs_warning(side_of({host}), "A"), "");
  const auto warnings = comparison_warnings(side_of({guest}), side_of({guest}));
  ASSERT_EQ(warnings.size(), 2U);
  EXPECT_TRUE(warnings[0].starts_with("A: 1 of 1 run was measured in an emulated")) << warnings[0];
  EXPECT_TRUE(warnings[1].starts_with("B: 1 of 1 run was measured in an emulated")) << warnings[1];
}

}  // namespace
}  // namespace clonebench
