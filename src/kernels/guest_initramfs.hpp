#pragma once
// The initramfs a `clonebench kernels` guest boots with: /init (clonebench-guest-init), the
// static worker and helper, the job and the worker page, /dev/console. Written into an unnamed
// file (sys/unnamed_file.hpp) that QEMU reads through /proc/self/fd: no name on disk, nothing to
// leave behind.

#include <cstdint>
#include <vector>

#include "record/job.hpp"
#include "sys/unnamed_file.hpp"

namespace clonebench {

// The bound on live children a guest's worker is given (the local runner derives it from the
// host's pid space; a fresh guest has its default pid_max of 32768).
std::uint64_t guest_live_limit(const StressorJob& job);

// The guest runs each of `jobs` (at most 10: one page each) `runs` times, in turn. Throws
// RuntimeError when a private program is missing or the file cannot be written,
// std::invalid_argument when `jobs` is empty or holds more than 10.
void write_guest_initramfs(UnnamedFile& file, const std::vector<StressorJob>& jobs,
                           std::size_t runs, double run_deadline_s);

}  // namespace clonebench
