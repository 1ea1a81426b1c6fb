// The system rules of `clonebench check`: THP, ASLR, other work, virtualization, mitigations,
// swap.
#include <fmt/core.h>

#include <algorithm>

#include "kernel/return_thunk.hpp"
#include "machine/cpu_info.hpp"
#include "machine/stability_warning.hpp"
#include "readiness/finding.hpp"
#include "readiness/process_activity.hpp"
#include "sys/meminfo_text.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

// Steal time above this share of all CPU time means other guests take this VM's CPUs.
constexpr double kStealShare = 0.02;
// Less available memory than this share makes the kernel reclaim and swap during a run.
constexpr double kLowMemoryShare = 0.10;

std::string shown(const OptionalText& text) {
  return text ? trim(*text) : "n/a";
}

Finding thp(const MachineSnapshot& snapshot) {
  const std::string path = "/sys/kernel/mm/transparent_hugepage/enabled";
  Finding finding{"thp", FindingStatus::kOk, "", {path + ": " + shown(snapshot.thp_enabled)}, {}};
  const auto mode =
      snapshot.thp_enabled ? parse_selected_choice(*snapshot.thp_enabled) : std::nullopt;
  if (!mode) {
    finding.status = FindingStatus::kUnknown;
    finding.summary = "the THP mode could not be read";
  } else if (*mode == "always") {
    finding.status = FindingStatus::kDisturbs;
    finding.summary =
        "THP is 'always': the parent's memory may be 2 MiB pages, which fork copies "
        "per 2 MiB instead of per 4 KiB, and khugepaged changes that while you "
        "measure";
    finding.commands = {"echo madvise | sudo tee " + path};
  } else {
    finding.summary = fmt::format("THP is '{}': --rss-kind chooses 4 KiB or huge pages", *mode);
  }
  return finding;
}

Finding aslr(const MachineSnapshot& snapshot) {
  const std::string path = "/proc/sys/kernel/randomize_va_space";
  Finding finding{
      "aslr", FindingStatus::kOk, "", {path + ": " + shown(snapshot.randomize_va_space)}, {}};
  const auto level =
      snapshot.randomize_va_space ? parse_integer_text(*snapshot.randomize_va_space) : std::nullopt;
  if (!level) {
    finding.status = FindingStatus::kUnknown;
    finding.summary = "the ASLR setting could not be read";
  } else if (*level != 0) {
    finding.status = FindingStatus::kDisturbs;
    finding.summary = fmt::format(
        "ASLR is on ({}): every run places the parent's mappings elsewhere, so the number of "
        "page-table pages and their alignment vary from run to run",
        *level);
    finding.commands = {"sudo sysctl -w kernel.randomize_va_space=0   (afterwards: =2)"};
  } else {
    finding.summary = "ASLR is off: every run has the same layout";
  }
  return finding;
}

Finding load(const MachineSnapshot& snapshot) {
  Finding finding{
      "load", FindingStatus::kOk, "", {"/proc/loadavg: " + shown(snapshot.loadavg)}, {}};
  const auto average = snapshot.loadavg ? parse_loadavg(*snapshot.loadavg) : std::nullopt;
  const std::size_t cpus = std::max<std::size_t>(1, snapshot.cpus.size());
  const double limit = kHighLoadPerCpu * static_cast<double>(cpus);
  if (!average) {
    finding.status = FindingStatus::kUnknown;
    finding.summary = "the load average could not be read";
  } else if (average->one_min > limit) {
    finding.status = FindingStatus::kDisturbs;
    finding.summary = fmt::format(
        "the 1-minute load average is {:.2f} on {} CPUs (above {:.2f}): other work competes for "
        "the CPUs",
        average->one_min, cpus, limit);
    finding.commands = {"stop other work (builds, browsers, cron jobs), then check again"};
  } else {
    finding.summary =
        fmt::format("the 1-minute load average is {:.2f} on {} CPUs", average->one_min, cpus);
  }
  return finding;
}

Finding busy(const MachineSnapshot& snapshot) {
  Finding finding{"busy_processes", FindingStatus::kOk, "", {}, {}};
  if (snapshot.processes.after.empty()) {
    finding.status = FindingStatus::kUnknown;
    finding.summary = "no process could be watched (/proc/<pid>/stat unreadable, or no window)";
    return finding;
  }
  const auto busy = busy_processes(snapshot.processes, snapshot.window_s, snapshot.ticks_per_s,
                                   snapshot.self_pid);
  if (busy.empty()) {
    finding.summary = fmt::format("no other process used more than {:.0f} % of a CPU in {:.1f} s",
                                  100 * kBusyProcessShare, snapshot.window_s);
    return finding;
  }
  finding.status = FindingStatus::kDisturbs;
  finding.summary = fmt::format("{} other process(es) used more than {:.0f} % of a CPU in {:.1f} s",
                                busy.size(), 100 * kBusyProcessShare, snapshot.window_s);
  for (std::size_t i = 0; i < std::min<std::size_t>(busy.size(), 8); ++i) {
    finding.evidence.push_back(fmt::format("/proc/{}/stat: {} used {:.0f} % of a CPU", busy[i].pid,
                                           busy[i].command, 100 * busy[i].cpu_share));
  }
  finding.commands = {
      fmt::format("stop them, or pause them while measuring: kill -STOP {} (and "
                  "kill -CONT afterwards)",
                  busy.front().pid)};
  return finding;
}

