// vm.max_map_count raised for a sweep and put back, against a plain file standing for the
// sysctl: by the destructor, and by the guardian when the process holding it is SIGKILLed.

#include "memory/map_count_guard.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <sstream>
#include <thread>

#include "core/error.hpp"
#include "memory/map_count_limit.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class MapCountGuard : public testing::TempDirectoryTest {
 protected:
  void SetUp() override { std::ofstream(path_) << "65530\n"; }
  std::string value() const {
    std::ifstream in(path_);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }
  const std::string path_ = scratch_.file("max_map_count");
  MachineSettingsLock lock_{{.directory = scratch_.file("run"),
                             .wait_s = 0,
                             .writable_roots = {scratch_.path().string()},
                             .notice = {}}};
};

TEST_F(MapCountGuard, NeedsTwoEntriesPerVmaPlusTheHeadroomAndInvertsTheLimit) {
  EXPECT_EQ(map_count_needed(65536), 131329u);
  EXPECT_EQ(max_vmas_under(map_count_needed(65536)), 65536u);
  EXPECT_LT(max_vmas_under(65530), 65536u);
}

TEST_F(MapCountGuard, RaisesForItsLifeAndPutsTheValueBack) {
  {
    MapCountRaise raise(lock_, 131329, path_);
    EXPECT_TRUE(raise.raised());
    EXPECT_EQ(raise.found(), 65530u);
    EXPECT_EQ(value(), "131329\n");
  }
  EXPECT_EQ(value(), "65530\n");
}

TEST_F(MapCountGuard, LeavesALimitThatIsHighEnoughAlone) {
  MapCountRaise raise(lock_, 1000, path_);
  EXPECT_FALSE(raise.raised());
  EXPECT_EQ(raise.guardian_pid(), -1);
  EXPECT_EQ(value(), "65530\n");
}

TEST_F(MapCountGuard, RefusesAFileThatHoldsNoNumber) {
  std::ofstream(path_) << "many\n";
  EXPECT_THROW(MapCountRaise(lock_, 131329, path_), RuntimeError);
  EXPECT_THROW(MapCountRaise(lock_, 131329, scratch_.file("absent")), RuntimeError);
}

TEST_F(MapCountGuard, TheGuardianPutsTheValueBackWhenTheToolIsKilled) {
  const pid_t tool = ::fork();
  ASSERT_GE(tool, 0);
  if (tool == 0) {
    MapCountRaise raise(lock_, 131329, path_);
    ::raise(SIGKILL);  // no destructor runs
  }
  int status = 0;
  ASSERT_EQ(::waitpid(tool, &status, 0), tool);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  // The guardian restores once it sees the pipe close; bounded wait, not a timing assertion. It
  // writes as to /proc (no truncation: a sysctl takes the write whole), so a plain file may
  // keep a stray tail after the number: the number is what counts.
  const auto number = [this] { return std::stoull(value()); };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (number() != 65530 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(number(), 65530u);
}

}  // namespace
}  // namespace clonebench
