// The machine-settings lock against a scratch directory standing for /run/clonebench and plain
// files standing for the settings: a second holder waits or is refused naming the first, the
// journal a guard writes is what a later holder replays (newest guard first) when the tool and
// its guardian were both killed, and a journal is data: one that writes outside the settings'
// trees, or is cut short, is refused and kept.

#include "memory/machine_settings_lock.hpp"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/error.hpp"
#include "memory/settings_journal.hpp"
#include "memory/thp_guard.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class MachineSettingsLockFiles : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    std::filesystem::create_directories(settings_);
    set("a", "1");
    set("b", "never");
  }
  void set(const std::string& name, const std::string& value) {
    std::ofstream(settings_ + "/" + name) << value << "\n";
  }
  std::string value(const std::string& name) const {
    std::ifstream in(settings_ + "/" + name);
    std::string word;
    in >> word;
    return word;
  }
  MachineSettingsLockOptions options(double wait_s = 0) {
    MachineSettingsLockOptions chosen;
    chosen.directory = run_;
    chosen.wait_s = wait_s;
    chosen.writable_roots = {settings_};
    chosen.notice = [this](const std::string& line) { notices_ += line + "\n"; };
    return chosen;
  }
  // The journals (and half-written ones) under the run directory.
  std::vector<std::string> journals() const {
    std::vector<std::string> names;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator(run_, error)) {
      const std::string name = entry.path().filename().string();
      if (name.ends_with(".journal") || name.ends_with(".tmp")) {
        names.push_back(name);
      }
    }
    return names;
  }
  // Writes a journal as a killed holder would have left it.
  void leave_journal(int number, const std::vector<ThpSetting>& restore,
                     const std::string& boot_id = current_boot_id()) {
    std::filesystem::create_directories(run_);
    write_settings_journal(run_ + "/machine-settings." + std::to_string(number) + ".journal",
                           {boot_id, 4242, "clonebench sweep fork --folio 64K", restore});
  }
  const std::string run_ = scratch_.file("run");
  const std::string settings_ = scratch_.file("settings");
  std::string notices_;
};

TEST_F(MachineSettingsLockFiles, ASecondHolderIsRefusedNamingTheFirstWhenItMayNotWait) {
  const MachineSettingsLock first(options());
  try {
    const MachineSettingsLock second(options(0));
    ADD_FAILURE() << "two holders at once";
  } catch (const Busy& busy) {
    const std::string message = busy.what();
    EXPECT_NE(message.find("pid " + std::to_string(::getpid())), std::string::npos) << message;
    EXPECT_NE(message.find("--lock-wait"), std::string::npos) << message;
  }
}

TEST_F(MachineSettingsLockFiles, AWaitingHolderSaysForWhomItWaitsThenGivesUpAtItsBound) {
  const MachineSettingsLock first(options());
  EXPECT_THROW(MachineSettingsLock(options(0.2)), Busy);
  EXPECT_NE(notices_.find("waiting for"), std::string::npos) << notices_;
  EXPECT_NE(notices_.find("pid " + std::to_string(::getpid())), std::string::npos) << notices_;
}

TEST_F(MachineSettingsLockFiles, TheLockIsFreeOnceItsHolderEnds) {
  { const MachineSettingsLock first(options()); }
  EXPECT_NO_THROW(MachineSettingsLock(options(0)));
}

TEST_F(MachineSettingsLockFiles, ALeftJournalIsReplayedNewestFirstAndRemoved) {
  set("a", "7");  // what the killed tool changed
  set("b", "always");
  leave_journal(1, {{settings_ + "/a", "0"}, {settings_ + "/b", "never"}});
  leave_journal(2, {{settings_ + "/a", "1"}});  // a later guard: its value is put back first
  const MachineSettingsLock lock(options());
  EXPECT_EQ(lock.replayed(), 2u);
  EXPECT_EQ(value("a"), "0");  // the first guard's saved value wins, as nested restores would
  EXPECT_EQ(value("b"), "never");
  EXPECT_TRUE(journals().empty());
  EXPECT_NE(notices_.find("pid 4242"), std::string::npos) << notices_;
}

