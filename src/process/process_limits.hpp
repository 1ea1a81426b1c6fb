#pragma once
// How many processes the driver may let a run create, and where the driver itself lives: facts the
// driver reads once per run (the worker gets the results in its job).

#include <cstdint>
#include <string>

namespace clonebench {

// The directory holding the running executable (from /proc/self/exe).
std::string executable_directory();

// The number of processes this user may still create before RLIMIT_NPROC (a large number when
// unlimited or when running as root, which the kernel does not limit).
std::uint64_t process_headroom();

// /proc/sys/kernel/pid_max (32768 when it cannot be read).
std::uint64_t read_pid_max();

}  // namespace clonebench
