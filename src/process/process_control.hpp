#pragma once
// Process-level controls the runner needs, each a thin wrapper that reports errors as errno.

#include <sys/types.h>

#include <cstdint>

struct rusage;

namespace clonebench {

// The child dies with SIGKILL when its parent does; returns false if the parent is already gone
// (the caller must then _exit), so no child outlives a SIGKILLed tool.
bool die_with_parent(pid_t expected_parent) noexcept;

// Orphaned descendants are reparented to this process (so it can reap every one of them).
bool become_subreaper() noexcept;

// Drops every capability and sets no_new_privs, as stress-ng's clone stressor does, so that
// privileged clone flags fail the same way for root and for users. Returns errno or 0.
int drop_capabilities() noexcept;

// The fork system call itself (clone with SIGCHLD and no other flag), not glibc's fork(): that
// wrapper runs atfork handlers and resets libc's locks in the child, and those writes cost the
// child copy-on-write faults whose number depends on where this build's linker put libc's data
// (docs/measurement.md, "Page faults per op"). The child may only stamp its mailbox slot, exec
// or _exit: libc's view of the thread (its tid, its locks) is the parent's.
pid_t fork_system_call() noexcept;

// Pins the calling process to one CPU. Returns errno or 0.
int pin_to_cpu(int cpu) noexcept;

// VmHWM of the calling process in kB (its own peak RSS, not inherited from a parent); 0 if unknown.
std::uint64_t read_peak_rss_kb() noexcept;

// ru_utime / ru_stime in nanoseconds.
std::int64_t user_time_ns(const struct rusage& usage) noexcept;
std::int64_t system_time_ns(const struct rusage& usage) noexcept;

// Sleeps, restarting on EINTR until the time has passed.
void sleep_ns(std::int64_t nanoseconds) noexcept;

}  // namespace clonebench
