// `clonebench ab` as a user runs it: a real paired experiment with a certain effect, the restore
// command after an interrupt and after a failing setup, and bad input refused before anything
// runs.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <chrono>
#include <nlohmann/json.hpp>
#include <thread>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

bool exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Waits at most `timeout_s` for the file to appear.
bool wait_for_file(const std::string& path, double timeout_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  while (!exists(path)) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

TEST(AbCli, FindsThatA64MiBParentForksMoreSlowly) {
  // Copying the page tables of 64 MiB (16384 PTEs) multiplies the CPU cost of each fork many
  // times over; on the CPU rate that is a large, certain effect even on a loaded machine.
  const ToolResult result =
      run_tool({"ab", "fork --timeout 0.3", "--a", "--rss 0", "--b", "--rss 64M", "--pairs", "6",
                "--metric", "ops_per_sec_cpu", "--json", "-", "--no-store", "--seed", "12345"},
               20);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);  // stdout holds the document only
  EXPECT_EQ(document["schema"], "clonebench-compare/1");
  EXPECT_EQ(document["design"], "paired");
  ASSERT_EQ(document["metrics"].size(), 1U);
  const auto& metric = document["metrics"][0];
  EXPECT_EQ(metric["name"], "ops_per_sec_cpu");
  EXPECT_EQ(metric["a"]["n"], 6);
  EXPECT_EQ(metric["effect"]["verdict"], "slower") << metric.dump(2);
  EXPECT_LT(metric["effect"]["ci_pct"][1].get<double>(), 0.0);
  EXPECT_EQ(document["a"]["options"], "--rss 0");
  EXPECT_EQ(document["b"]["options"], "--rss 64M");
  EXPECT_TRUE(document["a"]["run_ids"].empty());  // --no-store
  EXPECT_EQ(document["ab"]["pairs"], 6);
  EXPECT_EQ(document["ab"]["order"].size(), 6U);
  EXPECT_EQ(document["ab"]["seed"], 12345);
  EXPECT_EQ(document["ab"]["warmups_per_arm"], 1);
  EXPECT_TRUE(nothing_left_behind());
}

TEST(AbCli, RunsTheRestoreCommandAfterAnInterrupt) {
  const std::string started = temp_path("ab-started");
  const std::string restored = temp_path("ab-restored");
  std::remove(started.c_str());
  std::remove(restored.c_str());
  ToolProcess tool({"ab", "fork --timeout 1", "--b", "--rss 1M", "--pairs", "20", "--no-store",
                    "--setup-a", "touch " + started, "--restore", "touch " + restored});
  ASSERT_TRUE(wait_for_file(started, 10)) << tool.wait(1).err;
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  EXPECT_FALSE(exists(restored));
  tool.signal(SIGINT);
  const ToolResult result = tool.wait(15);
  EXPECT_EQ(result.exit_code, 130) << result.err;
  EXPECT_TRUE(exists(restored)) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_TRUE(nothing_left_behind());
  std::remove(started.c_str());
  std::remove(restored.c_str());
}

TEST(AbCli, RunsTheRestoreCommandAfterAFailingSetupAndNamesTheFlag) {
  const std::string restored = temp_path("ab-restored-setup");
  std::remove(restored.c_str());
  const ToolResult result =
      run_tool({"ab", "fork --timeout 0.1", "--pairs", "2", "--warmup", "0", "--no-store",
                "--setup-b", "exit 7", "--restore", "touch " + restored},
               20);
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(contains(result.err, "--setup-b")) << result.err;
  EXPECT_TRUE(contains(result.err, "status 7")) << result.err;
  EXPECT_TRUE(exists(restored));
  EXPECT_TRUE(nothing_left_behind());
  std::remove(restored.c_str());
}

struct BadInput {
  std::vector<std::string> args;
  std::string named;  // what the message must name
};

class AbBadInput : public ::testing::TestWithParam<BadInput> {};

TEST_P(AbBadInput, ExitsTwoNamingTheCulpritBeforeAnythingRuns) {
  const std::string restored = temp_path("ab-restored-bad");
  std::remove(restored.c_str());
  std::vector<std::string> args = {"ab"};
  args.insert(args.end(), GetParam().args.begin(), GetParam().args.end());
  for (const char* extra : {"--no-store", "--restore"}) {
    args.emplace_back(extra);
  }
  args.push_back("touch " + restored);
  const ToolResult result = run_tool(args, 20);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(contains(result.err, GetParam().named)) << result.err;
  EXPECT_FALSE(exists(restored)) << "restore ran although nothing was changed";
  EXPECT_TRUE(result.out.empty()) << result.out;
}

INSTANTIATE_TEST_SUITE_P(Inputs, AbBadInput,
                         ::testing::Values(BadInput{{"fork clone --timeout 1"}, "SPEC"},
                                           BadInput{{"fork", "--a", "--clone 1"}, "--a"},
                                           BadInput{{"fork", "--pairs", "0"}, "--pairs"},
                                           BadInput{{"fork", "--pairs", "many"}, "--pairs"},
                                           BadInput{{"fork", "--b", "--rss '64M"}, "--b"},
                                           BadInput{{"fork", "--b", "--rss lots"}, "--rss"},
                                           BadInput{{"fork", "--a", "--json x.json"}, "--json"},
                                           BadInput{{"fork", "--metric", "speed"}, "--metric"}));

}  // namespace
}  // namespace clonebench::testing
