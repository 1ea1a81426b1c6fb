// `clonebench check`'s reader over faked /sys and /proc trees written by the test.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "machine/machine_snapshot_reader.hpp"
#include "readiness/readiness_render.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

class FakeTree : public testing::TempDirectoryTest {
 protected:
  void write(const std::string& path, const std::string& text) {
    const fs::path file = root_ / path;
    fs::create_directories(file.parent_path());
    std::ofstream(file) << text;
  }

  // Two cores without SMT, performance governor, THP madvise, ASLR off, idle, no swap.
  void write_quiet_machine() {
    write("sys/devices/system/cpu/online", "0-1\n");
    for (int cpu = 0; cpu < 2; ++cpu) {
      const std::string dir = "sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/";
      write(dir + "topology/thread_siblings_list", std::to_string(cpu) + "\n");
      write(dir + "cpufreq/scaling_governor", "performance\n");
      fs::create_directories(root_ / (dir + "node0"));
    }
    fs::create_directories(root_ / "sys/devices/system/node/node0");
    write("sys/devices/system/cpu/cpufreq/boost", "0\n");
    write("sys/devices/system/cpu/smt/control", "notsupported\n");
    write("sys/devices/system/cpu/isolated", "\n");
    write("sys/devices/system/cpu/vulnerabilities/spec_rstack_overflow", "Not affected\n");
    write("sys/devices/system/cpu/vulnerabilities/retbleed", "Not affected\n");
    write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
    write("proc/sys/kernel/randomize_va_space", "0\n");
    write("proc/loadavg", "0.01 0.02 0.03 1/100 500\n");
    write("proc/cpuinfo", "processor\t: 0\nflags\t\t: fpu sse2\n");
    write("proc/stat", "cpu  10 0 10 1000 0 0 0 0 0 0\n");
    write("proc/meminfo",
          "MemTotal: 100000 kB\nMemAvailable: 90000 kB\nSwapTotal: 0 kB\n"
          "SwapFree: 0 kB\n");
    write("proc/cmdline", "root=/dev/vda quiet\n");
    write("proc/1/stat", "1 (init) S 0 1 1 0 -1 0 0 0 0 0 10 10 0 0\n");
  }

  const fs::path root_ = scratch_.path();
};

const Finding* find(const ReadinessReport& report, const std::string& id) {
  for (const Finding& finding : report.findings) {
    if (finding.id == id) {
      return &finding;
    }
  }
  return nullptr;
}

TEST_F(FakeTree, AQuietTunedTreeHasNothingDisturbing) {
  write_quiet_machine();
  const MachineSnapshot snapshot = read_machine_snapshot(root_, 0);
  ASSERT_EQ(snapshot.cpus.size(), 2U);
  EXPECT_EQ(snapshot.cpus[1].node, 0);
  EXPECT_EQ(snapshot.nodes, std::vector<int>{0});
  EXPECT_EQ(snapshot.processes.after.size(), 1U);
  const ReadinessReport report = assess_machine(snapshot, {});
  EXPECT_EQ(report.exit_code(), 0) << render_readiness(report);
  EXPECT_EQ(find(report, "pin")->summary.substr(0, 8), "--pin 1:");
  EXPECT_EQ(find(report, "governor")->status, FindingStatus::kOk);
}

TEST_F(FakeTree, SmtSiblingsThpAlwaysAndAslrAreFoundInTheirFiles) {
  write_quiet_machine();
  write("sys/devices/system/cpu/online", "0-3\n");
  for (int cpu = 0; cpu < 4; ++cpu) {
    write("sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/topology/thread_siblings_list",
          cpu % 2 == 0 ? "0,2\n" : "1,3\n");
  }
  write("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
  write("proc/sys/kernel/randomize_va_space", "2\n");
  const ReadinessReport report = assess_machine(read_machine_snapshot(root_, 0), {});
  EXPECT_EQ(report.exit_code(), 5);
  EXPECT_EQ(find(report, "smt")->status, FindingStatus::kDisturbs);
  EXPECT_EQ(find(report, "thp")->status, FindingStatus::kDisturbs);
  EXPECT_EQ(find(report, "aslr")->status, FindingStatus::kDisturbs);
  EXPECT_EQ(report.disturbing(), 3U) << render_readiness(report);
  EXPECT_NE(find(report, "smt")->evidence.front().find("/sys/devices/system/cpu/cpu0/topology"),
            std::string::npos);
}

TEST_F(FakeTree, AnEmptyTreeIsUnknownEverywhereAndNothingDisturbs) {
  const ReadinessReport report = assess_machine(read_machine_snapshot(root_, 0), {});
  EXPECT_EQ(report.exit_code(), 0) << render_readiness(report);
  EXPECT_EQ(find(report, "thp")->status, FindingStatus::kUnknown);
  EXPECT_EQ(find(report, "swap")->status, FindingStatus::kUnknown);
  EXPECT_TRUE(report.cpus_used.empty());
}

}  // namespace
}  // namespace clonebench
