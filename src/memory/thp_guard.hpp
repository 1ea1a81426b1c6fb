#pragma once
// Puts machine-wide settings (the THP switches, the HugeTLB pools, vm.max_map_count) back
// exactly as they were, on every way out: the destructor on a normal end, an error or an
// interrupt, and a guardian process when the tool is SIGKILLed. It needs the machine-settings
// lock (machine_settings_lock.hpp), taken before the values were read, and first writes the
// journal of the values to put back. The guardian is forked before anything is changed, holds
// the saved values and the lock's descriptor (so the lock stays held until the values are
// back), sits in a session of its own (a signal to the tool's group does not reach it) and
// blocks reading a pipe whose only writer is the tool; when the tool dies the read returns
// end-of-file and the guardian writes the saved values back, removes the journal, then exits.
// On the normal path the tool restores them itself, removes the journal and tells the guardian
// so ('D'), and the guardian exits without writing. When both are killed, the journal is left
// for the next holder of the lock to replay.

#include <sys/types.h>

#include <string>
#include <vector>

#include "memory/machine_settings_lock.hpp"
#include "memory/thp_settings.hpp"

namespace clonebench {

class ThpGuard {
 public:
  // Journals `saved` (the values to put back, read under `lock`) and starts the guardian. Throws
  // RuntimeError when it cannot do either.
  ThpGuard(MachineSettingsLock& lock, std::vector<ThpSetting> saved);
  ~ThpGuard();  // restores, dismisses the guardian and reaps it
  ThpGuard(const ThpGuard&) = delete;
  ThpGuard& operator=(const ThpGuard&) = delete;

  // Writes `settings` (e.g. folio_thp_settings()); throws RuntimeError naming the file.
  void apply(const std::vector<ThpSetting>& settings);
  // Writes the saved values back now; throws RuntimeError naming the file.
  void restore();
  pid_t guardian_pid() const noexcept { return guardian_; }

 private:
  std::vector<ThpSetting> saved_;
  std::string journal_;
  pid_t guardian_ = -1;
  int pipe_write_ = -1;
};

}  // namespace clonebench
