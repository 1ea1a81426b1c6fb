// Runs of different settings are never pooled into one figure (docs/report.md, "Runs of
// different settings are never pooled"): a label holding fork runs at two --rss values and at 1
// and 2 instances is reported as one row per run group in markdown, SRU and HTML, its SRU test
// plan repeats only the commands that were typed, and `compare` of two such labels compares
// group by group, naming the groups one side lacks, never one verdict over the mix. And a run
// measured in a `kernels` guest is the guest's in `history` and says so in `show`.

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "support/sample_report_store.hpp"
#include "support/sru_words.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

// A namespace of its own: the e2e bundle compiles its files in batches (one translation unit).
namespace clonebench::testing::run_groups_e2e {
namespace {

constexpr double kToolTimeoutS = 60;
constexpr const char* kMixed = "mixed-6.8";
constexpr const char* kOther = "other-6.8";

// Six fork runs of one setting, typed as `command` (none: stored without a command line).
void save_runs(Store& store, const char* label, int& index, double rate, std::uint64_t rss_bytes,
               std::uint32_t instances, const std::vector<std::string>& command, int runs = 6) {
  for (int run = 0; run < runs; ++run) {
    RunRecord record = report_fork_run(label, index, rate + 3 * (run % 3), rss_bytes);
    ++index;
    record.result.instances = instances;
    if (!command.empty()) {
      record.result.options.command_line = command;
    }
    store.save(record, report_environment(kKernelA, "Mitigation: IBPB"));
  }
}

class RunGroupsCli : public TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(db_);
    int index = 0;
    const std::string label = std::string("--label=") + kMixed;
    save_runs(store, kMixed, index, 6000, 0, 1,
              {"clonebench", "run", "fork", "--runs", "6", label});
    save_runs(store, kMixed, index, 5000, 16 << 20, 1,
              {"clonebench", "run", "fork", "--rss", "16M", "--runs", "6", label});
    save_runs(store, kMixed, index, 9000, 0, 2,
              {"clonebench", "run", "fork", "--instances", "2", "--runs", "6", label});
    save_runs(store, kMixed, index, 4000, 64 << 20, 1, {}, 2);  // stored before command lines
    save_runs(store, kOther, index, 6100, 0, 1, {});
    save_runs(store, kOther, index, 9100, 0, 2, {});
  }
  ToolResult tool(std::vector<std::string> args) const {
    args.insert(args.end(), {"--db", db_});
    return run_tool(args, kToolTimeoutS);
  }
  std::string db_ = scratch_.file("runs.db");
};

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST_F(RunGroupsCli, TheMarkdownOfALabelHasARowPerStressorAndSettingsNeverOnePooledRow) {
  const ToolResult result = tool({"report", kMixed});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "| fork | mixed-6.8 | 6 |")) << result.out;
  EXPECT_TRUE(has(result.out, "| fork (rss 16M) | mixed-6.8 | 6 |")) << result.out;
  EXPECT_TRUE(has(result.out, "| fork (instances 2) | mixed-6.8 | 6 |")) << result.out;
  EXPECT_TRUE(has(result.out, "| fork (rss 64M) | mixed-6.8 | 2 |")) << result.out;
  EXPECT_FALSE(has(result.out, "| mixed-6.8 | 20 |")) << result.out;  // 20 runs as one figure
}

TEST_F(RunGroupsCli, TheSruTextOfALabelHasARowPerGroupAndATestPlanOfTypedCommandsOnly) {
  const ToolResult result = tool({"report", kMixed, "--format", "sru"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string plan = result.out.substr(0, result.out.find("[Test Results]"));
  const std::string results = result.out.substr(plan.size());
  EXPECT_TRUE(has(plan,
                  "    clonebench run fork --runs 6 --label=mixed-6.8\n"
                  "    clonebench run fork --rss 16M --runs 6 --label=mixed-6.8\n"
                  "    clonebench run fork --instances 2 --runs 6 --label=mixed-6.8\n"))
      << plan;
  // The runs stored without a command line are named by their settings, never given one.
  EXPECT_TRUE(has(testing::sru_words(plan),
                  "their settings, not a command to type: fork (rss 64M): 2 runs "))
      << plan;
  EXPECT_TRUE(has(plan, "\n\n    fork (rss 64M): 2 runs\n")) << plan;
  EXPECT_FALSE(has(plan, "--timeout")) << plan;
  EXPECT_FALSE(has(plan, "--rss 64M")) << plan;
  EXPECT_TRUE(
      has(results, "\nfork (rss 16M)       mixed-6.8     6        5003.0      5000.0 to 5006.0"))
      << results;
  EXPECT_TRUE(
      has(results, "\nfork (instances 2)   mixed-6.8     6        9003.0      9000.0 to 9006.0"))
      << results;
  EXPECT_FALSE(has(results, "mixed-6.8    20 ")) << results;
}

TEST_F(RunGroupsCli, TheHtmlOfALabelDrawsPanelsPerGroupBelowTheTableOfGroups) {
  const std::string out = scratch_.file("report.html");
  const ToolResult result = tool({"report", kMixed, "--format", "html", "-o", out});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string html = read_all(out);
  const std::size_t first_plot = html.find("<figure");
  ASSERT_NE(first_plot, std::string::npos);
  EXPECT_LT(html.find("fork (instances 2)</td>"), first_plot) << "the answer above the plots";
  for (const char* group :
       {"fork: ", "fork (rss 16M): ", "fork (instances 2): ", "fork (rss 64M): "}) {
    EXPECT_TRUE(has(html, std::string("<figcaption>") + group + "Throughput over time")) << group;
    EXPECT_TRUE(has(html, std::string("<figcaption>") + group + "latency of create")) << group;
  }
}

TEST_F(RunGroupsCli, CompareOfLabelsOfMixedSettingsComparesGroupByGroupAndNamesTheRest) {
  const ToolResult result = tool({"compare", kMixed, kOther});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "fork/ops_per_sec_real")) << result.out;
  EXPECT_TRUE(has(result.out, "fork (instances 2)/ops_per_sec_real")) << result.out;
  EXPECT_TRUE(has(result.err, "not compared: fork (rss 16M) is only in A (mixed-6.8), 6 runs"))
      << result.err;
  EXPECT_TRUE(has(result.err, "not compared: fork (rss 64M) is only in A (mixed-6.8), 2 runs"))
      << result.err;
  // No line gives one verdict over the 20 runs of A: every metric is a group's.
  EXPECT_FALSE(has(result.out, "20 vs")) << result.out;
}

