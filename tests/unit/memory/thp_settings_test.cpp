// The THP switches of a folio sweep, saved and put back, against a directory shaped like
// /sys/kernel/mm/transparent_hugepage: by the guard's destructor, and by its guardian process
// when the process holding the guard is SIGKILLed.

#include "memory/thp_settings.hpp"

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

class ThpSettings : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    write_size(16, "always inherit madvise [never]\n");
    write_size(64, "always inherit [madvise] never\n");
    write_size(2048, "always [inherit] madvise never\n");
    std::filesystem::create_directories(root_ + "/hugepages-8kB");  // shmem only: no `enabled`
  }
  void write_size(int kb, const std::string& text) {
    const std::string directory = root_ + "/hugepages-" + std::to_string(kb) + "kB";
    std::filesystem::create_directories(directory);
    std::ofstream(directory + "/enabled") << text;
  }
  std::vector<std::string> values() const {
    std::vector<std::string> words;
    for (const ThpSetting& setting : read_thp_settings(root_)) {
      words.push_back(setting.value);
    }
    return words;
  }
  const std::string root_ = scratch_.file("thp");
  // The lock and journals in a scratch directory standing for /run/clonebench.
  MachineSettingsLockOptions lock_options() const {
    return {
        .directory = scratch_.file("run"), .wait_s = 0, .writable_roots = {root_}, .notice = {}};
  }
};

TEST_F(ThpSettings, ListsTheSizesWithASwitchAndReadsTheSelectedWord) {
  EXPECT_EQ(anon_thp_sizes_kb(root_), (std::vector<std::uint64_t>{16, 64, 2048}));
  EXPECT_EQ(values(), (std::vector<std::string>{"never", "madvise", "inherit"}));
  EXPECT_EQ(selected_choice("always [inherit] madvise never"), "inherit");
  EXPECT_THROW(selected_choice("always inherit madvise never"), RuntimeError);
}

TEST_F(ThpSettings, AFolioPointTurnsItsSizeOnAndEveryOtherOff) {
  write_thp_settings(folio_thp_settings(root_, 64));
  EXPECT_EQ(values(), (std::vector<std::string>{"never", "always", "never"}));
  write_thp_settings(folio_thp_settings(root_, 4));
  EXPECT_EQ(values(), (std::vector<std::string>{"never", "never", "never"}));
}

TEST_F(ThpSettings, RefusesASizeTheKernelDoesNotOfferNamingTheFlag) {
  try {
    folio_thp_settings(root_, 8);
    ADD_FAILURE() << "accepted 8 KiB";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--folio"), std::string::npos);
  }
}

TEST_F(ThpSettings, TheGuardPutsEveryValueBackWhenItEnds) {
  const std::vector<std::string> before = values();
  {
    MachineSettingsLock lock(lock_options());
    ThpGuard guard(lock, read_thp_settings(root_));
    guard.apply(folio_thp_settings(root_, 2048));
    EXPECT_EQ(values(), (std::vector<std::string>{"never", "never", "always"}));
  }
  EXPECT_EQ(values(), before);
}

TEST_F(ThpSettings, TheGuardianPutsEveryValueBackWhenTheToolIsKilled) {
  const std::vector<std::string> before = values();
  const pid_t tool = ::fork();
  ASSERT_GE(tool, 0);
  if (tool == 0) {
    MachineSettingsLock lock(lock_options());
    ThpGuard guard(lock, read_thp_settings(root_));
    guard.apply(folio_thp_settings(root_, 16));
    ::raise(SIGKILL);  // no destructor runs
  }
  int status = 0;
  ASSERT_EQ(::waitpid(tool, &status, 0), tool);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  // The guardian restores once it sees the pipe close; bounded wait, not a timing assertion.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (values() != before && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(values(), before);
  // The guardian held the lock until the values were back, and removed its journal. It lets
  // go of the lock when it ends, a moment after the last value is back: the next holder waits
  // for that (bounded), as a second tool would.
  MachineSettingsLockOptions waiting = lock_options();
  waiting.wait_s = 20;
  const MachineSettingsLock next(waiting);
  EXPECT_EQ(next.replayed(), 0u);
}

}  // namespace
}  // namespace clonebench
