#pragma once
// What stress-ng 0.15.06's children do between their creation and their exit, call for call
// (stress-clone.c clone_func(), stress-fork.c stress_fork_fn()). Each runs in a child only.

#include <atomic>
#include <cstdint>

namespace clonebench {

// stress-ng's stress_set_oom_adjustment(name, true): make this process the OOM killer's first
// choice by writing 1000 to /proc/self/oom_score_adj (15 to the old oom_adj when it is missing).
void stress_ng_make_oom_killable() noexcept;

// stress-ng's clone timing (stress_metrics_t plus its lock), shared by the parent and every
// child of one instance. The parent writes t_start before each call; a child that gets the lock
// adds its own delay since then. Times are CLOCK_REALTIME seconds, as stress_time_now().
struct StressNgCloneTiming {
  std::atomic<bool>* lock = nullptr;  // in a page of its own, as stress_lock_create() maps it
  double duration_s = 0;
  double count = 0;
  double t_start_s = 0;
};

// stress_time_now(): CLOCK_REALTIME in seconds.
double stress_ng_time_now_s() noexcept;

// The body of a clone child (clone_func()): the timing sample, oom_score_adj, three setns on
// /proc/self/ns/uts, modify_ldt reads and writes (x86), eight unshare. Returns its exit code (0).
int stress_ng_clone_child_work(StressNgCloneTiming* timing) noexcept;

// The body of a fork child in 0.15.06, then _exit(0): getpid, getpgid, setsid (+ vhangup when it
// succeeds), with --fork-vm madvise and page-in chosen by `random_byte`, four setpgid,
// sched_yield, the process title and PR_SET_NAME (stress_set_proc_state).
[[noreturn]] void stress_ng_fork_child_work(bool fork_vm, std::uint8_t random_byte) noexcept;

}  // namespace clonebench
