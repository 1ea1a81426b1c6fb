// --workload and stress-ng's fork options as `run` parses them, and stress-ng's seeding rule.
#include <gtest/gtest.h>

#include "cli/run_spec.hpp"
#include "core/error.hpp"
#include "runner/instance_pages.hpp"

namespace clonebench {
namespace {

std::string workload_usage_error_of(const std::vector<std::string>& args) {
  try {
    parse_run_spec(args);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

TEST(WorkloadOptions, CleanIsTheDefault) {
  const RunSpec spec = parse_run_spec({"fork"});
  EXPECT_EQ(spec.jobs[0].workload, Workload::kClean);
  EXPECT_EQ(spec.jobs[0].stress_ng.fork_max, 1U);
}

TEST(WorkloadOptions, StressNgTakesItsForkOptionsWithinStressNgsRange) {
  const RunSpec spec = parse_run_spec({"fork", "vfork", "--workload", "stress-ng", "--fork-max",
                                       "16000", "--vfork-max", "3", "--fork-vm", "--fork-pageout"});
  ASSERT_EQ(spec.jobs.size(), 2U);
  for (const StressorJob& job : spec.jobs) {
    EXPECT_EQ(job.workload, Workload::kStressNg);
    EXPECT_EQ(job.stress_ng.fork_max, 16000U);
    EXPECT_EQ(job.stress_ng.vfork_max, 3U);
    EXPECT_EQ(job.stress_ng.fork_vm, 1U);
    EXPECT_EQ(job.stress_ng.fork_pageout, 1U);
    EXPECT_EQ(job.stress_ng.fork_unmap, 0U);
  }
  EXPECT_NE(workload_usage_error_of({"fork", "--workload", "stress-ng", "--fork-max", "0"})
                .find("--fork-max"),
            std::string::npos);
  EXPECT_NE(workload_usage_error_of({"fork", "--workload", "stress-ng", "--vfork-max", "16001"})
                .find("--vfork-max"),
            std::string::npos);
}

TEST(WorkloadOptions, StressNgOptionsWithoutTheStressNgWorkloadAreRefused) {
  for (const char* flag : {"--fork-vm", "--fork-pageout", "--fork-unmap"}) {
    EXPECT_NE(workload_usage_error_of({"fork", flag}).find(flag), std::string::npos) << flag;
  }
  EXPECT_NE(workload_usage_error_of({"fork", "--fork-max", "2"}).find("add --workload stress-ng"),
            std::string::npos);
  EXPECT_NE(
      workload_usage_error_of({"fork", "--workload", "stress-ng", "--fork-vm", "--fork-unmap"})
          .find("--fork-unmap"),
      std::string::npos);
  EXPECT_NE(workload_usage_error_of({"fork", "--workload", "messy"}).find("--workload"),
            std::string::npos);
}

TEST(WorkloadOptions, OnlyStressNgsStressorsTakeTheStressNgWorkload) {
  EXPECT_NE(
      workload_usage_error_of({"thread", "--workload", "stress-ng"}).find("fork, vfork, clone"),
      std::string::npos);
  // The standard suite under --workload stress-ng is what stress-ng has.
  const RunSpec suite = parse_run_spec({"--workload", "stress-ng"});
  std::vector<std::string> names;
  for (const StressorJob& job : suite.jobs) {
    names.push_back(job.stressor);
  }
  EXPECT_EQ(names, (std::vector<std::string>{"fork", "vfork", "clone"}));
}

TEST(WorkloadOptions, StressNgsCloneMapsItsOwnBallastSoTheParentRegionIsOnlyWhatRssAsks) {
  EXPECT_EQ(parse_run_spec({"clone", "--workload", "stress-ng"}).jobs[0].parent.bytes, 0U);
  EXPECT_EQ(
      parse_run_spec({"clone", "--workload", "stress-ng", "--rss", "4M"}).jobs[0].parent.bytes,
      4ULL << 20);
  EXPECT_EQ(parse_run_spec({"clone"}).jobs[0].parent.bytes, 128ULL << 20);
}

TEST(InstanceSeed, CleanGivesInstanceISeedPlusI) {
  StressorJob job;
  job.seed = 100;
  EXPECT_EQ(instance_seed(job, 0), 100U);
  EXPECT_EQ(instance_seed(job, 3), 103U);
}

TEST(InstanceSeed, StressNgGivesEveryInstanceTheSeedOfSeedUnchanged) {
  StressorJob job;
  job.workload = Workload::kStressNg;
  job.seed = 5;
  job.seed_given = true;
  EXPECT_EQ(instance_seed(job, 0), 5U);
  EXPECT_EQ(instance_seed(job, 7), 5U);
}

TEST(InstanceSeed, StressNgWithoutSeedGivesEachInstanceItsOwnRepeatableSeed) {
  StressorJob job;
  job.workload = Workload::kStressNg;
  job.seed = 5;
  const std::uint64_t first = instance_seed(job, 0);
  EXPECT_NE(first, instance_seed(job, 1));
  EXPECT_EQ(first, instance_seed(job, 0));
  // Spread over both halves, so that clone3 is drawn (a zero high half would never draw it).
  EXPECT_NE(first >> 32, 0U);
}

}  // namespace
}  // namespace clonebench
