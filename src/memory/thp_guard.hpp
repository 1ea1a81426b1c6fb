#pragma once
// Puts the THP switches back exactly as they were, on every way out: the destructor on a normal
// end, an error or an interrupt, and a guardian process when the tool is SIGKILLed. The guardian
// is forked before anything is changed, holds the saved values, sits in a session of its own
// (a signal to the tool's group does not reach it) and blocks reading a pipe whose only writer
// is the tool; when the tool dies the read returns end-of-file and the guardian writes the
// saved values back, then exits. On the normal path the tool restores them itself and tells the
// guardian so ('D'), and the guardian exits without writing.

#include <sys/types.h>

#include <vector>

#include "memory/thp_settings.hpp"

namespace clonebench {

class ThpGuard {
 public:
  // Saves `saved` (the values to put back) and starts the guardian. Throws RuntimeError when it
  // cannot start.
  explicit ThpGuard(std::vector<ThpSetting> saved);
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
  pid_t guardian_ = -1;
  int pipe_write_ = -1;
};

}  // namespace clonebench
