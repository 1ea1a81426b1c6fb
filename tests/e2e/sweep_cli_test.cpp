// `clonebench sweep` end to end on the real kernel, each run bounded by its own timeout: a small
// anon fork sweep must find a positive per-page cost whose interval excludes zero; a stored sweep
// is re-rendered by `show`; refusals must be clear; nothing may be left behind (no child, no
// temporary file in $TMPDIR, no database with --no-store).

#include <gtest/gtest.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "core/number_text.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

// Runs the tool with $TMPDIR pointing into `scratch`, where nothing may remain afterwards.
class SweepCli : public TempDirectoryTest {
 protected:
  void SetUp() override { std::filesystem::create_directory(tmpdir_); }
  ToolResult sweep(std::vector<std::string> args, double timeout_s) {
    args.insert(args.begin(), "sweep");
    return run_tool(args, timeout_s, {"TMPDIR=" + tmpdir_});
  }
  void expect_no_temporary_file() const {
    std::string left;
    for (const auto& entry : std::filesystem::directory_iterator(tmpdir_)) {
      left += " " + entry.path().filename().string();
    }
    EXPECT_TRUE(left.empty()) << "left in $TMPDIR:" << left;
  }
  const std::string tmpdir_ = scratch_.file("tmp");
  const std::string db_ = scratch_.file("runs.db");
};

// A suite name ending in "Timing" labels the test e2e-timing (tests/CMakeLists.txt).
using SweepCliTiming = SweepCli;

