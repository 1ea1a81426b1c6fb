#pragma once
// The processes below a process, read from /proc's parent links, and the end of all of them.
// For a subreaper: whatever its descendants leave behind (a `cmd &`, a `setsid cmd &`) is
// reparented to it, so killing what is below it and reaping until it has no child leaves
// nothing running and no zombie.

#include <sys/types.h>

#include <cstdint>
#include <vector>

namespace clonebench {

// Every process below `ancestor` now (children, their children, ...). Processes that vanish
// while /proc is read are left out.
std::vector<pid_t> descendants_of(pid_t ancestor);

// SIGKILLs every descendant of the calling process and reaps its children, again and again
// until it has none (new orphans come back to a subreaper), at most `bound_ns`. The calling
// process should be a subreaper (PR_SET_CHILD_SUBREAPER). Returns false if some were left.
bool kill_and_reap_descendants(std::int64_t bound_ns);

}  // namespace clonebench
