// The command lines a report shows, from the typed stored summaries, and its warnings about
// noisy runs.

#include "report/report_facts.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "support/sample_report_store.hpp"

namespace clonebench {
namespace {

TEST(AbCommand, RebuildsTheCommandFromTheStoredDesignWithTheSeedInHex) {
  AbSummary summary;
  summary.spec = "fork --rss 64M";
  summary.a_options = "--thp never";
  summary.b_options = "--thp always";
  summary.setup_b = "echo 1 > /proc/sys/vm/x";
  summary.pairs = 20;
  summary.warmups_per_arm = 2;
  summary.seed = 42;
  summary.seed_hex = "0x2a";
  EXPECT_EQ(ab_command(summary),
            "clonebench ab 'fork --rss 64M' --a '--thp never' --b '--thp always' --setup-b "
            "'echo 1 > /proc/sys/vm/x' --pairs 20 --warmup 2 --seed 0x2a");
  summary.seed_hex.reset();
  EXPECT_TRUE(ab_command(summary).ends_with(" --seed 42")) << ab_command(summary);
}

TEST(AbCommand, SaysNotAvailableForWhatASummaryWithoutItsDesignLacks) {
  EXPECT_EQ(ab_command(AbSummary{}),
            "clonebench ab n/a --a n/a --b n/a --pairs n/a --warmup n/a --seed n/a");
}

TEST(AbCommand, EscapesControlCharactersOfAStoredSetupCommand) {
  AbSummary summary;
  summary.setup_a = "echo \x1b[2J";
  EXPECT_EQ(ab_command(summary).find('\x1b'), std::string::npos);
}

std::vector<StoredRun> noisy_runs_of(const std::vector<std::string>& labels, const char* problem) {
  std::vector<StoredRun> runs;
  int index = 0;
  for (const std::string& label : labels) {
    for (int run = 0; run < 2; ++run) {
      StoredRun stored{testing::report_fork_run(label, index++, 4000),
                       testing::report_environment(testing::kKernelA, "IBPB"),
                       {}};
      stored.environment.stability_warnings = std::vector<std::string>{problem};
      runs.push_back(std::move(stored));
    }
  }
  return runs;
}

// The six arms of one hvo-key experiment, measured in one sitting, once gave six lines that
// differed only in their label.
TEST(NoisyRunLines, LabelsNoisyForTheSameReasonShareOneLine) {
  const std::vector<StoredRun> runs =
      noisy_runs_of({"k:on-small", "k:off-small", "k:control-small"}, "load average is 7.56");
  const std::vector<std::string> lines = noisy_run_lines(group_by_label(runs));
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines.front(),
            "3 labels (k:on-small, k:off-small, k:control-small): noisy machine during 6 of 6 "
            "runs: load average is 7.56");
}

TEST(NoisyRunLines, LabelsNoisyForDifferentReasonsKeepALineEach) {
  std::vector<StoredRun> runs = noisy_runs_of({"a"}, "load average is 3.00");
  for (StoredRun& run : noisy_runs_of({"b"}, "governor is powersave")) {
    runs.push_back(std::move(run));
  }
  runs.push_back({testing::report_fork_run("c", 9, 4000),
                  testing::report_environment(testing::kKernelA, "IBPB"),
                  {}});
  const std::vector<std::string> lines = noisy_run_lines(group_by_label(runs));
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], "a: noisy machine during 2 of 2 runs: load average is 3.00");
  EXPECT_EQ(lines[1], "b: noisy machine during 2 of 2 runs: governor is powersave");
}

}  // namespace
}  // namespace clonebench
