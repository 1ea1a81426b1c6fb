// Two experiments that change machine-wide settings, run at once on the real kernel (root):
// two folio sweeps, two `ab --preset hvo-key`, ended in every order by SIGINT, SIGTERM or
// SIGKILL (of the tool and of its guardian), leave every setting as it was. The second waits for
// the first, saying for whom; a journal left by a killed tool and guardian is replayed by the
// next run or by `check --restore`. Every test puts the settings back itself, whatever happens
// (SettingsKeeper), and leaves the lock free.

#include <fcntl.h>
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/file.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <thread>

#include "support/machine_lock.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

const std::string kThpRoot = "/sys/kernel/mm/transparent_hugepage";
const std::string kPools = "/sys/kernel/mm/hugepages";
const std::string kRunDirectory = "/run/clonebench";
const std::string kLockPath = kRunDirectory + "/machine-settings.lock";

// Every machine-wide setting clonebench may change, as the kernel shows it, by file.
std::map<std::string, std::string> machine_settings() {
  std::map<std::string, std::string> settings;
  const auto add = [&settings](const std::filesystem::path& path) {
    if (std::filesystem::exists(path)) {
      settings[path.string()] = read_all(path.string());
    }
  };
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kThpRoot, error)) {
    add(entry.path() / "enabled");
  }
  add(kThpRoot + "/enabled");
  add(kThpRoot + "/defrag");
  for (const auto& entry : std::filesystem::directory_iterator(kPools, error)) {
    add(entry.path() / "nr_hugepages");
  }
  for (const char* name :
       {"nr_hugepages", "nr_overcommit_hugepages", "hugetlb_optimize_vmemmap", "max_map_count"}) {
    add(std::string("/proc/sys/vm/") + name);
  }
  return settings;
}

std::vector<std::string> journals() {
  std::vector<std::string> names;
  std::error_code error;
  for (const auto& entry : std::filesystem::directory_iterator(kRunDirectory, error)) {
    if (entry.path().filename().string().find(".journal") != std::string::npos) {
      names.push_back(entry.path().filename().string());
    }
  }
  return names;
}

// The value to write back from a file's text: the word in brackets of a choice file.
std::string value_of(const std::string& text) {
  const std::size_t open = text.find('['), close = text.find(']');
  if (open != std::string::npos && close > open) {
    return text.substr(open + 1, close - open - 1);
  }
  return text.substr(0, text.find_last_not_of(" \n") + 1);
}

bool is_pool(const std::string& path) {
  return path.ends_with("/nr_hugepages");
}

// Holds the machine-settings lock like a tool would (for as long as it lives), saying who it is.
class LockHolderForTest {
 public:
  explicit LockHolderForTest(double wait_s = 0)
      : fd_(::open(kLockPath.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644)) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(wait_s);
    while (fd_ >= 0 && !held_) {
      held_ = ::flock(fd_, LOCK_EX | LOCK_NB) == 0;
      if (held_ || std::chrono::steady_clock::now() >= deadline) {
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    if (held_) {
      const std::string text = "pid " + std::to_string(::getpid()) + "\ncommand settings-test\n";
      (void)!::ftruncate(fd_, 0);
      (void)!::pwrite(fd_, text.data(), text.size(), 0);
    }
  }
  ~LockHolderForTest() {
    if (held_) {
      (void)!::ftruncate(fd_, 0);
    }
    if (fd_ >= 0) {
      ::close(fd_);
    }
  }
  bool held() const { return held_; }

 private:
  int fd_;
  bool held_ = false;
};

// Saves every setting first; at the end, whatever happened, ends what the test started and
// writes back any setting that differs (under the lock, so no run is in the middle), pools
// emptied first so that the HVO switch can change, as the tool does.
class SettingsKeeper {
 public:
  SettingsKeeper() : before_(machine_settings()) {}
  ~SettingsKeeper() {
    kill_and_reap_children_of_this_process();
    const LockHolderForTest lock(30);
    const std::map<std::string, std::string> now = machine_settings();
    if (now != before_) {
      ADD_FAILURE() << "the keeper had to put settings back";
      for (const auto& [path, text] : before_) {
        if (is_pool(path) && now.at(path) != text) {
          write(path, "0");
        }
      }
      for (const auto& [path, text] : before_) {
        if (!is_pool(path) && now.at(path) != text) {
          write(path, value_of(text));
        }
      }
      for (const auto& [path, text] : before_) {
        if (is_pool(path) && now.at(path) != text) {
          write(path, value_of(text));
        }
      }
    }
    for (const std::string& name : journals()) {
      std::filesystem::remove(kRunDirectory + "/" + name);
    }
  }
  const std::map<std::string, std::string>& before() const { return before_; }

