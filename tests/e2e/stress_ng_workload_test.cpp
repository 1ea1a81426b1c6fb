// `clonebench run --workload stress-ng` against the real kernel: fork, vfork and clone run
// briefly, report both accountings, and leave nothing behind, although the clone workload keeps
// zombies and leaks pidfds while it runs, as stress-ng does.
#include <gtest/gtest.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// The tool has exited: anything of its reparented to this subreaper, even a zombie, is a leak.
void expect_nothing_reparented_here(const std::string& what) {
  EXPECT_TRUE(nothing_left_behind()) << what;
}

nlohmann::json stress_ng_run(const std::string& stressor, const std::string& timeout) {
  const ToolResult result = run_tool({"run", stressor, "--workload", "stress-ng", "--timeout",
                                      timeout, "--json", "-", "--no-store"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  expect_nothing_reparented_here(stressor);
  const nlohmann::json document = nlohmann::json::parse(result.out);
  EXPECT_EQ(document.at("runs").size(), 1U);
  return document.at("runs").at(0);
}

class StressNgStressor : public ::testing::TestWithParam<std::string> {};

TEST_P(StressNgStressor, RunsBrieflyAndReportsStressNgsAccountingBesideClonebenchs) {
  const std::string stressor = GetParam();
  const nlohmann::json run = stress_ng_run(stressor, "0.5");
  EXPECT_EQ(run.at("stressor"), stressor);
  EXPECT_EQ(run.at("workload"), "stress-ng");
  EXPECT_EQ(run.at("options").at("workload"), "stress-ng");
  const auto bogo_ops = run.at("bogo_ops").get<std::uint64_t>();
  EXPECT_GT(bogo_ops, 0U);
  // clonebench's accounting: the loop alone.
  EXPECT_GT(run.at("real_time_s").get<double>(), 0.3);
  EXPECT_LT(run.at("real_time_s").get<double>(), 5.0);
  EXPECT_GT(run.at("ops_per_sec_cpu").get<double>(), 0);
  // Every successful call was timed; nothing else was.
  EXPECT_GE(run.at("latency_us").at("create").at("n").get<std::uint64_t>(), bogo_ops);
  EXPECT_GT(run.at("latency_us").at("create").at("p50").get<double>(), 0);
  // stress-ng's accounting: its wall clock includes the set-up and teardown, so it is not shorter
  // than the loop, and the same bogo ops.
  const nlohmann::json& stress_ng = run.at("stress_ng");
  EXPECT_EQ(stress_ng.at("bogo_ops").get<std::uint64_t>(), bogo_ops);
  EXPECT_GE(stress_ng.at("real_time_s").get<double>(), run.at("real_time_s").get<double>() * 0.99);
  EXPECT_LT(stress_ng.at("real_time_s").get<double>(), 5.0);
  EXPECT_GT(stress_ng.at("usr_time_s").get<double>() + stress_ng.at("sys_time_s").get<double>(), 0);
  EXPECT_GT(stress_ng.at("max_rss_kb").get<std::uint64_t>(), 0U);
  EXPECT_GT(stress_ng.at("ops_per_sec_real").get<double>(), 0);
}

INSTANTIATE_TEST_SUITE_P(Stressors, StressNgStressor, ::testing::Values("fork", "vfork", "clone"));

TEST(StressNgWorkload, CloneKeepsStressNgsBallastZombiesAndMetric) {
  const nlohmann::json run = stress_ng_run("clone", "1");
  const nlohmann::json& stress_ng = run.at("stress_ng");
  // 32768 populated pages: 128 MiB with 4 KiB pages.
  EXPECT_GT(stress_ng.at("max_rss_kb").get<std::uint64_t>(), 120'000U);
  // clone3 and CLONE_PARENT children are never reaped by the loop; the supervisor reaps them.
  EXPECT_GT(run.at("children_reaped_by_supervisor").get<std::uint64_t>(), 0U);
  // Capabilities are dropped, so the namespace flags fail, as in stress-ng, even for root.
  EXPECT_GT(run.at("failures").value("EPERM", 0U), 0U) << run.at("failures").dump();
  const nlohmann::json& metric = stress_ng.at("misc_metric");
  EXPECT_EQ(metric.at("description"), "microsecs per clone");
  EXPECT_GT(metric.at("geometric_mean").get<double>(), 0);
  EXPECT_LT(metric.at("geometric_mean").get<double>(), 10e6);
}

TEST(StressNgWorkload, CleanWorkloadIsTheDefaultAndHasNoStressNgAccounting) {
  const ToolResult result =
      run_tool({"run", "fork", "--timeout", "0.3", "--rss", "4M", "--json", "-", "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const nlohmann::json run = nlohmann::json::parse(result.out).at("runs").at(0);
  EXPECT_EQ(run.at("workload"), "clean");
  EXPECT_FALSE(run.contains("stress_ng"));
}

TEST(StressNgWorkload, TheMetricsTableLabelsBothAccountings) {
  const ToolResult result = run_tool({"run", "--fork", "1", "--workload", "stress-ng", "--fork-max",
                                      "4", "--timeout", "0.5", "--metrics", "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string& text = result.out + result.err;
  EXPECT_NE(text.find("counted as stress-ng 0.15.06 counts them"), std::string::npos) << text;
  EXPECT_NE(text.find("] fork "), std::string::npos) << text;
  EXPECT_NE(text.find("clonebench's complete accounting"), std::string::npos) << text;
  EXPECT_NE(text.find("] fork/all "), std::string::npos) << text;
  expect_nothing_reparented_here("--fork-max 4");
}

class InterruptedStressNgRun : public ::testing::TestWithParam<int> {};

TEST_P(InterruptedStressNgRun, LeavesNoZombieNoChildAndNoStoredRun) {
  const int signal_number = GetParam();
  const std::string db = temp_path("stress-ng-interrupted.db");
  ToolProcess tool(
      {"run", "--clone", "2", "--workload", "stress-ng", "--timeout", "30", "--db", db});
  // Long enough for zombies and leaked pidfds to pile up in both instances.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  tool.signal(signal_number);
  const ToolResult result = tool.wait(30);
  EXPECT_EQ(result.exit_code, 128 + signal_number) << result.err;
  if (signal_number != SIGKILL) {
    // The tool itself reaped everything before it exited.
    EXPECT_TRUE(nothing_left_behind());
    const ToolResult history = run_tool({"history", "--db", db});
    EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
  } else {
    // After SIGKILL the supervisors die with the tool; what they had comes here and must end.
    EXPECT_TRUE(orphans_end_by_themselves(20));
  }
  // A killed tool leaves SQLite's journal files beside the database.
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) {
    std::remove((db + suffix).c_str());
  }
}

INSTANTIATE_TEST_SUITE_P(Signals, InterruptedStressNgRun, ::testing::Values(SIGINT, SIGKILL));

}  // namespace
}  // namespace clonebench::testing