TEST_F(RunGroupsCli, TheReportOfTwoLabelsComparesEachGroupTheyShare) {
  const ToolResult result = tool({"report", kMixed, kOther, "--format", "sru"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(has(result.out, "fork (instances 2)/ops_per_sec_real")) << result.out;
  EXPECT_TRUE(has(result.out, "not compared: fork (rss 16M) is only in A")) << result.out;
}

// A run of a `kernels` guest, stored as the guest environment names it.
Environment guest_environment() {
  Environment environment = report_environment(kKernelB, "Mitigation: IBPB");
  environment.hostname = std::string("vm (QEMU tcg guest)");
  VirtualizationFacts virtualization;
  virtualization.kind = std::string("qemu");
  virtualization.accelerator = std::string("tcg");
  virtualization.emulated = true;
  environment.virtualization = virtualization;
  GuestFacts guest;
  guest.measure = std::string("time");
  environment.guest = guest;
  return environment;
}

std::string local_hostname() {
  char name[HOST_NAME_MAX + 1] = {};
  ::gethostname(name, sizeof name - 1);
  return name;
}

TEST_F(RunGroupsCli, AGuestsRunIsTheGuestsInHistoryAndShowSaysItIsEmulated) {
  std::int64_t guest_id = 0;
  {
    Store store(db_);
    RunRecord run = report_fork_run("guest-run", 50, 300);
    guest_id = store.save(run, guest_environment());
  }
  const ToolResult all = tool({"history", "--all"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  const std::size_t row = all.out.find("guest-run");
  ASSERT_NE(row, std::string::npos) << all.out;
  EXPECT_TRUE(has(all.out.substr(row, all.out.find('\n', row) - row), "vm (QEMU tcg guest)"))
      << all.out;
  const ToolResult host = tool({"history", "--all", "--host", local_hostname()});
  ASSERT_EQ(host.exit_code, 0) << host.err;
  EXPECT_TRUE(has(host.out, kMixed)) << host.out;
  EXPECT_FALSE(has(host.out, "guest-run")) << host.out;
  const ToolResult guest = tool({"history", "--host", "vm (QEMU tcg guest)"});
  EXPECT_TRUE(has(guest.out, "guest-run")) << guest.out;
  EXPECT_FALSE(has(guest.out, kMixed)) << guest.out;
  const ToolResult show = tool({"show", std::to_string(guest_id)});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(has(show.out, "measured in a guest: vm (QEMU tcg guest); emulated (QEMU TCG)"))
      << show.out;
}

TEST_F(RunGroupsCli, ShowOfARunCountedInInstructionsSaysItsFiguresAreCountsNotTimes) {
  std::int64_t guest_id = 0;
  {
    Store store(db_);
    Environment environment = guest_environment();
    environment.hostname = std::string("vm (QEMU tcg guest, counting instructions)");
    environment.guest->measure = std::string("instructions");
    RunRecord run = report_fork_run("counted", 51, 300);
    guest_id = store.save(run, environment);
  }
  const ToolResult show = tool({"show", std::to_string(guest_id)});
  ASSERT_EQ(show.exit_code, 0) << show.err;
  EXPECT_TRUE(has(show.out,
                  "counted in instructions (--measure instructions): its figures are "
                  "counts of guest instructions, not times"))
      << show.out;
}

}  // namespace
}  // namespace clonebench::testing::run_groups_e2e
