#include "runner/supervisor.hpp"

#include <fcntl.h>
#include <linux/close_range.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>

#include "process/process_control.hpp"

namespace clonebench {
namespace {

void report_failure(WorkerPage& page, const char* what, int error_number) noexcept {
  InstanceReport& report = page.report;
  report.error_kind = static_cast<int>(InstanceError::kRuntime);
  std::snprintf(report.error_message, sizeof(report.error_message), "%s: %s", what,
                std::strerror(error_number));
  report.phase.store(static_cast<int>(InstancePhase::kFailed));
}

// Dispositions are inherited across fork and (when ignored) across exec: start clean.
void reset_signals() noexcept {
  for (const int signal_number : {SIGCHLD, SIGINT, SIGTERM, SIGHUP, SIGPIPE}) {
    ::signal(signal_number, SIG_DFL);
  }
}

// In the child that becomes the worker: only stdin/out/err and the page cross the exec, with
// an environment of at most TMPDIR, so the worker's image is the same whatever the driver holds.
[[noreturn]] void exec_worker(const WorkerLaunch& launch, pid_t supervisor) noexcept {
  if (!die_with_parent(supervisor)) {
    ::_exit(kSupervisorFailed);
  }
  if (::syscall(SYS_close_range, 3U, UINT_MAX, CLOSE_RANGE_CLOEXEC) != 0) {
    // Older kernels: the driver's descriptors are close-on-exec already.
  }
  if (::fcntl(launch.page_fd, F_SETFD, 0) != 0) {
    report_failure(*launch.page, "cannot pass the job to the worker", errno);
    ::_exit(kSupervisorFailed);
  }
  std::array<char, 16> fd_text{};
  std::snprintf(fd_text.data(), fd_text.size(), "%d", launch.page_fd);
  std::array<char, PATH_MAX + 8> tmpdir_entry{};
  std::array<char*, 2> envp{};
  if (launch.tmpdir != nullptr) {
    std::snprintf(tmpdir_entry.data(), tmpdir_entry.size(), "TMPDIR=%s", launch.tmpdir);
    envp[0] = tmpdir_entry.data();
  }
  std::array<char*, 4> argv = {const_cast<char*>(launch.worker_path), const_cast<char*>("--job-fd"),
                               fd_text.data(), nullptr};
  ::execve(launch.worker_path, argv.data(), envp.data());
  std::array<char, PATH_MAX + 64> what{};
  std::snprintf(what.data(), what.size(), "cannot start %s", launch.worker_path);
  report_failure(*launch.page, what.data(), errno);
  ::_exit(kSupervisorFailed);
}

int exit_code(int status) noexcept {
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

// Reaps every descendant until none is left; the worker's own status decides the exit code.
// Under --workload stress-ng the worker is waited for first: the CLONE_PARENT children it makes
// are ours, and stress-ng's stressor process leaves them zombies until the end, so we do too.
int reap_everything(pid_t worker, InstanceReport& report, bool worker_first) noexcept {
  int worker_code = kSupervisorFailed;
  if (worker_first) {
    int status = 0;
    pid_t pid = -1;
    do {
      pid = ::wait4(worker, &status, __WALL, nullptr);
    } while (pid < 0 && errno == EINTR);
    if (pid == worker) {
      worker_code = exit_code(status);
    }
  }
  for (;;) {
    int status = 0;
    rusage usage{};
    const pid_t pid = ::wait4(-1, &status, __WALL, &usage);
    if (pid < 0) {
      if (errno == EINTR) {
        continue;
      }
      break;  // ECHILD: nothing left
    }
    if (pid == worker) {
      worker_code = exit_code(status);
    } else if (report.phase.load() != static_cast<int>(InstancePhase::kStarting)) {
      // A stray of the warm-up, reaped before the clock started, is not the run's.
      report.stray_user_ns += user_time_ns(usage);
      report.stray_system_ns += system_time_ns(usage);
      ++report.strays_reaped;
    }
  }
  return worker_code;
}

}  // namespace

void run_supervisor(const WorkerLaunch& launch, pid_t driver_pid) noexcept {
  if (!die_with_parent(driver_pid)) {
    ::_exit(kSupervisorFailed);
  }
  // Without it, CLONE_PARENT children and orphans would escape to init and outlive the run.
  if (!become_subreaper()) {
    report_failure(*launch.page, "cannot become a subreaper (PR_SET_CHILD_SUBREAPER)", errno);
    ::_exit(kSupervisorFailed);
  }
  reset_signals();
  sigset_t none;
  sigemptyset(&none);
  if (::sigprocmask(SIG_SETMASK, &none, nullptr) != 0) {
    report_failure(*launch.page, "cannot unblock signals in the supervisor", errno);
    ::_exit(kSupervisorFailed);
  }
  const pid_t supervisor = ::getpid();
  const pid_t worker = ::fork();
  if (worker == 0) {
    exec_worker(launch, supervisor);
  }
  if (worker < 0) {
    report_failure(*launch.page, "fork of the worker process failed", errno);
    ::_exit(kSupervisorFailed);
  }
  const bool worker_first = launch.page->job.workload == Workload::kStressNg;
  ::_exit(reap_everything(worker, launch.page->report, worker_first));
}

}  // namespace clonebench
