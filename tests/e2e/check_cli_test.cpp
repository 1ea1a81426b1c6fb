// `clonebench check` on this machine and on faked /sys and /proc trees.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

namespace fs = std::filesystem;

TEST(CheckCli, ReportsEveryKindOfFindingHereAndExitsByWhetherAnyDisturbs) {
  const ToolResult result = run_tool({"check", "--json", "-", "--window", "0.5s"});
  ASSERT_TRUE(result.exit_code == 0 || result.exit_code == 5) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  std::set<std::string> ids;
  std::size_t disturbing = 0;
  for (const auto& finding : report.at("findings")) {
    ids.insert(finding.at("id").get<std::string>());
    disturbing += finding.at("status") == "disturbs" ? 1 : 0;
    EXPECT_FALSE(finding.at("summary").get<std::string>().empty()) << finding.dump();
  }
  EXPECT_EQ(ids, (std::set<std::string>{"governor", "boost", "smt", "isolation", "numa", "pin",
                                        "thp", "aslr", "load", "busy_processes", "virtualization",
                                        "mitigations", "swap"}));
  EXPECT_EQ(report.at("disturbing"), disturbing);
  EXPECT_EQ(result.exit_code, disturbing == 0 ? 0 : 5);
  EXPECT_TRUE(nothing_left_behind());
}

TEST(CheckCli, TheTextSaysWhatItFoundAndHowToTuneIt) {
  const ToolResult result = run_tool({"check", "--window", "0.2s"});
  ASSERT_TRUE(result.exit_code == 0 || result.exit_code == 5) << result.err;
  for (const char* part :
       {"clonebench check of / for CPUs", "[", "] aslr", "evidence:", "--pin", "changes nothing"}) {
    EXPECT_NE(result.out.find(part), std::string::npos) << part << "\n" << result.out;
  }
}

class FakeRoot : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = temp_path("fake-root");
    fs::remove_all(root_);
    write("sys/devices/system/cpu/online", "0-1\n");
    for (const char* cpu : {"cpu0", "cpu1"}) {
      write(std::string("sys/devices/system/cpu/") + cpu + "/topology/thread_siblings_list",
            std::string(cpu).substr(3) + "\n");
      write(std::string("sys/devices/system/cpu/") + cpu + "/cpufreq/scaling_governor",
            "performance\n");
    }
    write("sys/devices/system/cpu/cpufreq/boost", "0\n");
    write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
    write("proc/sys/kernel/randomize_va_space", "0\n");
    write("proc/loadavg", "0.00 0.00 0.00 1/50 100\n");
    write("proc/cpuinfo", "flags\t\t: fpu\n");
    write("proc/meminfo",
          "MemTotal: 1000 kB\nMemAvailable: 900 kB\nSwapTotal: 0 kB\n"
          "SwapFree: 0 kB\n");
    write("proc/1/stat", "1 (init) S 0 1 1 0 -1 0 0 0 0 0 1 1 0 0\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& path, const std::string& text) {
    fs::create_directories((fs::path(root_) / path).parent_path());
    std::ofstream(fs::path(root_) / path) << text;
  }
  std::string root_;
};

TEST_F(FakeRoot, AQuietTreeExitsZero) {
  const ToolResult result = run_tool({"check", "--root", root_, "--window", "0"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  EXPECT_NE(result.out.find("nothing would disturb a measurement"), std::string::npos);
  EXPECT_NE(result.out.find("--pin 1:"), std::string::npos) << result.out;
}

// 5, not 1: a script tells "the machine is noisy" from "the tool failed".
TEST_F(FakeRoot, ANoisyTreeExitsFiveNamingWhatDisturbs) {
  write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
  write("proc/loadavg", "7.00 6.00 5.00 9/50 100\n");
  const ToolResult result = run_tool({"check", "--root", root_, "--window", "0", "--json", "-"});
  EXPECT_EQ(result.exit_code, 5) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  std::set<std::string> disturbing;
  for (const auto& finding : report.at("findings")) {
    if (finding.at("status") == "disturbs") {
      disturbing.insert(finding.at("id").get<std::string>());
    }
  }
  EXPECT_EQ(disturbing, (std::set<std::string>{"governor", "load"}));
}

TEST_F(FakeRoot, APinOfTheUsersChoiceIsJudged) {
  write("sys/devices/system/cpu/cpu0/topology/thread_siblings_list", "0-1\n");
  write("sys/devices/system/cpu/cpu1/topology/thread_siblings_list", "0-1\n");
  const ToolResult result =
      run_tool({"check", "--root", root_, "--window", "0", "--pin", "0-1", "--json", "-"});
  EXPECT_EQ(result.exit_code, 5) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  EXPECT_EQ(report.at("cpus_used"), (std::vector<int>{0, 1}));
  EXPECT_TRUE(report.at("cpus_from_pin").get<bool>());
}

// Every read under --root is bounded: a FIFO is not waited on, /dev/zero is not read forever.
TEST_F(FakeRoot, AFifoAndAnEndlessDeviceInTheTreeAreSkippedNotWaitedOn) {
  fs::remove(fs::path(root_) / "proc/loadavg");
  ASSERT_EQ(::mkfifo((fs::path(root_) / "proc/loadavg").c_str(), 0600), 0);
  fs::create_symlink("/dev/zero", fs::path(root_) / "proc/cmdline");
  fs::remove(fs::path(root_) / "proc/cpuinfo");
  fs::create_symlink("/dev/zero", fs::path(root_) / "proc/cpuinfo");
  const ToolResult result =
      run_tool({"check", "--root", root_, "--window", "0", "--json", "-"}, 30);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto report = nlohmann::json::parse(result.out);
  for (const auto& finding : report.at("findings")) {
    if (finding.at("id") == "load") {
      EXPECT_EQ(finding.at("status"), "unknown") << finding.dump();
    }
  }
}

TEST(CheckCli, AnEmptyOrImplausibleRootIsAUsageErrorNamingTheFlag) {
  const std::string empty = temp_path("empty-root");
  fs::create_directories(empty);
  const ToolResult result = run_tool({"check", "--root", empty, "--window", "0"});
  fs::remove_all(empty);
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_NE(result.err.find("--root"), std::string::npos) << result.err;
  EXPECT_EQ(result.out.find("nothing would disturb"), std::string::npos) << result.out;
}

TEST(CheckCli, BadFlagsExitWithTwoAndOneLine) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"check", "--pin", "one"},
        std::vector<std::string>{"check", "--pin", "3-1"},
        std::vector<std::string>{"check", "--window", "-1s"},
        std::vector<std::string>{"check", "--window", "soon"},
        std::vector<std::string>{"check", "--root", "/nonexistent-root"},
        std::vector<std::string>{"check", "--json", "/nonexistent-dir/check.json"},
        std::vector<std::string>{"check", "--bogus"}}) {
    const ToolResult result = run_tool(args);
    EXPECT_EQ(result.exit_code, 2) << args[1] << " " << args.back() << ": " << result.err;
    EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

}  // namespace
}  // namespace clonebench::testing
