#pragma once
// One lock for every machine-wide setting clonebench changes (the THP switches, the HugeTLB
// pools and vm.hugetlb_optimize_vmemmap, vm.max_map_count): a command takes it before it reads
// the values it will put back and holds it until they are back, so two experiments never see
// each other's changes as "how the machine was" (docs/robustness.md, "Machine-wide settings").
// The lock is flock() on <directory>/machine-settings.lock; every guard (thp_guard.hpp) writes
// a journal of the values it saved beside it before it changes anything, and removes it once
// they are back. Taking the lock first replays whatever journal is left: a tool and its
// guardian both killed before they put the values back.

#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "memory/thp_settings.hpp"
#include "sys/lock_file.hpp"

namespace clonebench {

inline constexpr std::string_view kMachineSettingsDirectory = "/run/clonebench";

// How long a command waits for another's machine-wide settings by default (--lock-wait).
inline constexpr double kMachineSettingsWaitS = 600;

struct MachineSettingsLockOptions {
  std::string directory{kMachineSettingsDirectory};
  double wait_s = kMachineSettingsWaitS;  // 0: refuse at once when another holds it
  // The only trees a journal may write to (the files the guards of this tool save).
  std::vector<std::string> writable_roots = {std::string(kThpRoot), "/sys/kernel/mm/hugepages",
                                             "/proc/sys/vm"};
  // A line for the user (waiting, replaying); by default printed on stderr as "clonebench: ...".
  std::function<void(const std::string&)> notice;
};

class MachineSettingsLock {
 public:
  // Takes the lock (waiting as the options say; Busy, exit 75, naming the holder when it stays
  // busy), then replays any
  // journal left under the directory and removes it. Throws RuntimeError when the lock cannot be
  // taken or a journal cannot be read or replayed whole (the journal is then kept).
  explicit MachineSettingsLock(MachineSettingsLockOptions options = {});
  MachineSettingsLock(const MachineSettingsLock&) = delete;
  MachineSettingsLock& operator=(const MachineSettingsLock&) = delete;

  // Writes a journal of `restore` (fsync'd) and returns its path: the caller removes it once
  // the values are back (a guardian that outlives the tool does the same).
  std::string write_journal(const std::vector<ThpSetting>& restore);
  // The lock's descriptor: a guardian keeps it open, and so the lock held, until it is done.
  int descriptor() const noexcept { return lock_.descriptor(); }
  // How many journals taking the lock replayed.
  std::size_t replayed() const noexcept { return replayed_; }

 private:
  MachineSettingsLockOptions options_;
  LockFile lock_;
  std::size_t replayed_ = 0;
  unsigned next_journal_ = 1;
};

// The path of the lock file under `directory`.
std::string machine_settings_lock_path(std::string_view directory);

}  // namespace clonebench
