#pragma once
// What `clonebench check` reads about a machine, as text, before any judgement: a plain copy of
// the files under a root directory ("/" normally, a faked tree in tests), taken by
// sys/machine_snapshot_reader.hpp. A file that could not be read is nullopt.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace clonebench {

using OptionalText = std::optional<std::string>;

struct CpuFiles {
  int cpu = 0;
  OptionalText thread_siblings;  // topology/thread_siblings_list, e.g. "0,64"
  OptionalText governor;         // cpufreq/scaling_governor
  std::optional<int> node;       // the nodeN link in its directory
};

// /proc/<pid>/stat of every process, at the start and the end of the sampling window.
struct ProcessStats {
  std::map<int, std::string> before, after;
};

struct MachineSnapshot {
  std::string root;                                    // where it was read
  OptionalText online;                                 // devices/system/cpu/online
  std::vector<CpuFiles> cpus;                          // every online CPU
  OptionalText boost;                                  // devices/system/cpu/cpufreq/boost
  OptionalText no_turbo;                               // devices/system/cpu/intel_pstate/no_turbo
  OptionalText smt_control;                            // devices/system/cpu/smt/control
  OptionalText isolated;                               // devices/system/cpu/isolated
  OptionalText nohz_full;                              // devices/system/cpu/nohz_full
  OptionalText cmdline;                                // /proc/cmdline
  OptionalText thp_enabled;                            // kernel/mm/transparent_hugepage/enabled
  OptionalText randomize_va_space;                     // /proc/sys/kernel/randomize_va_space
  OptionalText loadavg;                                // /proc/loadavg
  OptionalText cpuinfo;                                // /proc/cpuinfo (hypervisor flag)
  OptionalText hypervisor_type;                        // /sys/hypervisor/type
  OptionalText stat_before, stat_after;                // /proc/stat around the window (steal time)
  std::map<std::string, std::string> vulnerabilities;  // devices/system/cpu/vulnerabilities
  OptionalText meminfo;                                // /proc/meminfo
  OptionalText swaps;                                  // /proc/swaps
  std::vector<int> nodes;                              // devices/system/node/nodeN
  ProcessStats processes;
  double window_s = 0;     // between the two reads of /proc/stat and /proc/<pid>/stat
  long ticks_per_s = 100;  // sysconf(_SC_CLK_TCK)
  int self_pid = 0;        // the checking process, which is not "other work"
};

}  // namespace clonebench
