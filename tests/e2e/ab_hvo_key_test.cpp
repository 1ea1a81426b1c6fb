// `clonebench ab --preset hvo-key` on the real kernel (root, HVO built in): refused as another
// user, a short bounded run completes and puts every HugeTLB setting back (a pool that existed
// before included), and a SIGKILL in the middle leaves the sysctls as they were. Runs that set
// the HugeTLB pools take turns (MachineLock "hugetlb-pool").

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>

#include "e2e/terminal_stderr.hpp"
#include "support/machine_lock.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

const std::string kHvoSysctl = "/proc/sys/vm/hugetlb_optimize_vmemmap";
const std::string kHvoPool2m = "/sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages";
const std::string kHvoPool1g = "/sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages";

std::string hugetlb_file_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// The HVO switch and every pool's size, as the kernel shows them.
std::string hugetlb_settings() {
  return hugetlb_file_text(kHvoSysctl) + "/" + hugetlb_file_text(kHvoPool2m) + "/" +
         hugetlb_file_text(kHvoPool1g);
}

void write_hugetlb_file(const std::string& path, const std::string& text) {
  std::ofstream(path) << text << "\n";
}

class AbHvoKey : public ::testing::Test {
 protected:
  MachineLock pool_{"hugetlb-pool"};
  void SetUp() override {
    if (::geteuid() != 0 || !std::filesystem::exists(kHvoSysctl) ||
        !std::filesystem::exists(kHvoPool2m)) {
      GTEST_SKIP() << "needs root and a kernel with HVO (vm.hugetlb_optimize_vmemmap)";
    }
  }
};

TEST_F(AbHvoKey, IsRefusedToAnotherUserWithExitTwoAndNothingChanged) {
  const std::string before = hugetlb_settings();
  const ToolResult result =
      run_tool({"ab", "--preset", "hvo-key", "--no-store"}, 30, {}, as_user(65534));
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("needs root"), std::string::npos) << result.err;
  EXPECT_TRUE(result.out.empty());
  EXPECT_EQ(hugetlb_settings(), before);
}

TEST_F(AbHvoKey, ListsItsPresetsAndRefusesAnUnknownOneNamingTheFlag) {
  const ToolResult listed = run_tool({"ab", "--preset", "list"}, 30);
  EXPECT_EQ(listed.exit_code, 0) << listed.err;
  EXPECT_NE(listed.out.find("hvo-key"), std::string::npos) << listed.out;
  const ToolResult unknown = run_tool({"ab", "--preset", "hvo-kez", "--no-store"}, 30);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--preset"), std::string::npos) << unknown.err;
  const ToolResult arm = run_tool({"ab", "--preset", "hvo-key", "--b", "--rss 0"}, 30);
  EXPECT_EQ(arm.exit_code, 2);
  EXPECT_NE(arm.err.find("--b"), std::string::npos) << arm.err;
}

TEST_F(AbHvoKey, AShortRunCompletesChecksEveryRunAndRestoresAPoolThatExistedBefore) {
  const std::string untouched = hugetlb_settings();
  write_hugetlb_file(kHvoPool2m,
                     "1");  // a pool the user had: freed for the experiment, then refilled
  const std::string before = hugetlb_settings();
  const ToolResult result =
      run_tool({"ab", "--preset", "hvo-key", "fork --rss 2M --timeout 0.05s", "--pairs", "3",
                "--warmup", "0", "--max-time", "20s", "--no-store", "--quiet", "--json", "-"},
               120);
  const std::string after = hugetlb_settings();
  write_hugetlb_file(kHvoPool2m, "0");
  EXPECT_EQ(hugetlb_settings(), untouched);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(after, before);
  EXPECT_TRUE(nothing_left_behind());
  const auto summary = nlohmann::json::parse(result.out).at("summary");
  EXPECT_GE(summary.at("rounds").get<int>(), 2);
  EXPECT_EQ(summary.at("per_page").size(), 5u);
  EXPECT_EQ(summary.at("discarded").size(), 3u);
  EXPECT_EQ(summary.at("large_rss_bytes"), 2u << 20);
  EXPECT_EQ(summary.at("small_rss_bytes"), 512u << 10);
  EXPECT_FALSE(summary.at("attribution").get<std::string>().empty());
}

// On a terminal the progress says which round of how many, the time spent and the time left,
// and every size is written in one unit ("16384 KiB and 65536 KiB" beside "16M -> 64M" once).
TEST_F(AbHvoKey, ItsProgressShowsTheRoundsPlannedAndTheTimeLeftInOneUnit) {
  TerminalStderr terminal;
  ASSERT_TRUE(terminal.ready());
  const ToolResult result = run_tool({"ab", "--preset", "hvo-key", "fork --rss 2M --timeout 0.05s",
                                      "--pairs", "2", "--warmup", "0", "--no-store"},
                                     120, {}, terminal.as_stderr());
  const std::string screen = terminal.text();
  ASSERT_EQ(result.exit_code, 0) << result.err << screen;
  EXPECT_NE(screen.find("ab hvo-key: round 1/2"), std::string::npos) << screen;
  EXPECT_NE(screen.find("round 2/2"), std::string::npos) << screen;
  EXPECT_NE(screen.find(" left"), std::string::npos) << screen;
  EXPECT_NE(screen.find("--rss 512 KiB and 2 MiB"), std::string::npos) << screen;
  EXPECT_NE(result.out.find("slope 512 KiB -> 2 MiB"), std::string::npos) << result.out;
  EXPECT_TRUE(nothing_left_behind());
}

TEST_F(AbHvoKey, ASigkillMidExperimentLeavesEverySysctlAsItWas) {
  const std::string before = hugetlb_settings();
  ToolProcess tool({"ab", "--preset", "hvo-key", "fork --rss 2M --timeout 0.05s", "--pairs", "500",
                    "--no-store", "--quiet"});
  // Waits (bounded) until the experiment holds HugeTLB pages, then kills it without warning.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (hugetlb_settings() == before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  ASSERT_NE(hugetlb_settings(), before) << "the experiment never allocated its pages";
  tool.signal(SIGKILL);
  tool.wait(30);
  // The guardian restores as soon as it sees the tool gone; it and every orphan must end.
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(hugetlb_settings(), before);
}

}  // namespace
}  // namespace clonebench::testing
