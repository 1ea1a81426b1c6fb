// The three machine states of `ab --preset hvo-key` against directories shaped like /proc/sys/vm
// and /sys/kernel/mm/hugepages: each state is entered and judged as derive_hvo_key_state judges
// it, a state that does not hold is a failed check, and the switch puts everything back.

#include "ab/hvo_key_switch.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "core/error.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class HvoKeySwitchFiles : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(roots_.proc_sys_vm);
    write(roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap", "0");
    for (const char* size : {"2048", "1048576"}) {
      const std::string directory = roots_.hugepages + "/hugepages-" + size + "kB";
      std::filesystem::create_directories(directory);
      for (const char* counter : {"nr_hugepages", "free_hugepages", "surplus_hugepages"}) {
        write(directory + "/" + counter, "0");
      }
    }
    write(pool_2m() + "/nr_hugepages", "5");  // a pool that existed before
    write(pool_2m() + "/free_hugepages", "5");
  }
  static void write(const std::string& path, const std::string& text) {
    std::ofstream(path) << text << "\n";
  }
  std::string pool_2m() const { return roots_.hugepages + "/hugepages-2048kB"; }
  HugetlbRoots roots_{scratch_.file("vm"), scratch_.file("hugepages")};
  MachineSettingsLock lock_{{.directory = scratch_.file("run"),
                             .wait_s = 0,
                             .writable_roots = {roots_.proc_sys_vm, roots_.hugepages},
                             .notice = {}}};
};

TEST_F(HvoKeySwitchFiles, EachArmIsEnteredAndSeenInItsState) {
  HvoKeySwitch hvo_switch(lock_, roots_, "y");
  const HvoCheck off = hvo_switch.enter(HvoArm::kOff);
  EXPECT_TRUE(off.ok) << off.basis;
  EXPECT_EQ(off.key_on, false);
  EXPECT_EQ(off.pages, 0);
  const HvoCheck on = hvo_switch.enter(HvoArm::kOn);
  EXPECT_TRUE(on.ok) << on.basis;
  EXPECT_EQ(on.key_on, true);
  EXPECT_EQ(on.pages, kHvoKeyPages);
  const HvoCheck control = hvo_switch.enter(HvoArm::kControl);
  EXPECT_TRUE(control.ok) << control.basis;
  EXPECT_EQ(control.key_on, false);
  EXPECT_EQ(control.basis.rfind("inferred: the 2 HugeTLB pages were allocated from none", 0), 0u);
}

TEST_F(HvoKeySwitchFiles, AStateThatDoesNotHoldFailsItsCheck) {
  HvoKeySwitch hvo_switch(lock_, roots_, "y");
  ASSERT_TRUE(hvo_switch.enter(HvoArm::kOn).ok);
  write(pool_2m() + "/nr_hugepages", "1");  // a page could not be had
  EXPECT_FALSE(hvo_switch.check(HvoArm::kOn).ok);
  ASSERT_TRUE(hvo_switch.enter(HvoArm::kOn).ok);
  write(roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap", "0");
  EXPECT_FALSE(hvo_switch.check(HvoArm::kOn).ok);  // derive_hvo_key_state cannot say "on"
  // The control's pages must come from this experiment's own allocation with HVO off.
  EXPECT_FALSE(hvo_switch.check(HvoArm::kControl).ok);
  ASSERT_TRUE(hvo_switch.enter(HvoArm::kOff).ok);
  write(pool_2m() + "/surplus_hugepages", "1");
  EXPECT_FALSE(hvo_switch.check(HvoArm::kOff).ok);
}

TEST_F(HvoKeySwitchFiles, EverythingIsPutBackWhenTheSwitchEnds) {
  {
    HvoKeySwitch hvo_switch(lock_, roots_, "y");
    hvo_switch.enter(HvoArm::kOn);
  }
  std::ifstream nr(pool_2m() + "/nr_hugepages");
  std::ifstream optimize(roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap");
  int pages = -1, value = -1;
  nr >> pages;
  optimize >> value;
  EXPECT_EQ(pages, 5);
  EXPECT_EQ(value, 0);
}

// The reason of a refusal, or "" when the machine is accepted.
std::string refusal(const HugetlbRoots& roots, const std::optional<std::string>& config) {
  try {
    check_hvo_key_machine(roots, config);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

TEST_F(HvoKeySwitchFiles, RefusesAKernelWithoutHvoOrWithHugetlbPagesInUse) {
  if (::geteuid() != 0) {
    EXPECT_NE(refusal(roots_, "y").find("needs root"), std::string::npos);
    GTEST_SKIP() << "the other refusals come after the root check";
  }
  EXPECT_EQ(refusal(roots_, "y"), "");
  EXPECT_NE(refusal(roots_, "n").find("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not set"),
            std::string::npos);
  write(pool_2m() + "/free_hugepages", "3");  // 2 of the 5 pages are mapped by a process
  EXPECT_NE(refusal(roots_, "y").find("2 HugeTLB page(s) are in use"), std::string::npos);
  std::filesystem::remove(roots_.proc_sys_vm + "/hugetlb_optimize_vmemmap");
  EXPECT_NE(refusal(roots_, std::nullopt).find("hugetlb_optimize_vmemmap does not exist"),
            std::string::npos);
}

}  // namespace
}  // namespace clonebench
