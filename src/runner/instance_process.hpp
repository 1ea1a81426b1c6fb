#pragma once
// The two processes of one instance. The supervisor is forked by the main process: it is a
// subreaper that forks the worker and reaps everything below it (CLONE_PARENT children, orphans),
// so nothing is left when it exits. The worker shapes its memory, then runs the stress loop.

#include <sys/types.h>

#include <cstdint>

#include "runner/instance_shared.hpp"
#include "runner/job.hpp"

namespace clonebench {

// Never returns: runs in the freshly forked supervisor and _exit()s.
[[noreturn]] void run_supervisor(const StressorJob& job, std::uint32_t instance,
                                 InstanceShared& shared, pid_t main_pid) noexcept;

}  // namespace clonebench