Finding virtualization(const MachineSnapshot& snapshot) {
  Finding finding{"virtualization", FindingStatus::kOk, "", {}, {}};
  const bool flag = parse_cpuinfo(snapshot.cpuinfo.value_or("")).hypervisor();
  finding.evidence.push_back(
      fmt::format("/proc/cpuinfo: hypervisor flag {}", flag ? "set" : "not set"));
  if (snapshot.hypervisor_type) {
    finding.evidence.push_back("/sys/hypervisor/type: " + trim(*snapshot.hypervisor_type));
  }
  const auto steal = snapshot.stat_before && snapshot.stat_after
                         ? steal_share(*snapshot.stat_before, *snapshot.stat_after)
                         : std::nullopt;
  if (steal) {
    finding.evidence.push_back(fmt::format("/proc/stat: steal {:.1f} % of CPU time in {:.1f} s",
                                           100 * *steal, snapshot.window_s));
  }
  if (steal && *steal > kStealShare) {
    finding.status = FindingStatus::kDisturbs;
    finding.summary = fmt::format(
        "the hypervisor stole {:.1f} % of the CPU time: other guests "
        "run on this VM's CPUs",
        100 * *steal);
    finding.commands = {"measure when the host is quiet, on dedicated vCPUs, or on bare metal"};
  } else if (flag || snapshot.hypervisor_type) {
    finding.status = FindingStatus::kNote;
    finding.summary =
        "a virtual machine: page-table updates may go through the hypervisor; "
        "compare kernels only on the same host and VM size";
  } else {
    finding.summary = "bare metal";
  }
  return finding;
}

Finding mitigations(const MachineSnapshot& snapshot) {
  Finding finding{"mitigations", FindingStatus::kNote, "", {}, {}};
  const ReturnThunk thunk = classify_return_thunk(snapshot.vulnerabilities);
  std::size_t vulnerable = 0, mitigated = 0;
  for (const auto& [name, text] : snapshot.vulnerabilities) {
    vulnerable += text.starts_with("Vulnerable") ? 1 : 0;
    mitigated += text.starts_with("Mitigation") ? 1 : 0;
  }
  for (const auto& [name, text] : thunk.evidence) {
    finding.evidence.push_back(
        fmt::format("/sys/devices/system/cpu/vulnerabilities/{}: {}", name, text));
  }
  if (const auto option = parse_cmdline_parameter(snapshot.cmdline.value_or(""), "mitigations")) {
    finding.evidence.push_back("/proc/cmdline: mitigations=" + *option);
  }
  finding.summary = fmt::format(
      "return thunk {}: {}; {} mitigations in force, {} vulnerable. They set the price of every "
      "kernel call: record them with results and compare machines that match",
      thunk.kind, thunk.description, mitigated, vulnerable);
  finding.commands = {"clonebench kernel   (what this means for fork and clone)"};
  return finding;
}

Finding swap(const MachineSnapshot& snapshot) {
  Finding finding{"swap", FindingStatus::kOk, "", {}, {}};
  const auto meminfo = parse_meminfo(snapshot.meminfo.value_or(""));
  const auto value = [&meminfo](const char* key) {
    const auto found = meminfo.find(key);
    return found == meminfo.end() ? std::int64_t{-1} : found->second;
  };
  const std::int64_t total = value("SwapTotal"), free = value("SwapFree");
  const std::int64_t memory = value("MemTotal"), available = value("MemAvailable");
  if (total < 0 || memory < 0) {
    finding.status = FindingStatus::kUnknown;
    finding.summary = "/proc/meminfo could not be read";
    return finding;
  }
  finding.evidence.push_back(
      fmt::format("/proc/meminfo: SwapTotal {} kB, SwapFree {} kB, "
                  "MemTotal {} kB, MemAvailable {} kB",
                  total, free, memory, available));
  if (total == 0) {
    finding.summary = "no swap: a parent's pages stay resident";
  } else if (available >= 0 &&
             static_cast<double>(available) < kLowMemoryShare * static_cast<double>(memory)) {
    finding.status = FindingStatus::kDisturbs;
    finding.summary =
        "swap is on and less than 10 % of memory is available: pages of a large "
        "parent may be swapped out, and fork copies swap entries instead of pages";
    finding.commands = {"sudo swapoff -a   (afterwards: sudo swapon -a)", "free memory first"};
  } else {
    finding.status = FindingStatus::kNote;
    finding.summary =
        fmt::format("swap is on ({} kB in use); memory is plentiful now", total - free);
    finding.commands = {"sudo swapoff -a   (afterwards: sudo swapon -a)"};
  }
  return finding;
}

}  // namespace

std::vector<Finding> assess_system(const MachineSnapshot& snapshot) {
  return {thp(snapshot),  aslr(snapshot),           load(snapshot),
          busy(snapshot), virtualization(snapshot), mitigations(snapshot),
          swap(snapshot)};
}

}  // namespace clonebench
