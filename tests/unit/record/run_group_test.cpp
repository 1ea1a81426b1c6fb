// A run group names the stressor and every setting that changes the work per operation, and
// nothing that only says how long the measurement lasted (record/run_group.hpp).

#include "record/run_group.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

RunResult fork_run() {
  RunResult result;
  result.stressor = "fork";
  result.instances = 1;
  result.options.timeout_s = 2;
  result.options.rss_bytes = 0;
  result.options.rss_kind = "anon";
  result.options.seed = 7;
  return result;
}

TEST(RunGroup, AForkRunOfTheDefaultSettingsIsNamedByItsStressorAlone) {
  EXPECT_EQ(run_group_name(fork_run(), false), "fork");
}

TEST(RunGroup, InstancesParentSizeKindVmasAndFolioEachSplitAGroup) {
  RunResult result = fork_run();
  result.instances = 2;
  result.options.rss_bytes = std::uint64_t{64} << 20;
  result.options.rss_kind = "thp";
  result.options.vmas = 256;
  result.parent.folio_bytes_requested = 64 << 10;
  EXPECT_EQ(run_group_name(result, false),
            "fork (instances 2, rss 64M, rss-kind thp, vmas 256, folio 64K)");
}

TEST(RunGroup, TheWorkloadPinningCapsPhasesAndProfilingSplitAGroup) {
  RunResult result = fork_run();
  StressNgWorkloadOptions stress_ng;
  stress_ng.stress_ng.fork_max = 4;
  stress_ng.stress_ng.fork_vm = 1;
  result.options.workload = stress_ng;
  result.options.pin_cpus = std::vector<int>{0, 1};
  result.options.clone_max = 64;
  result.options.phase_every = 1;
  EXPECT_EQ(run_group_name(result, true),
            "fork (workload stress-ng, fork-max 4, fork-vm, pin 0,1, clone-max 64, phase-every 1, "
            "profiled)");
}

TEST(RunGroup, TheLengthOfTheMeasurementTheSeedAndTheCommandLineDoNotSplitAGroup) {
  RunResult result = fork_run();
  result.options.timeout_s = 60;
  result.options.warm_up_s = 1;
  result.options.max_ops = 1000;
  result.options.seed = 99;
  result.options.clone_max_effective = 100;
  result.options.command_line = std::vector<std::string>{"clonebench", "run", "fork"};
  result.options.clone_max = 8192;  // the default, recorded
  result.options.phase_every = 8;
  EXPECT_EQ(run_group_name(result, false), run_group_name(fork_run(), false));
}

TEST(RunGroup, AStressorNameFromAnotherStoreIsMadePrintable) {
  RunResult result = fork_run();
  result.stressor = "fork\x1b[2J";
  EXPECT_EQ(run_group_name(result, false).find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace clonebench