 private:
  static void write(const std::string& path, const std::string& value) {
    std::ofstream(path) << value << "\n";
  }
  std::map<std::string, std::string> before_;
};

bool wait_for(const std::function<bool()>& condition, double timeout_s) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_s);
  while (!condition()) {
    if (std::chrono::steady_clock::now() > deadline) {
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return true;
}

void pause_s(double seconds) {
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
}

// The tool's guardians: children of it that lead a session of their own.
std::vector<pid_t> guardians_of(pid_t tool) {
  std::vector<pid_t> guardians;
  for (const ProcessEntry& child : children_of(tool)) {
    const std::string stat = read_proc_file("/proc/" + std::to_string(child.pid) + "/stat");
    const std::size_t name_end = stat.rfind(')');
    if (name_end == std::string::npos || name_end + 2 > stat.size()) {
      continue;  // the child ended between the listing and this read: not a guardian
    }
    std::istringstream fields(stat.substr(name_end + 2));
    char state = 0;
    pid_t parent = 0, group = 0, session = 0;
    if (fields >> state >> parent >> group >> session && session == child.pid) {
      guardians.push_back(child.pid);
    }
  }
  return guardians;
}

// Kills the tool's guardians, then the tool, without warning: nothing of it restores anything.
void kill_tool_and_guardians(ToolProcess& tool) {
  const std::vector<pid_t> guardians = guardians_of(tool.pid());
  EXPECT_FALSE(guardians.empty()) << "no guardian found";
  for (const pid_t guardian : guardians) {
    ::kill(guardian, SIGKILL);
  }
  tool.signal(SIGKILL);
  tool.wait(30);
}

bool lock_is_free() {
  const LockHolderForTest probe;
  return probe.held();
}

const std::vector<std::string> kSweepA = {"sweep",    "fork",       "--rss",
                                          "0,4M",     "--folio",    "4K,64K,2M",
                                          "--rounds", "1000",       "--timeout-per-point",
                                          "0.05s",    "--no-store", "--quiet"};
const std::vector<std::string> kSweepB = {"sweep",    "fork",       "--rss",
                                          "0,4M",     "--folio",    "4K,64K",
                                          "--rounds", "1000",       "--timeout-per-point",
                                          "0.05s",    "--no-store", "--quiet"};
const std::vector<std::string> kHvoKey = {
    "ab",      "--preset", "hvo-key",    "fork --rss 2M --timeout 0.05s",
    "--pairs", "500",      "--no-store", "--quiet"};

// The settings are the machine's: these tests take the turns of every test that changes them.
class MachineSettings : public ::testing::Test {
 protected:
  MachineLock thp_{"thp-switches"};
  MachineLock pool_{"hugetlb-pool"};
  MachineLock map_count_{"max-map-count"};
  void SetUp() override {
    if (::geteuid() != 0) {
      GTEST_SKIP() << "needs root";
    }
    ASSERT_TRUE(journals().empty()) << "a settings journal is left from before this test";
    keeper_.emplace();
  }
  void TearDown() override {
    keeper_.reset();
    EXPECT_TRUE(lock_is_free()) << "the machine-settings lock is still held";
    EXPECT_TRUE(journals().empty());
  }
  static bool has_folio_sizes() {
    return std::filesystem::exists(kThpRoot + "/hugepages-64kB/enabled") &&
           std::filesystem::exists(kThpRoot + "/hugepages-2048kB/enabled");
  }
  static bool has_hvo() {
    return std::filesystem::exists("/proc/sys/vm/hugetlb_optimize_vmemmap") &&
           std::filesystem::exists(kPools + "/hugepages-2048kB/nr_hugepages");
  }
  bool changed() const { return machine_settings() != before(); }
  const std::map<std::string, std::string>& before() const { return keeper_->before(); }
  // Starts `first`, waits until it has changed a setting, then starts `second`.
  void start_both(std::optional<ToolProcess>& a, std::optional<ToolProcess>& b,
                  const std::vector<std::string>& first, const std::vector<std::string>& second,
                  double apart_s) {
    a.emplace(first);
    ASSERT_TRUE(wait_for([this] { return changed(); }, 60)) << "the first never changed a setting";
    pause_s(apart_s);
    b.emplace(second);
    pause_s(1.0);
  }
  std::optional<SettingsKeeper> keeper_;
};

TEST_F(MachineSettings, TwoFolioSweepsEndedFirstThenSecondBySigtermLeaveEverySettingAsItWas) {
  if (!has_folio_sizes()) {
    GTEST_SKIP() << "needs 64 KiB and 2 MiB anonymous THP sizes";
  }
  std::optional<ToolProcess> a, b;
  start_both(a, b, kSweepA, kSweepB, 0);
  a->signal(SIGTERM);
  EXPECT_EQ(a->wait(60).exit_code, 128 + SIGTERM);
  EXPECT_TRUE(wait_for([this] { return changed(); }, 30)) << "the second never changed a setting";
  pause_s(0.5);
  b->signal(SIGTERM);
  const ToolResult second = b->wait(60);
  EXPECT_EQ(second.exit_code, 128 + SIGTERM) << second.err;
  EXPECT_EQ(machine_settings(), before());
  EXPECT_NE(second.err.find("waiting for"), std::string::npos) << second.err;
  EXPECT_NE(second.err.find("pid " + std::to_string(a->pid())), std::string::npos) << second.err;
  EXPECT_TRUE(orphans_end_by_themselves(20));
}

TEST_F(MachineSettings, TwoFolioSweepsTheWaitingOneInterruptedFirstLeaveEverySettingAsItWas) {
  if (!has_folio_sizes()) {
    GTEST_SKIP() << "needs 64 KiB and 2 MiB anonymous THP sizes";
  }
  std::optional<ToolProcess> a, b;
  start_both(a, b, kSweepA, kSweepB, 0);
  b->signal(SIGINT);
  EXPECT_EQ(b->wait(60).exit_code, 128 + SIGINT);
  a->signal(SIGKILL);  // its guardian puts the values back
  a->wait(30);
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(machine_settings(), before());
}

TEST_F(MachineSettings, AFolioSweepKilledWithItsGuardianIsPutBackByTheOneWaiting) {
  if (!has_folio_sizes()) {
    GTEST_SKIP() << "needs 64 KiB and 2 MiB anonymous THP sizes";
  }
  std::optional<ToolProcess> a, b;
  start_both(a, b, kSweepA, kSweepB, 0);
  kill_tool_and_guardians(*a);
  EXPECT_TRUE(
      wait_for([&b] { return b->err_so_far().find("restored from") != std::string::npos; }, 30))
      << b->err_so_far();
  pause_s(0.5);
  b->signal(SIGTERM);
  const ToolResult second = b->wait(60);
  EXPECT_EQ(second.exit_code, 128 + SIGTERM) << second.err;
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(machine_settings(), before());
}

TEST_F(MachineSettings, BothSweepsKilledTheGuardianTooCheckRestorePutsEverythingBack) {
  if (!has_folio_sizes()) {
    GTEST_SKIP() << "needs 64 KiB and 2 MiB anonymous THP sizes";
  }
  std::optional<ToolProcess> a, b;
  start_both(a, b, kSweepA, kSweepB, 0);
  b->signal(SIGKILL);
  b->wait(30);
  kill_tool_and_guardians(*a);
  EXPECT_TRUE(orphans_end_by_themselves(20));
  ASSERT_TRUE(changed()) << "nothing was left to restore";
  const ToolResult restore = run_tool({"check", "--restore"}, 60);
  EXPECT_EQ(restore.exit_code, 0) << restore.err;
  EXPECT_NE(restore.err.find("restored from"), std::string::npos) << restore.err;
  EXPECT_EQ(machine_settings(), before());
  const ToolResult again = run_tool({"check", "--restore"}, 60);
  EXPECT_EQ(again.exit_code, 0) << again.err;
  EXPECT_NE(again.out.find("nothing to restore"), std::string::npos) << again.out;
}

TEST_F(MachineSettings, TwoHvoKeyPresetsStartedApartBothSigtermedLeaveEverySettingAsItWas) {
  if (!has_hvo()) {
    GTEST_SKIP() << "needs a kernel with HVO (vm.hugetlb_optimize_vmemmap)";
  }
  std::optional<ToolProcess> a, b;
  start_both(a, b, kHvoKey, kHvoKey, 0.2);
  a->signal(SIGTERM);
  EXPECT_EQ(a->wait(60).exit_code, 128 + SIGTERM);
  EXPECT_TRUE(wait_for([this] { return changed(); }, 30)) << "the second never changed a setting";
  pause_s(0.5);
  b->signal(SIGTERM);
  const ToolResult second = b->wait(60);
  EXPECT_EQ(second.exit_code, 128 + SIGTERM) << second.err;
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(machine_settings(), before());
}

TEST_F(MachineSettings, AnHvoKeyPresetKilledWithItsGuardianIsPutBackByTheOneWaiting) {
  if (!has_hvo()) {
    GTEST_SKIP() << "needs a kernel with HVO (vm.hugetlb_optimize_vmemmap)";
  }
  std::optional<ToolProcess> a, b;
  start_both(a, b, kHvoKey, kHvoKey, 0.2);
  kill_tool_and_guardians(*a);
  EXPECT_TRUE(
      wait_for([&b] { return b->err_so_far().find("restored from") != std::string::npos; }, 30))
      << b->err_so_far();
  pause_s(0.5);
  b->signal(SIGINT);
  const ToolResult second = b->wait(60);
  EXPECT_EQ(second.exit_code, 128 + SIGINT) << second.err;
  EXPECT_TRUE(orphans_end_by_themselves(20));
  EXPECT_EQ(machine_settings(), before());
}

TEST_F(MachineSettings, AHeldLockMakesASweepWaitNamingTheHolderAndGiveUpWithExit75) {
  if (!has_folio_sizes()) {
    GTEST_SKIP() << "needs 64 KiB and 2 MiB anonymous THP sizes";
  }
  const LockHolderForTest holder(30);
  ASSERT_TRUE(holder.held());
  for (const char* wait : {"0.3s", "0"}) {
    const ToolResult result =
        run_tool({"sweep", "fork", "--rss", "0,4M", "--folio", "4K,64K", "--rounds", "2",
                  "--timeout-per-point", "0.05s", "--no-store", "--lock-wait", wait},
                 60);
    EXPECT_EQ(result.exit_code, 75) << result.err;
    EXPECT_NE(result.err.find("pid " + std::to_string(::getpid()) + " (settings-test)"),
              std::string::npos)
        << result.err;
    EXPECT_NE(result.err.find("--lock-wait"), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty());
    EXPECT_EQ(machine_settings(), before());
  }
  if (has_hvo()) {
    const ToolResult ab = run_tool({"ab", "--preset", "hvo-key", "--lock-wait", "0", "--no-store"});
    EXPECT_EQ(ab.exit_code, 75) << ab.err;
  }
  const ToolResult check = run_tool({"check", "--restore", "--lock-wait", "0"});
  EXPECT_EQ(check.exit_code, 75) << check.err;
}

TEST_F(MachineSettings, ABadLockWaitIsRefusedNamingTheFlag) {
  for (const char* wait : {"-1", "soon", "nan"}) {
    const ToolResult result =
        run_tool({"sweep", "fork", "--rss", "0,4M", "--folio", "4K", "--lock-wait", wait}, 30);
    EXPECT_EQ(result.exit_code, 2) << wait;
    EXPECT_NE(result.err.find("--lock-wait"), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace clonebench::testing
