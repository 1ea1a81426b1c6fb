#pragma once
// The supervisor of one instance: forked by the driver, it becomes a subreaper in its own process
// group, starts clonebench-worker with execve (never a fork of the driver: the measured process
// must not carry the driver's memory) and reaps everything below it (CLONE_PARENT children,
// orphans), so nothing is left when it exits.

#include <sys/types.h>

#include <string>

#include "record/worker_page.hpp"

namespace clonebench {

// How the supervisor itself ends when the worker could not even be started.
inline constexpr int kSupervisorFailed = 120;

struct WorkerLaunch {
  const char* worker_path = nullptr;  // absolute path of clonebench-worker
  int page_fd = -1;                   // the instance's page, inherited across the fork
  WorkerPage* page = nullptr;         // the same page, mapped (for errors before the exec)
  const char* tmpdir = nullptr;       // passed on as TMPDIR (the file kind's backing file)
};

// Never returns: runs in the freshly forked supervisor and _exit()s with the worker's code.
[[noreturn]] void run_supervisor(const WorkerLaunch& launch, pid_t driver_pid) noexcept;

}  // namespace clonebench
