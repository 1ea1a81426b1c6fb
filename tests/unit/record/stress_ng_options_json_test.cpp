// The stress-ng options a run stores with its options: written and read by one codec, a run of
// another workload reads as stress-ng's defaults, and a malformed member names itself.
#include "record/stress_ng_options_json.hpp"

#include <gtest/gtest.h>

#include "record/summary_field.hpp"

namespace clonebench {
namespace {

TEST(StressNgOptionsJson, WhatIsWrittenReadsBackTheSame) {
  const StressNgOptions written{4, 2, 1, 0, 1, 0};
  nlohmann::json options = {{"timeout_s", 5.0}, {"workload", "stress-ng"}};
  add_stress_ng_options_json(written, options);
  EXPECT_EQ(options.at("fork_max"), 4);
  EXPECT_EQ(options.at("fork_vm"), true);
  EXPECT_EQ(options.at("fork_pageout"), false);
  const StressNgOptions read = stress_ng_options_from_json(options);
  EXPECT_EQ(read.fork_max, 4U);
  EXPECT_EQ(read.vfork_max, 2U);
  EXPECT_EQ(read.fork_vm, 1);
  EXPECT_EQ(read.fork_pageout, 0);
  EXPECT_EQ(read.fork_unmap, 1);
}

TEST(StressNgOptionsJson, ARunOfAnotherWorkloadReadsAsTheDefaults) {
  const StressNgOptions read =
      stress_ng_options_from_json({{"timeout_s", 5.0}, {"workload", "clean"}});
  EXPECT_EQ(read.fork_max, 1U);
  EXPECT_EQ(read.vfork_max, 1U);
  EXPECT_EQ(read.fork_vm + read.fork_pageout + read.fork_unmap, 0);
}

TEST(StressNgOptionsJson, AMalformedMemberIsNamed) {
  const std::pair<const char*, nlohmann::json> cases[] = {
      {"fork_max", -2}, {"vfork_max", "4"}, {"fork_vm", 1}, {"fork_unmap", "yes"}};
  for (const auto& [key, value] : cases) {
    try {
      stress_ng_options_from_json({{key, value}});
      ADD_FAILURE() << key << " = " << value.dump() << " was accepted";
    } catch (const SummaryError& error) {
      EXPECT_EQ(error.field(), std::string("options.") + key);
    }
  }
}

}  // namespace
}  // namespace clonebench