TEST_F(SweepCliTiming, FindsAPositivePerPageCostForAnonMemory) {
  const ToolResult result =
      sweep({"fork", "--rss", "0,16M,32M,64M", "--rounds", "3", "--timeout-per-point", "0.4s",
             "--seed", "1", "--no-store", "--db", db_, "--json", "-"},
            60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  EXPECT_FALSE(std::filesystem::exists(db_)) << "--no-store opened a database";
  expect_no_temporary_file();
  const auto document = nlohmann::json::parse(result.out);
  const auto& sweep = document.at("sweep");
  EXPECT_EQ(sweep.at("points").size(), 4u);
  ASSERT_EQ(sweep.at("fits").size(), 3u);
  for (const auto& fit : sweep.at("fits")) {
    const std::string phase = fit.at("phase");
    const auto& slope = fit.at("per_page_ns");
    EXPECT_LE(slope.at("ci")[0].get<double>(), slope.at("estimate").get<double>()) << phase;
    EXPECT_GE(slope.at("ci")[1].get<double>(), slope.at("estimate").get<double>()) << phase;
    EXPECT_TRUE(fit.contains("fixed_us") && fit.contains("r2")) << phase;
    if (phase == "create" || phase == "total") {
      // Fork copies every written anon entry: the cost per page must be real, and physical
      // (well under 10 µs per 4 KiB entry).
      EXPECT_GT(slope.at("ci")[0].get<double>(), 0.0) << phase;
      EXPECT_LT(slope.at("estimate").get<double>(), 10000.0) << phase;
    }
  }
  // 16 MiB of anon memory is 4096 entries; the region must have been really populated.
  const auto& point = sweep.at("points")[1];
  EXPECT_EQ(point.at("rss_bytes").get<std::uint64_t>(), 16u << 20);
  EXPECT_NEAR(point.at("pages").get<double>(), 4096.0, 1.0);
}

TEST_F(SweepCli, APrecisionRunsRoundsUntilTheMaximumTimeAndSaysWhatEndedIt) {
  // ±0.01 % per page is out of reach: the sweep ends by --max-time, after at least 2 rounds and
  // before the cap of 1000.
  const ToolResult result =
      sweep({"fork", "--rss", "0,8M", "--timeout-per-point", "0.1s", "--precision", "0.01%",
             "--max-time", "1s", "--seed", "2", "--no-store", "--json", "-"},
            60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  const auto sweep_summary = nlohmann::json::parse(result.out).at("sweep");
  const auto& stop = sweep_summary.at("stop");
  EXPECT_EQ(stop.at("reason"), "max-time");
  EXPECT_EQ(stop.at("precision_pct"), 0.01);
  EXPECT_EQ(stop.at("max_time_s"), 1.0);
  EXPECT_EQ(stop.at("rounds_cap"), 1000);
  const auto rounds = sweep_summary.at("rounds").get<int>();
  EXPECT_GE(rounds, 2);
  EXPECT_LT(rounds, 20);
  EXPECT_EQ(sweep_summary.at("points")[0].at("runs").size(), static_cast<std::size_t>(rounds));
}

// A budget given is used: with --max-time alone the rounds go on until it, not for the default 5
// (which once ended such a sweep long before its budget).
TEST_F(SweepCli, MaxTimeAloneRunsRoundsUntilTheBudget) {
  const ToolResult result = sweep({"fork", "--rss", "0,1M", "--timeout-per-point", "0.05s",
                                   "--max-time", "8s", "--seed", "4", "--no-store", "--json", "-"},
                                  60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto sweep_summary = nlohmann::json::parse(result.out).at("sweep");
  const auto& stop = sweep_summary.at("stop");
  EXPECT_EQ(stop.at("reason"), "max-time") << stop;
  EXPECT_EQ(stop.at("rounds_cap"), 1000);
  EXPECT_GE(sweep_summary.at("rounds").get<int>(), 2);
}

TEST_F(SweepCli, APrecisionWithinReachEndsAtALookFromTheThirdRoundOn) {
  // ±99 % per page is within reach of a few rounds of a 0 to 24 MiB fork sweep.
  const ToolResult result =
      sweep({"fork", "--rss", "0,8M,16M,24M", "--timeout-per-point", "0.1s", "--precision", "99%",
             "--seed", "3", "--no-store", "--json", "-"},
            120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto sweep_summary = nlohmann::json::parse(result.out).at("sweep");
  EXPECT_EQ(sweep_summary.at("stop").at("reason"), "precision");
  EXPECT_GE(sweep_summary.at("rounds").get<int>(), 3) << "no look before the third round";
  EXPECT_LE(sweep_summary.at("stop").at("per_page_half_width_pct").get<double>(), 99.0);
}

TEST_F(SweepCli, AFileBackedParentLeavesNoTemporaryFile) {
  const ToolResult result = sweep({"fork", "--rss", "0,4M", "--rss-kind", "file", "--rounds", "2",
                                   "--timeout-per-point", "0.1s", "--no-store", "--db", db_},
                                  60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  expect_no_temporary_file();
  EXPECT_FALSE(std::filesystem::exists(db_)) << "--no-store opened a database";
}

TEST_F(SweepCli, StoresEveryRunWithTheExperimentAndShowReRendersIt) {
  const ToolResult result =
      sweep({"fork", "--rss", "0,4M", "--rounds", "2", "--timeout-per-point", "0.1s", "--seed", "7",
             "--label", "swept", "--db", db_, "--json", scratch_.file("sweep.json")},
            60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  const ToolResult shown = run_tool({"show", "1", "--db", db_}, 30);
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  const std::size_t heading = shown.out.find("\nsweep sweep-");
  ASSERT_NE(heading, std::string::npos) << shown.out;
  const std::string tag =
      shown.out.substr(heading + 7, shown.out.find(' ', heading + 7) - (heading + 7));
  EXPECT_TRUE(tag.ends_with("-0007")) << tag;  // sweep-<time>-<seed & 0xffff, 4 hex digits>
  // 2 sizes × 2 rounds: four runs, each with the label and the experiment.
  const ToolResult history = run_tool({"history", "--db", db_}, 30);
  ASSERT_EQ(history.exit_code, 0) << history.err;
  std::size_t tagged = 0;
  std::istringstream lines(history.out);
  for (std::string line; std::getline(lines, line);) {
    tagged += line.find(" swept ") != std::string::npos && line.ends_with(tag) ? 1 : 0;
  }
  EXPECT_EQ(tagged, 4u) << history.out;
  const auto document = nlohmann::json::parse(read_all(scratch_.file("sweep.json")));
  // The stored analysis is the one the sweep printed: its fitted slopes re-appear, written by
  // the one number rule.
  for (const auto& fit : document.at("sweep").at("fits")) {
    const auto& slope = fit.at("per_page_ns");
    const std::string text =
        estimate_text(slope.at("estimate"), slope.at("ci")[0], slope.at("ci")[1]);
    EXPECT_NE(shown.out.find(text), std::string::npos) << text << " in " << shown.out;
  }
}

TEST_F(SweepCli, RefusesASizeThatDoesNotFitBeforeRunning) {
  const ToolResult result = sweep({"fork", "--rss", "0,1024G", "--no-store"}, 30);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--rss"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("MemAvailable"), std::string::npos) << result.err;
}

TEST_F(SweepCli, ExplainsHowToReserveHugePages) {
  const ToolResult result =
      sweep({"fork", "--rss", "0,4M", "--rss-kind", "hugetlb", "--no-store"}, 60);
  if (result.exit_code == 0) {
    GTEST_SKIP() << "huge pages are reserved on this machine";
  }
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("sysctl vm.nr_hugepages="), std::string::npos) << result.err;
}

TEST_F(SweepCli, RejectsBadArgumentsNamingTheFlag) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"--rss", "0:64M"}, "--rss"},
      {{"--rss", "16M"}, "--rss"},
      {{"--rss", "0,16M", "--rss-kind", "heap"}, "--rss-kind"},
      {{"--rss", "0,16M", "--rounds", "1"}, "--rounds"},
      {{"--rss", "0,16M", "--timeout-per-point", "x"}, "--timeout-per-point"},
      {{"--rss", "0,16M", "--precision", "3"}, "--precision"},
      {{"--rss", "0,16M", "--precision", "-3%"}, "--precision"},
      {{"--rss", "0,16M", "--precision", "3%", "--max-time", "never"}, "--max-time"},
      {{"--rss", "0,16M", "--max-time", "0s"}, "--max-time"},
      // A repeat is refused like a repeated --vmas (issue 37).
      {{"--rss", "0,1M,1M"}, "--rss"},
      {{"--rss", "0,16M", "--predict", "64M,vmas=1,vmas=2"}, "--predict"},
      {{"--rss", "0,16M", "--lock-wait", "soon"}, "--lock-wait"}};
  for (const auto& [arguments, flag] : cases) {
    std::vector<std::string> args = {"fork"};
    args.insert(args.end(), arguments.begin(), arguments.end());
    args.insert(args.end(), {"--no-store", "--db", db_});
    const ToolResult result = sweep(args, 30);
    EXPECT_EQ(result.exit_code, 2) << flag << ": " << result.err;
    EXPECT_NE(result.err.find(flag), std::string::npos) << flag << ": " << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
  EXPECT_FALSE(std::filesystem::exists(db_));
  expect_no_temporary_file();
}

}  // namespace
}  // namespace clonebench::testing
