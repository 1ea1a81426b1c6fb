#pragma once
// From the BPF program's records (bpf/census_event.h) to a TraceRun's creations, execs and exits:
// pure, so that the pairing and the arithmetic are tested without a kernel.

#include <linux/types.h>

#include <cstdint>
#include <span>

#include "trace/bpf/census_event.h"
#include "trace/trace_census.hpp"

namespace clonebench {

// Adds `events` to `run`, in the order of their start, with times relative to `origin_ns` (the
// command's release, CLOCK_MONOTONIC) and sizes in kB of `page_size_bytes` pages. A teardown is
// attached to the exit of the same thread that precedes it.
void add_census_events(std::span<const census_event> events, std::int64_t origin_ns,
                       std::uint64_t page_size_bytes, TraceRun& run);

// "clone", "clone3", "fork", "vfork", "execve", "execveat", or "syscall <n>".
std::string census_call_name(std::uint32_t syscall_nr);

}  // namespace clonebench
