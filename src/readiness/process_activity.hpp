#pragma once
// Who used the CPUs while `check` watched: processes by CPU time between two reads of
// /proc/<pid>/stat, and the share of time the hypervisor stole (pure).

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "machine/machine_snapshot.hpp"

namespace clonebench {

// A process busier than this share of one CPU competes with a measurement.
inline constexpr double kBusyProcessShare = 0.05;

struct ProcessCpuTime {
  std::string command;      // the name in parentheses (may hold spaces and parentheses)
  std::uint64_t ticks = 0;  // utime + stime, in clock ticks
};
// "4711 (cc1plus) R 4700 ... utime stime ...": nullopt when malformed.
std::optional<ProcessCpuTime> parse_process_stat(std::string_view text);

struct ProcessUse {
  int pid = 0;
  std::string command;
  double cpu_share = 0;  // of one CPU over the window
};
// Processes above `threshold`, busiest first, the checking process itself left out.
std::vector<ProcessUse> busy_processes(const ProcessStats& stats, double window_s, long ticks_per_s,
                                       int self_pid, double threshold = kBusyProcessShare);

// The share of all CPU time that was steal time between two /proc/stat texts ("cpu  user nice
// system idle iowait irq softirq steal ..."); nullopt when either lacks the line.
std::optional<double> steal_share(std::string_view stat_before, std::string_view stat_after);

}  // namespace clonebench
