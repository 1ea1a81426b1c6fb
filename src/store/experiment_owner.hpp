#pragma once
// Which process runs an experiment, as the store records it in the experiment's row while the
// experiment is "running": a process killed with SIGKILL (or a machine that lost power) cannot
// mark its experiment interrupted, so a reader tells by the owner whether it still runs.

#include <string>
#include <string_view>

namespace clonebench {

// This process: "<machine hash>/<boot id>/<pid>/<start time in clock ticks>" (the start time
// tells the process from a later one that got its pid back).
std::string this_process_owner();

// True when `owner` (this_process_owner() of some process) was a process of this machine that
// no longer runs: its boot ended, or no process with its pid and start time is there. False for
// another machine's process, and for an empty or unreadable owner: nothing is known of it.
bool owner_is_gone(std::string_view owner);

}  // namespace clonebench
