// `clonebench scale` end to end on the real kernel with two instance counts, few rounds and short
// runs: the JSON's shape and sanity (never a speed), the experiment and its runs in the store,
// `show` re-rendering it, an interrupt that keeps only complete runs and leaves no child, and
// bad values of every flag refused with exit 2 before anything runs.

#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

class ScaleCli : public TempDirectoryTest {
 protected:
  ToolResult scale(std::vector<std::string> args, double timeout_s) {
    args.insert(args.begin(), "scale");
    return run_tool(args, timeout_s);
  }
  // The lines of `history` that end with `ending` (a tag, or a tag's status).
  std::size_t scale_history_lines(const std::string& ending) const {
    const ToolResult history = run_tool({"history", "--db", db_}, 30);
    EXPECT_EQ(history.exit_code, 0) << history.err;
    return scale_lines_ending(history.out, ending);
  }
  static std::size_t scale_lines_ending(const std::string& text, const std::string& ending) {
    std::size_t lines_found = 0;
    std::istringstream lines(text);
    for (std::string line; std::getline(lines, line);) {
      lines_found += line.ends_with(ending) ? 1 : 0;
    }
    return lines_found;
  }
  const std::string db_ = scratch_.file("runs.db");
};

TEST_F(ScaleCli, MeasuresTwoCountsAndWritesTheirPointsAsJson) {
  const ToolResult result = scale({"fork", "--instances", "1,2", "--rounds", "6", "--timeout",
                                   "0.2", "--seed", "3", "--no-store", "--db", db_, "--json", "-"},
                                  60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  EXPECT_FALSE(std::filesystem::exists(db_)) << "--no-store opened a database";
  const auto document = nlohmann::json::parse(result.out);
  const auto& scale = document.at("scale");
  EXPECT_EQ(scale.at("seed"), 3);
  ASSERT_EQ(scale.at("points").size(), 2u);
  for (std::size_t point = 0; point < 2; ++point) {
    const auto& entry = scale.at("points")[point];
    EXPECT_EQ(entry.at("instances"), point + 1);
    EXPECT_EQ(entry.at("n"), 6);
    EXPECT_EQ(entry.at("runs").size(), 6u);
    const auto& ops = entry.at("ops_per_s");
    EXPECT_GT(ops.at("median").get<double>(), 0);
    // 6 rounds bound a 95 % interval of the median: the lowest and the highest run.
    ASSERT_TRUE(ops.at("ci").is_array()) << ops;
    EXPECT_GT(ops.at("ci")[0].get<double>(), 0);
    EXPECT_LE(ops.at("ci")[0].get<double>(), ops.at("median").get<double>());
    EXPECT_GE(ops.at("ci")[1].get<double>(), ops.at("median").get<double>());
    EXPECT_GT(entry.at("efficiency").at("median").get<double>(), 0);
  }
  const auto& single = scale.at("points")[0].at("efficiency");
  EXPECT_EQ(single.at("median").get<double>(), 1.0);
  EXPECT_EQ(single.at("ci"), nlohmann::json({1.0, 1.0}));
  ASSERT_EQ(scale.at("steps").size(), 1u);
  const std::string status = scale.at("knee").at("status");
  EXPECT_TRUE(status == "reached" || status == "not reached" || status == "cannot be decided")
      << status;
}

TEST_F(ScaleCli, StoresEveryRunUnderAScaleExperimentThatShowReRenders) {
  const ToolResult result = scale({"fork", "--instances", "1,2", "--rounds", "2", "--timeout",
                                   "0.1", "--seed", "7", "--label", "scaled", "--db", db_},
                                  60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  EXPECT_NE(result.out.find("n/a (too few runs)"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("throughput stops growing: cannot be decided"), std::string::npos)
      << result.out;
  const ToolResult shown = run_tool({"show", "1", "--db", db_}, 30);
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const std::size_t heading = shown.out.find("\nscale scale-");
  ASSERT_NE(heading, std::string::npos) << shown.out;
  const std::string tag =
      shown.out.substr(heading + 7, shown.out.find(' ', heading + 7) - (heading + 7));
  EXPECT_TRUE(tag.ends_with("-0007")) << tag;  // scale-<time>-<seed & 0xffff, 4 hex digits>
  // The stored analysis is the one printed: its table re-appears whole.
  EXPECT_NE(shown.out.find(result.out.substr(result.out.find("instances"))), std::string::npos)
      << shown.out;
  EXPECT_EQ(scale_history_lines(tag), 4u);  // 2 counts × 2 rounds, each with the experiment
}

TEST_F(ScaleCli, AnInterruptKeepsOnlyCompleteRunsAndLeavesNoChild) {
  ToolProcess tool(
      {"scale", "fork", "--instances", "1,2", "--rounds", "50", "--timeout", "0.3", "--db", db_});
  // Signalled once a run is stored, in the middle of a later one.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  // (history may fail while the tool creates the database: only its output is looked at)
  while (scale_lines_ending(run_tool({"history", "--db", db_}, 30).out, " (running)") == 0 &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  tool.signal(SIGINT);
  const ToolResult result = tool.wait(30);
  EXPECT_EQ(result.exit_code, 128 + SIGINT) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_TRUE(nothing_left_behind());
  // The runs that ended before the signal are stored, under an experiment marked interrupted.
  EXPECT_GE(scale_history_lines(" (interrupted)"), 1u);
  EXPECT_EQ(scale_history_lines(" (running)"), 0u);
}

TEST_F(ScaleCli, RejectsBadValuesOfEveryFlagNamingIt) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--instances", "2,4"}, "--instances"},
      {{"--instances", "1"}, "--instances"},
      {{"--instances", "1,x"}, "--instances"},
      {{"--instances", "1,1"}, "--instances"},
      {{"--instances", "0,1"}, "--instances"},
      {{"--rounds", "1"}, "--rounds"},
      {{"--rounds", "many"}, "--rounds"},
      {{"--timeout", "0"}, "--timeout"},
      {{"--timeout", "soon"}, "--timeout"},
      {{"--seed", "-1"}, "--seed"},
      {{"--label", "a\nb"}, "--label"},
      {{"--workload", "dirty"}, "--workload"},
      {{"--json", "/nonexistent-dir/x"}, "--json"}};
  for (const auto& [arguments, flag] : cases) {
    std::vector<std::string> args = {"fork"};
    args.insert(args.end(), arguments.begin(), arguments.end());
    args.insert(args.end(), {"--db", db_});
    const ToolResult result = scale(args, 30);
    EXPECT_EQ(result.exit_code, 2) << flag << ": " << result.err;
    EXPECT_NE(result.err.find(flag), std::string::npos) << flag << ": " << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  const ToolResult unknown = scale({"forkk", "--db", db_}, 30);
  EXPECT_EQ(unknown.exit_code, 2) << unknown.err;
  EXPECT_NE(unknown.err.find("forkk"), std::string::npos) << unknown.err;
  EXPECT_FALSE(std::filesystem::exists(db_)) << "a refused scale opened the database";
}

}  // namespace
}  // namespace clonebench::testing
