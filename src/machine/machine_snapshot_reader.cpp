#include "machine/machine_snapshot_reader.hpp"

#include <unistd.h>

#include <chrono>
#include <string>

#include "process/process_control.hpp"
#include "sys/cpu_list.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

namespace fs = std::filesystem;

// "node3" -> 3; nullopt for any other name.
std::optional<int> node_number(const std::string& name) {
  if (!name.starts_with("node") || name.size() == 4) {
    return std::nullopt;
  }
  const auto number = parse_integer_text(name.substr(4));
  return number ? std::optional<int>(static_cast<int>(*number)) : std::nullopt;
}

CpuFiles read_cpu(const fs::path& cpu_root, int cpu) {
  const fs::path directory = cpu_root / ("cpu" + std::to_string(cpu));
  CpuFiles files;
  files.cpu = cpu;
  files.thread_siblings = read_text_file(directory / "topology/thread_siblings_list");
  files.governor = read_text_file(directory / "cpufreq/scaling_governor");
  for (const fs::path& entry : list_directory(directory).value_or(std::vector<fs::path>{})) {
    if (const auto node = node_number(entry.filename().string())) {
      files.node = node;
    }
  }
  return files;
}

std::map<int, std::string> read_process_stats(const fs::path& proc) {
  std::map<int, std::string> stats;
  for (const fs::path& entry : list_directory(proc).value_or(std::vector<fs::path>{})) {
    const auto pid = parse_integer_text(entry.filename().string());
    if (!pid || *pid <= 0) {
      continue;
    }
    if (auto text = read_text_file(entry / "stat")) {
      stats.emplace(static_cast<int>(*pid), std::move(*text));
    }
  }
  return stats;
}

}  // namespace

MachineSnapshot read_machine_snapshot(const fs::path& root, double window_s) {
  MachineSnapshot snapshot;
  snapshot.root = root.string();
  const fs::path cpu_root = root / "sys/devices/system/cpu";
  snapshot.online = read_text_file(cpu_root / "online");
  for (int cpu : parse_cpu_list(snapshot.online.value_or("")).value_or(std::vector<int>{})) {
    snapshot.cpus.push_back(read_cpu(cpu_root, cpu));
  }
  snapshot.boost = read_text_file(cpu_root / "cpufreq/boost");
  snapshot.no_turbo = read_text_file(cpu_root / "intel_pstate/no_turbo");
  snapshot.smt_control = read_text_file(cpu_root / "smt/control");
  snapshot.isolated = read_text_file(cpu_root / "isolated");
  snapshot.nohz_full = read_text_file(cpu_root / "nohz_full");
  if (auto files = read_directory_files(cpu_root / "vulnerabilities")) {
    snapshot.vulnerabilities = parse_vulnerabilities(*files);
  }
  for (const fs::path& entry :
       list_directory(root / "sys/devices/system/node").value_or(std::vector<fs::path>{})) {
    if (const auto node = node_number(entry.filename().string())) {
      snapshot.nodes.push_back(*node);
    }
  }
  snapshot.cmdline = read_text_file(root / "proc/cmdline");
  snapshot.thp_enabled = read_text_file(root / "sys/kernel/mm/transparent_hugepage/enabled");
  snapshot.randomize_va_space = read_text_file(root / "proc/sys/kernel/randomize_va_space");
  snapshot.loadavg = read_text_file(root / "proc/loadavg");
  snapshot.cpuinfo = read_text_file(root / "proc/cpuinfo");
  snapshot.hypervisor_type = read_text_file(root / "sys/hypervisor/type");
  snapshot.meminfo = read_text_file(root / "proc/meminfo");
  snapshot.swaps = read_text_file(root / "proc/swaps");
  snapshot.ticks_per_s = ::sysconf(_SC_CLK_TCK);
  snapshot.self_pid = static_cast<int>(::getpid());

  const auto started = std::chrono::steady_clock::now();
  snapshot.stat_before = read_text_file(root / "proc/stat");
  snapshot.processes.before = read_process_stats(root / "proc");
  sleep_ns(static_cast<std::int64_t>(window_s * 1e9));
  snapshot.stat_after = read_text_file(root / "proc/stat");
  snapshot.processes.after = read_process_stats(root / "proc");
  snapshot.window_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return snapshot;
}

}  // namespace clonebench
