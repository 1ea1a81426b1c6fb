// clonebench-worker, the process that forks: a lean static image started with exec, whatever the
// driver holds; refused when missing or of another version; flat over a long experiment; and an
// interrupted experiment keeps what it measured.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/stat.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

namespace fs = std::filesystem;

constexpr std::uint64_t kMaxBaselineVmas = 16;
constexpr std::uint64_t kMaxBaselineRssKb = 1024;

bool worker_text_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Output of a shell command (stdout and stderr) and its exit code.
std::pair<int, std::string> shell(const std::string& command) {
  std::string output;
  FILE* pipe = ::popen(("timeout 30 " + command + " 2>&1").c_str(), "r");
  if (pipe == nullptr) {
    return {-1, output};
  }
  char buffer[4096];
  while (std::fgets(buffer, sizeof(buffer), pipe) != nullptr) {
    output += buffer;
  }
  const int status = ::pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, output};
}

class WorkerOfEveryStressor : public ::testing::TestWithParam<std::string> {};

TEST_P(WorkerOfEveryStressor, ForksFromAKnownSmallBaseline) {
  const ToolResult result =
      run_tool({"run", GetParam(), "--timeout", "0.3", "--rss", "0", "--json", "-", "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  const auto run = nlohmann::json::parse(result.out).at("runs").at(0);
  const auto& parent = run.at("parent");
  const auto& baseline = parent.at("baseline");
  EXPECT_GT(baseline.at("vma_count").get<std::uint64_t>(), 0U);
  EXPECT_LE(baseline.at("vma_count").get<std::uint64_t>(), kMaxBaselineVmas) << parent.dump();
  EXPECT_GT(baseline.at("rss_kb").get<std::uint64_t>(), 0U);
  EXPECT_LE(baseline.at("rss_kb").get<std::uint64_t>(), kMaxBaselineRssKb) << parent.dump();
  // At the start of the loop (no region): the baseline and nothing else.
  EXPECT_LE(parent.at("vma_count").get<std::uint64_t>(), kMaxBaselineVmas) << parent.dump();
  EXPECT_LE(parent.at("rss_kb").get<std::uint64_t>(), kMaxBaselineRssKb) << parent.dump();
}

INSTANTIATE_TEST_SUITE_P(Worker, WorkerOfEveryStressor,
                         ::testing::Values("fork", "vfork", "clone", "clone3", "thread", "spawn",
                                           "exec"));

TEST(Worker, CountsEveryOperationInTheThroughputSeries) {
  const ToolResult result =
      run_tool({"run", "fork", "--timeout", "0.6", "--json", "-", "--no-store"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto run = nlohmann::json::parse(result.out).at("runs").at(0);
  const auto& intervals = run.at("intervals");
  EXPECT_DOUBLE_EQ(intervals.at("interval_s").get<double>(), 0.1);
  const auto ops = intervals.at("ops").get<std::vector<std::uint64_t>>();
  EXPECT_GE(ops.size(), 6U);
  EXPECT_LE(ops.size(), 7U);
  std::uint64_t total = 0;
  for (const std::uint64_t count : ops) {
    total += count;
  }
  EXPECT_EQ(total, run.at("bogo_ops").get<std::uint64_t>());
  EXPECT_GT(intervals.at("last_interval_s").get<double>(), 0.0);
  EXPECT_LE(intervals.at("last_interval_s").get<double>(), 0.1);
}

TEST(Worker, IsAStaticImageWithoutAnyOfTheDriversLibraries) {
  const auto [interp_code, program_headers] = shell(std::string("readelf -l ") + CLONEBENCH_WORKER);
  ASSERT_EQ(interp_code, 0) << program_headers;
  EXPECT_FALSE(worker_text_contains(program_headers, "INTERP")) << "dynamically linked";
  const auto [nm_code, symbols] = shell(std::string("nm -C ") + CLONEBENCH_WORKER);
  ASSERT_EQ(nm_code, 0) << symbols.substr(0, 500);
  for (const char* library : {"fmt::", "nlohmann::", "sqlite3_", "YAML::", "CLI::"}) {
    EXPECT_FALSE(worker_text_contains(symbols, library)) << library << " is linked into the worker";
  }
}

TEST(Worker, RefusesToRunWithoutAJob) {
  auto [code, output] = shell(CLONEBENCH_WORKER);
  EXPECT_EQ(code, 5);
  EXPECT_TRUE(worker_text_contains(output, "not a command")) << output;
  std::tie(code, output) = shell(std::string(CLONEBENCH_WORKER) + " --job-fd 0 </dev/null");
  EXPECT_EQ(code, 5);
  EXPECT_TRUE(worker_text_contains(output, "does not hold a clonebench job")) << output;
  std::tie(code, output) = shell(std::string(CLONEBENCH_WORKER) + " --job-fd x");
  EXPECT_EQ(code, 5);
}

TEST(Worker, ARunWithoutItExitsOneNamingWhereItLooked) {
  const TempDirectory scratch;
  const fs::path lonely = scratch.path() / "bin" / "clonebench";
  fs::create_directories(lonely.parent_path());
  fs::copy_file(CLONEBENCH_BINARY, lonely);
  const auto [code, output] = shell("env -u CLONEBENCH_LIBEXEC_DIR " + lonely.string() +
                                    " run fork --timeout 0.2 --no-store");
  EXPECT_EQ(code, 1) << output;
  EXPECT_TRUE(worker_text_contains(output, (scratch.path() / "bin" / "clonebench-worker").string()))
      << output;
  EXPECT_TRUE(worker_text_contains(output, "libexec/clonebench/clonebench-worker")) << output;
  // One line of error; a noisy-machine warning (a loaded machine, a VM) may stand before it.
  std::size_t lines = 0;
  std::istringstream text(output);
  for (std::string line; std::getline(text, line);) {
    lines += line.starts_with("clonebench: warning: noisy machine:") ? 0 : 1;
  }
  EXPECT_EQ(lines, 1u) << output;
}

TEST(Worker, OneOfAnotherVersionIsRefusedNamingBothVersions) {
  const TempDirectory scratch;
  const fs::path fake = scratch.path() / "clonebench-worker";
  {
    // What an older or newer worker does with our page: it writes the layout it speaks into the
    // header (offset 12) and exits 4.
    std::ofstream script(fake);
    script << "#!/bin/sh\n"
              "printf '\\007\\000\\000\\000' | dd of=/proc/self/fd/$2 bs=1 seek=12 "
              "conv=notrunc 2>/dev/null\n"
              "exit 4\n";
  }
  fs::permissions(fake, fs::perms::owner_all);
  const ToolResult result = run_tool({"run", "fork", "--timeout", "0.2", "--no-store"}, 30,
                                     {"CLONEBENCH_LIBEXEC_DIR=" + scratch.path().string()});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(worker_text_contains(result.err, fake.string())) << result.err;
  EXPECT_TRUE(worker_text_contains(result.err, "layout 7")) << result.err;
  EXPECT_TRUE(nothing_left_behind());
}

std::vector<std::int64_t> run_ids_of(const nlohmann::json& side) {
  return side.at("run_ids").get<std::vector<std::int64_t>>();
}

// The forking process must not depend on what the driver has accumulated: over 30 pairs its
// resident memory and mappings stay where they started.
TEST(Worker, StaysTheSameSizeOverALongAbExperiment) {
  const TempDirectory scratch;
  const std::string db = (scratch.path() / "runs.db").string();
  const ToolResult ab = run_tool({"ab", "fork --timeout 0.1", "--pairs", "30", "--warmup", "0",
                                  "--db", db, "--json", "-", "--seed", "3"},
                                 120);
  ASSERT_EQ(ab.exit_code, 0) << ab.err;
  const auto document = nlohmann::json::parse(ab.out);
  std::vector<std::int64_t> ids = run_ids_of(document.at("a"));
  const std::vector<std::int64_t> b_ids = run_ids_of(document.at("b"));
  ids.insert(ids.end(), b_ids.begin(), b_ids.end());
  ASSERT_EQ(ids.size(), 60U);
  std::sort(ids.begin(), ids.end());
  std::vector<std::string> args = {"export"};
  for (const std::int64_t id : ids) {
    args.push_back(std::to_string(id));
  }
  for (const char* arg : {"--json", "-", "--db"}) {
    args.emplace_back(arg);
  }
  args.push_back(db);
  const ToolResult exported = run_tool(args);
  ASSERT_EQ(exported.exit_code, 0) << exported.err;
  const auto runs = nlohmann::json::parse(exported.out).at("runs");
  ASSERT_EQ(runs.size(), 60U);
  const auto& first = runs.front().at("parent");
  const auto& last = runs.back().at("parent");
  const auto first_rss = first.at("rss_kb").get<std::int64_t>();
  const auto last_rss = last.at("rss_kb").get<std::int64_t>();
  EXPECT_LE(std::abs(last_rss - first_rss), 256) << first.dump() << "\n" << last.dump();
  EXPECT_EQ(first.at("vma_count"), last.at("vma_count"));
  EXPECT_LE(std::abs(runs.back().at("max_rss_kb").get<std::int64_t>() -
                     runs.front().at("max_rss_kb").get<std::int64_t>()),
            256);
}

// ab stores each run as it ends: a Ctrl-C keeps the runs already measured, and the experiment
// says it was interrupted.
TEST(Worker, AnInterruptedAbKeepsItsStoredRunsMarkedInterrupted) {
  const TempDirectory scratch;
  const std::string db = (scratch.path() / "runs.db").string();
  ToolProcess tool({"ab", "fork --timeout 0.2", "--pairs", "200", "--warmup", "0", "--db", db});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  std::string history;
  while (std::chrono::steady_clock::now() < deadline) {
    history = run_tool({"history", "--db", db}).out;
    if (std::count(history.begin(), history.end(), '\n') >= 4) {  // header + at least 3 runs
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
  tool.signal(SIGINT);
  const ToolResult result = tool.wait(30);
  EXPECT_EQ(result.exit_code, 130) << result.err;
  EXPECT_TRUE(nothing_left_behind());
  history = run_tool({"history", "--db", db}).out;
  EXPECT_GE(std::count(history.begin(), history.end(), '\n'), 4) << history;
  EXPECT_TRUE(worker_text_contains(history, "(interrupted)")) << history;
}

}  // namespace
}  // namespace clonebench::testing
