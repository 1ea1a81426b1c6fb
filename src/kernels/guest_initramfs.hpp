#pragma once
// The initramfs a `clonebench kernels` guest boots with: /init (clonebench-guest-init), the
// static worker and helper, the job and the worker page, /dev/console. Written into an unnamed
// file (sys/unnamed_file.hpp) that QEMU reads through /proc/self/fd: no name on disk, nothing to
// leave behind.

#include <cstdint>

#include "record/job.hpp"
#include "sys/unnamed_file.hpp"

namespace clonebench {

// The bound on live children a guest's worker is given (the local runner derives it from the
// host's pid space; a fresh guest has its default pid_max of 32768).
std::uint64_t guest_live_limit(const StressorJob& job);

// Throws RuntimeError when a private program is missing or the file cannot be written.
void write_guest_initramfs(UnnamedFile& file, const StressorJob& job, std::size_t runs,
                           double run_deadline_s);

}  // namespace clonebench
