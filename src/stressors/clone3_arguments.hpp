#pragma once
// clone3()'s arguments as both clone stressors build them (ours and stress-ng's): flags from
// stress-ng's tables, SIGCHLD at exit, and the caller's variables for what the flags make the
// kernel write back.

#include <linux/sched.h>
#include <signal.h>
#include <sys/types.h>

#include <cstdint>

namespace clonebench {

// The kernel writes the pidfd (CLONE_PIDFD) and the thread ids (CLONE_CHILD_SETTID,
// CLONE_PARENT_SETTID) into the variables named here, which must outlive the call.
inline clone_args clone3_arguments(std::uint64_t flags, int& pidfd, pid_t& child_tid,
                                   pid_t& parent_tid) noexcept {
  clone_args arguments{};
  arguments.flags = flags;
  arguments.pidfd = reinterpret_cast<std::uint64_t>(&pidfd);
  arguments.child_tid = reinterpret_cast<std::uint64_t>(&child_tid);
  arguments.parent_tid = reinterpret_cast<std::uint64_t>(&parent_tid);
  arguments.exit_signal = SIGCHLD;
  return arguments;
}

}  // namespace clonebench