TEST_F(MachineSettingsLockFiles, AJournalOfAnEarlierBootIsRemovedWithoutBeingReplayed) {
  set("a", "5");
  leave_journal(1, {{settings_ + "/a", "1"}}, "an-earlier-boot");
  const MachineSettingsLock lock(options());
  EXPECT_EQ(lock.replayed(), 0u);
  EXPECT_EQ(value("a"), "5");
  EXPECT_TRUE(journals().empty());
}

TEST_F(MachineSettingsLockFiles, AJournalWritingOutsideTheSettingsTreesIsRefusedAndKept) {
  const std::string outside = scratch_.file("elsewhere");
  std::ofstream(outside) << "precious\n";
  for (const std::string& path : {outside, settings_ + "/../elsewhere"}) {
    leave_journal(1, {{path, "0"}});
    try {
      const MachineSettingsLock lock(options());
      ADD_FAILURE() << "replayed a write to " << path;
    } catch (const RuntimeError& error) {
      EXPECT_NE(std::string(error.what()).find("line 5"), std::string::npos) << error.what();
    }
    EXPECT_EQ(journals().size(), 1u);
  }
  std::ifstream in(outside);
  std::string word;
  in >> word;
  EXPECT_EQ(word, "precious");
}

TEST_F(MachineSettingsLockFiles, AJournalCutShortIsRefusedAndAHalfWrittenOneIsDropped) {
  leave_journal(1, {{settings_ + "/a", "0"}});
  const std::string path = run_ + "/machine-settings.1.journal";
  std::string text;
  {
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    text = buffer.str();
  }
  std::ofstream(path, std::ios::trunc) << text.substr(0, text.size() - 2);
  EXPECT_THROW(MachineSettingsLock lock(options()), RuntimeError);
  std::filesystem::remove(path);
  std::ofstream(run_ + "/machine-settings.3.journal.tmp") << "clonebench machine";
  const MachineSettingsLock lock(options());
  EXPECT_EQ(lock.replayed(), 0u);
  EXPECT_TRUE(journals().empty());
}

TEST_F(MachineSettingsLockFiles, AJournalRefusesAValueItCouldNotReadBack) {
  std::filesystem::create_directories(run_);
  EXPECT_THROW(write_settings_journal(run_ + "/x.journal",
                                      {"boot", 1, "clonebench", {{settings_ + "/a", "1 2"}}}),
               RuntimeError);
  EXPECT_THROW(write_settings_journal(run_ + "/x.journal",
                                      {"boot", 1, "clonebench", {{settings_ + "/a\nwrite", "1"}}}),
               RuntimeError);
}

// The guard's journal is on disk before its first change, and gone once the values are back.
TEST_F(MachineSettingsLockFiles, AGuardJournalsBeforeItChangesAndRemovesTheJournalAfter) {
  MachineSettingsLock lock(options());
  {
    ThpGuard guard(lock, {{settings_ + "/a", "1"}});
    ASSERT_EQ(journals().size(), 1u);
    guard.apply({{settings_ + "/a", "9"}});
    EXPECT_EQ(value("a"), "9");
  }
  EXPECT_EQ(value("a"), "1");
  EXPECT_TRUE(journals().empty());
}

// A tool and its guardian both SIGKILLed: the values stay changed until the next holder.
TEST_F(MachineSettingsLockFiles, TheNextHolderPutsBackWhatAKilledToolAndGuardianLeft) {
  const pid_t tool = ::fork();
  ASSERT_GE(tool, 0);
  if (tool == 0) {
    MachineSettingsLock lock(options());
    ThpGuard guard(lock, {{settings_ + "/a", "1"}, {settings_ + "/b", "never"}});
    guard.apply({{settings_ + "/a", "9"}, {settings_ + "/b", "always"}});
    ::kill(guard.guardian_pid(), SIGKILL);
    ::raise(SIGKILL);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(tool, &status, 0), tool);
  ASSERT_TRUE(WIFSIGNALED(status));
  ASSERT_EQ(value("a"), "9");
  const MachineSettingsLock next(options(30));  // the dying guardian may hold it a moment
  EXPECT_EQ(next.replayed(), 1u);
  EXPECT_EQ(value("a"), "1");
  EXPECT_EQ(value("b"), "never");
  EXPECT_TRUE(journals().empty());
}

}  // namespace
}  // namespace clonebench
