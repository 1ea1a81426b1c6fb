#include "cli/run_spec.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

std::string usage_error_of(const std::vector<std::string>& args) {
  try {
    parse_run_spec(args);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

TEST(RunSpec, NoArgumentsIsTheStandardSuiteOfEveryStressorForFourSeconds) {
  const RunSpec spec = parse_run_spec({});
  ASSERT_EQ(spec.jobs.size(), 7U);
  EXPECT_EQ(spec.jobs[0].stressor, "fork");
  for (const auto& job : spec.jobs) {
    EXPECT_EQ(job.instances, 1U);
    EXPECT_DOUBLE_EQ(job.timeout_s, 4.0);
  }
  EXPECT_TRUE(spec.store);
}

TEST(RunSpec, StressNgCommandLinesWorkUnchanged) {
  const RunSpec spec = parse_run_spec({"--seq=5", "--clone", "5", "--timeout=60", "--metrics"});
  ASSERT_EQ(spec.jobs.size(), 1U);
  EXPECT_EQ(spec.jobs[0].stressor, "clone");
  EXPECT_EQ(spec.jobs[0].instances, 5U);  // --seq N does not override a named stressor's N
  EXPECT_DOUBLE_EQ(spec.jobs[0].timeout_s, 60.0);
  EXPECT_TRUE(spec.metrics);
}

TEST(RunSpec, CloneGetsStressNgsBallastAndOthersNone) {
  const RunSpec spec = parse_run_spec({"clone", "fork"});
  ASSERT_EQ(spec.jobs.size(), 2U);
  EXPECT_EQ(spec.jobs[0].parent.bytes, 128ULL << 20);
  EXPECT_EQ(spec.jobs[1].parent.bytes, 0U);
  const RunSpec sized = parse_run_spec({"clone", "--rss", "0"});
  EXPECT_EQ(sized.jobs[0].parent.bytes, 0U);
}

TEST(RunSpec, OpsAreDividedAcrossInstancesExceptInSequentialMode) {
  EXPECT_EQ(parse_run_spec({"--fork", "4", "--fork-ops", "10"}).jobs[0].max_ops, 3U);
  EXPECT_EQ(parse_run_spec({"--seq", "1", "--fork", "4", "--fork-ops", "10"}).jobs[0].max_ops, 10U);
  EXPECT_EQ(parse_run_spec({"fork", "--ops", "7"}).jobs[0].max_ops, 7U);
}

TEST(RunSpec, NoStoreTurnsStorageOff) {
  EXPECT_TRUE(parse_run_spec({"fork"}).store);
  EXPECT_FALSE(parse_run_spec({"fork", "--no-store"}).store);
}

TEST(RunSpec, ParsesPinListsAndRuns) {
  const RunSpec spec = parse_run_spec({"fork", "--pin", "0-1", "--runs", "3", "--seed", "9"});
  EXPECT_EQ(spec.jobs[0].pin_cpus, (std::vector<int>{0, 1}));
  EXPECT_EQ(spec.runs, 3U);
  EXPECT_EQ(spec.jobs[0].seed, 9U);
}

TEST(RunSpec, PhasesAreTimedOnOneOpInEightUnlessPhaseEverySaysOtherwise) {
  EXPECT_EQ(parse_run_spec({"fork"}).jobs[0].phase_every, 8U);
  EXPECT_EQ(parse_run_spec({"fork", "--phase-every", "1"}).jobs[0].phase_every, 1U);
  EXPECT_EQ(parse_run_spec({"clone", "--phase-every", "100"}).jobs[0].phase_every, 100U);
}

TEST(RunSpec, BadValuesNameTheirFlag) {
  EXPECT_NE(usage_error_of({"fork", "--phase-every", "0"}).find("--phase-every"),
            std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--phase-every", "half"}).find("--phase-every"),
            std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--timeout", "soon"}).find("--timeout"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--timeout", "0"}).find("--timeout"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--rss", "lots"}).find("--rss"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--rss-kind", "purple"}).find("--rss-kind"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--runs", "0"}).find("--runs"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--pin", "99999"}).find("--pin"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--clone-max", "0"}).find("--clone-max"), std::string::npos);
  EXPECT_NE(usage_error_of({"--fork", "many"}).find("--fork"), std::string::npos);
  EXPECT_NE(usage_error_of({"--fork", "1", "--fork-ops", "-3"}).find("--fork-ops"),
            std::string::npos);
  EXPECT_NE(usage_error_of({"frok"}).find("frok"), std::string::npos);
  EXPECT_NE(usage_error_of({"fork", "--no-such-flag"}).find("--no-such-flag"), std::string::npos);
}

}  // namespace
}  // namespace clonebench
