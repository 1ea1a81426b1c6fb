// A run's "options" object: written as every version wrote it, read back tolerantly (a stored run
// may come from an older version or another tool), so that no reader picks fields out by hand.
#include "record/run_options_json.hpp"

#include <gtest/gtest.h>

#include "record/summary_field.hpp"

namespace clonebench {
namespace {

RunOptions clean_fork_options() {
  RunOptions options;
  options.timeout_s = 10.0;
  options.max_ops = 0;
  options.rss_bytes = 67108864;
  options.rss_kind = "anon";
  options.vmas = 1;
  options.seed = 42;
  options.pin_cpus = std::vector<int>{};
  options.phase_every = 8;
  options.workload = CleanWorkloadOptions{};
  return options;
}

TEST(RunOptionsJson, WritesTheObjectEveryRunHasStoredWithItsKeysInOrder) {
  EXPECT_EQ(run_options_to_json(clean_fork_options()).dump(),
            R"({"max_ops":0,"phase_every":8,"pin_cpus":[],"rss_bytes":67108864,)"
            R"("rss_kind":"anon","seed":42,"timeout_s":10.0,"vmas":1,"workload":"clean"})");
}

TEST(RunOptionsJson, WritesStressNgsOptionsAndTheCloneCapOnlyWhereTheyApply) {
  RunOptions options = clean_fork_options();
  options.clone_max = 8192;
  options.clone_max_effective = 4096;
  options.workload = StressNgWorkloadOptions{true, StressNgOptions{2, 1, 1, 0, 0, 0}};  // fork_vm
  options.command_line = std::vector<std::string>{"clonebench", "run", "clone"};
  const nlohmann::json json = run_options_to_json(options);
  EXPECT_EQ(json["clone_max"], 8192);
  EXPECT_EQ(json["clone_max_effective"], 4096);
  EXPECT_EQ(json["seed_given"], true);
  EXPECT_EQ(json["fork_max"], 2);
  EXPECT_EQ(json["fork_vm"], true);
  EXPECT_EQ(json["fork_unmap"], false);
  EXPECT_EQ(json["command_line"], nlohmann::json({"clonebench", "run", "clone"}));
  EXPECT_FALSE(run_options_to_json(clean_fork_options()).contains("clone_max"));
}

TEST(RunOptionsJson, ReadsBackWhatItWrote) {
  RunOptions options = clean_fork_options();
  options.clone_max = 16;
  options.clone_max_effective = 16;
  options.workload = StressNgWorkloadOptions{false, StressNgOptions{3, 4, 0, 1, 1, 0}};
  options.command_line = std::vector<std::string>{"clonebench", "run", "fork"};
  const nlohmann::json json = run_options_to_json(options);
  EXPECT_EQ(run_options_to_json(run_options_from_json(json)), json);
  const RunOptions read = run_options_from_json(json);
  EXPECT_EQ(read, options);
  const StressNgWorkloadOptions* stress_ng = stress_ng_options_of(read);
  ASSERT_NE(stress_ng, nullptr);
  EXPECT_EQ(stress_ng->stress_ng.vfork_max, 4u);
  EXPECT_EQ(stress_ng->stress_ng.fork_unmap, 1);
  EXPECT_EQ(read.rss_kind, "anon");
}

TEST(RunOptionsJson, AFieldOfAnotherTypeOrMissingReadsAsAbsentNotAsAnError) {
  const RunOptions read = run_options_from_json(nlohmann::json::parse(
      R"({"timeout_s":"10","rss_bytes":-1,"vmas":2.5,"rss_kind":7,"pin_cpus":[0,"x"],)"
      R"("fork_max":2})"));
  EXPECT_FALSE(read.timeout_s);
  EXPECT_FALSE(read.rss_bytes);
  EXPECT_FALSE(read.vmas);
  EXPECT_FALSE(read.rss_kind);
  EXPECT_FALSE(read.pin_cpus);
  EXPECT_FALSE(read.max_ops);
  EXPECT_EQ(stress_ng_options_of(read), nullptr)
      << "stress-ng's options belong to runs of the stress-ng workload";
}

TEST(RunOptionsJson, AMalformedStressNgOptionOfAStressNgRunIsNamed) {
  try {
    run_options_from_json(nlohmann::json::parse(R"({"workload":"stress-ng","fork_max":"2"})"));
    FAIL() << "a text fork_max was accepted";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "options.fork_max");
  }
}

TEST(RunOptionsJson, ACommandLineWordThatIsNotTextIsKeptAsItsJsonText) {
  const RunOptions read =
      run_options_from_json(nlohmann::json::parse(R"({"command_line":["run",3,{"a":1}]})"));
  ASSERT_TRUE(read.command_line);
  EXPECT_EQ(*read.command_line, (std::vector<std::string>{"run", "3", R"({"a":1})"}));
}

TEST(RunOptionsJson, AnythingButAnObjectReadsAsNoOptions) {
  for (const char* text : {"null", "[]", "3", R"("x")"}) {
    const RunOptions read = run_options_from_json(nlohmann::json::parse(text));
    EXPECT_FALSE(read.timeout_s) << text;
    EXPECT_FALSE(read.workload) << text;
  }
}

TEST(RunOptionsJson, AWorkloadThisVersionDoesNotKnowReadsAsNoneRecordedAndAsClean) {
  const RunOptions read =
      run_options_from_json(nlohmann::json::parse(R"({"workload":"forkbomb"})"));
  EXPECT_FALSE(read.workload);
  EXPECT_EQ(workload_of(read), Workload::kClean);
}

TEST(RunOptions, TheComparablePartLeavesOutTheSeedAndTheCommandLineOnly) {
  RunOptions a = clean_fork_options();
  a.command_line = std::vector<std::string>{"clonebench", "run", "fork", "--seed", "42"};
  RunOptions b = a;
  b.seed = 7;
  b.command_line = std::vector<std::string>{"clonebench", "run", "fork", "--seed", "7"};
  EXPECT_NE(a, b);
  EXPECT_EQ(comparable_options(a), comparable_options(b));
  b.timeout_s = 5.0;
  EXPECT_NE(comparable_options(a), comparable_options(b));
}

TEST(RunOptions, ShowsEachOptionAsTheDocumentWritesItWithoutTheCommandLine) {
  RunOptions options = clean_fork_options();
  options.pin_cpus = std::vector<int>{0, 1};
  options.command_line = std::vector<std::string>{"clonebench", "run"};
  const std::vector<OptionText> texts = option_texts(options);
  ASSERT_EQ(texts.size(), 9u);
  EXPECT_EQ(texts.front(), (OptionText{"max_ops", "0"}));
  EXPECT_EQ(texts[2], (OptionText{"pin_cpus", "[0,1]"}));
  EXPECT_EQ(texts[6], (OptionText{"timeout_s", "10.0"}));
  EXPECT_EQ(texts.back(), (OptionText{"workload", "clean"}));
}

}  // namespace
}  // namespace clonebench
