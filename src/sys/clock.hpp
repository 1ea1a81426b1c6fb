#pragma once
// The one clock of every latency: CLOCK_MONOTONIC. The parent reads it through the vDSO (no
// system call, no allocation), so it may be taken right before and after the call it times.

#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>

namespace clonebench {

inline std::int64_t monotonic_now_ns() noexcept {
  timespec ts{};
  ::clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

// The same clock read by the system call itself, for a child with an address space of its own.
// Fork copies no page table entry of a file mapping, so such a child's first run of vDSO text is a
// page fault, which costs far more than a system call on a virtual machine (docs/measurement.md,
// "Page faults per op"). The instruction is inline so that no libc text page is touched either.
inline std::int64_t monotonic_now_ns_by_system_call() noexcept {
  timespec ts{};
#if defined(__x86_64__)
  long result = SYS_clock_gettime;
  asm volatile("syscall"
               : "+a"(result)
               : "D"(static_cast<long>(CLOCK_MONOTONIC)), "S"(&ts)
               : "rcx", "r11", "memory");
#else
  ::syscall(SYS_clock_gettime, CLOCK_MONOTONIC, &ts);
#endif
  return static_cast<std::int64_t>(ts.tv_sec) * 1'000'000'000 + ts.tv_nsec;
}

}  // namespace clonebench
