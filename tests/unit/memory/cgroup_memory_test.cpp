// Finding the memory cgroup's directories from /proc/self/cgroup and /proc/self/mountinfo.
#include "memory/cgroup_memory.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

constexpr const char* kHybridMounts =
    "30 22 0:27 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
    "34 30 0:31 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
    "40 30 0:37 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n";

TEST(CgroupMemory, AV1MemoryHierarchyGivesEveryLevelInnermostFirst) {
  const auto directories = memory_cgroup_directories(
      "9:name=systemd:/\n4:memory:/jobs/build-7\n0::/\n", kHybridMounts, false);
  EXPECT_EQ(directories,
            (std::vector<std::string>{"/sys/fs/cgroup/memory/jobs/build-7",
                                      "/sys/fs/cgroup/memory/jobs", "/sys/fs/cgroup/memory"}));
}

TEST(CgroupMemory, TheV2HierarchyIsTheEmptyControllerLine) {
  const auto directories = memory_cgroup_directories(
      "0::/user.slice/session-1.scope\n",
      "25 21 0:22 / /sys/fs/cgroup rw,nosuid - cgroup2 cgroup2 rw,nsdelegate\n", true);
  EXPECT_EQ(directories, (std::vector<std::string>{"/sys/fs/cgroup/user.slice/session-1.scope",
                                                   "/sys/fs/cgroup/user.slice", "/sys/fs/cgroup"}));
}

TEST(CgroupMemory, AMountRootOtherThanSlashIsTakenOff) {
  // In a container the mount's root is the container's cgroup.
  const auto directories = memory_cgroup_directories(
      "0::/docker/abc/inner\n", "25 21 0:22 /docker/abc /sys/fs/cgroup rw - cgroup2 cgroup2 rw\n",
      true);
  EXPECT_EQ(directories, (std::vector<std::string>{"/sys/fs/cgroup/inner", "/sys/fs/cgroup"}));
}

TEST(CgroupMemory, NothingIsFoundWithoutTheMountOrTheLine) {
  EXPECT_TRUE(memory_cgroup_directories("4:memory:/x\n", "", false).empty());
  EXPECT_TRUE(memory_cgroup_directories("", kHybridMounts, false).empty());
  EXPECT_TRUE(memory_cgroup_directories("garbage", "garbage - x", true).empty());
}

}  // namespace
}  // namespace clonebench
