#pragma once
// Whether this process may sample every CPU and name kernel functions, and with which event
// (pure: what was read in, a verdict out). The kernel's rules: system-wide sampling needs
// CAP_PERFMON or CAP_SYS_ADMIN, else kernel.perf_event_paranoid <= 0; kernel addresses in
// /proc/kallsyms need kernel.kptr_restrict 0, or 1 with CAP_SYSLOG, never 2.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clonebench {

struct ProfilingPrivilege {
  bool perf_capable = false;    // CAP_PERFMON or CAP_SYS_ADMIN in the effective set
  bool syslog_capable = false;  // CAP_SYSLOG
  std::optional<std::int64_t> perf_event_paranoid;  // nullopt: no perf events in this kernel
  std::optional<std::int64_t> kptr_restrict;
};

// "" when profiling can work; else one sentence saying what to set or how to run.
std::string profiling_refusal(const ProfilingPrivilege& privilege);

// "cycles" where a hardware PMU is listed in /sys/bus/event_source/devices (x86 cpu, cpu_core,
// cpu_atom; arm64 armv8_*), else the software clock "cpu-clock" (as in most VMs).
std::string choose_sampling_event(const std::vector<std::string>& event_sources);

}  // namespace clonebench
