// The HugeTLB pools and the HVO switch, read, changed and put back, against directories shaped
// like /proc/sys/vm and /sys/kernel/mm/hugepages: the writes of each state, the writes that
// restore a pool that existed before, and the guardian writing them when the tool is SIGKILLed.

#include "machine/hugetlb_pool.hpp"

#include <fmt/core.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "core/error.hpp"
#include "memory/thp_guard.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class HugetlbPoolFiles : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(roots_.proc_sys_vm);
    write(roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap", "0");
    pool(2048, 3, 3, 0);
    pool(1048576, 1, 1, 0);
  }
  void pool(int kb, int nr, int free, int surplus) {
    const std::string directory = roots_.hugepages + "/hugepages-" + std::to_string(kb) + "kB";
    std::filesystem::create_directories(directory);
    write(directory + "/nr_hugepages", std::to_string(nr));
    write(directory + "/free_hugepages", std::to_string(free));
    write(directory + "/surplus_hugepages", std::to_string(surplus));
  }
  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text << "\n";
  }
  // The switch and each pool's nr_hugepages, as a line: "0 3 1".
  std::string values() const {
    const HugetlbState state = read_hugetlb_state(roots_);
    std::string line = state.optimize_vmemmap ? fmt::format("{}", *state.optimize_vmemmap) : "-";
    for (const HugetlbPool& pool : state.pools) {
      line += fmt::format(" {}", pool.nr);
    }
    return line;
  }
  HugetlbRoots roots_{scratch_.file("vm"), scratch_.file("hugepages")};
};

TEST_F(HugetlbPoolFiles, ReadsTheSwitchAndEveryPoolInAscendingPageSize) {
  const HugetlbState state = read_hugetlb_state(roots_);
  ASSERT_EQ(state.pools.size(), 2u);
  EXPECT_EQ(state.pools[0].page_kb, 2048u);
  EXPECT_EQ(state.pools[1].page_kb, 1048576u);
  EXPECT_EQ(state.total_pages(), 4);
  EXPECT_EQ(state.pages_in_use(), 0);
  EXPECT_EQ(state.optimize_vmemmap, 0);
}

TEST_F(HugetlbPoolFiles, AnAbsentSwitchReadsAsNoHvo) {
  std::filesystem::remove(roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap");
  const HugetlbState state = read_hugetlb_state(roots_);
  EXPECT_FALSE(state.optimize_vmemmap.has_value());
  EXPECT_FALSE(hvo_observation_of(state, "y").sysctl_file_exists);
}

TEST_F(HugetlbPoolFiles, TheKeyOnStateEmptiesEveryPoolSetsTheSwitchThenSizesOnePool) {
  write_thp_settings(hugetlb_pool_writes(read_hugetlb_state(roots_), roots_, 1, 2048, 2));
  EXPECT_EQ(values(), "1 2 0");
  const std::vector<ThpSetting> writes =
      hugetlb_pool_writes(read_hugetlb_state(roots_), roots_, 0, 2048, 0);
  ASSERT_FALSE(writes.empty());
  EXPECT_EQ(writes.back().path, roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap");
  write_thp_settings(writes);
  EXPECT_EQ(values(), "0 0 0");
}

TEST_F(HugetlbPoolFiles, RestoringEmptiesThePoolsBeforeTheSwitchAndRefillsThemAfter) {
  const HugetlbState saved = read_hugetlb_state(roots_);
  const std::vector<ThpSetting> writes = hugetlb_restore_writes(saved, roots_);
  ASSERT_EQ(writes.size(), 5u);
  EXPECT_EQ(writes[0].value, "0");
  EXPECT_EQ(writes[1].value, "0");
  EXPECT_EQ(writes[2].path, roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap");
  EXPECT_EQ(writes[3].value, "3");
  EXPECT_EQ(writes[4].value, "1");
  write_thp_settings(hugetlb_pool_writes(saved, roots_, 1, 2048, 2));
  write_thp_settings(writes);
  EXPECT_EQ(values(), "0 3 1");
}

TEST_F(HugetlbPoolFiles, ASizeWithoutAPoolIsAnError) {
  EXPECT_THROW(hugetlb_pool_writes(read_hugetlb_state(roots_), roots_, 1, 64, 2), RuntimeError);
}

TEST_F(HugetlbPoolFiles, TheGuardianPutsThePoolsAndTheSwitchBackWhenTheToolIsKilled) {
  const std::string before = values();
  const pid_t tool = ::fork();
  ASSERT_GE(tool, 0);
  if (tool == 0) {
    const HugetlbState saved = read_hugetlb_state(roots_);
    MachineSettingsLock lock({.directory = scratch_.file("run"),
                              .wait_s = 0,
                              .writable_roots = {roots_.proc_sys_vm, roots_.hugepages},
                              .notice = {}});
    ThpGuard guard(lock, hugetlb_restore_writes(saved, roots_));
    guard.apply(hugetlb_pool_writes(saved, roots_, 1, 2048, 2));
    ::raise(SIGKILL);  // no destructor runs
  }
  int status = 0;
  ASSERT_EQ(::waitpid(tool, &status, 0), tool);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (values() != before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(values(), before);
}

}  // namespace
}  // namespace clonebench
