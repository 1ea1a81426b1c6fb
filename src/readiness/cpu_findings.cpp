// The CPU rules of `clonebench check`: frequency, SMT, isolation, NUMA and the --pin choice.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <set>

#include "readiness/finding.hpp"
#include "readiness/pin_choice.hpp"
#include "sys/cpu_list.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

std::string cpu_path(int cpu, const char* file) {
  return fmt::format("/sys/devices/system/cpu/cpu{}/{}", cpu, file);
}

bool contains(const std::vector<int>& cpus, int cpu) {
  return std::find(cpus.begin(), cpus.end(), cpu) != cpus.end();
}

Finding governor(const MachineSnapshot& snapshot, const std::vector<int>& used) {
  Finding finding{"governor", FindingStatus::kOk, "", {}, {}};
  std::set<std::string> governors;
  for (const CpuFiles& files : snapshot.cpus) {
    if (contains(used, files.cpu) && files.governor) {
      governors.insert(trim(*files.governor));
      finding.evidence.push_back(fmt::format(
          "{}: {}", cpu_path(files.cpu, "cpufreq/scaling_governor"), trim(*files.governor)));
    }
  }
  if (governors.empty()) {
    finding.status = FindingStatus::kNote;
    finding.summary =
        "no cpufreq governor is visible: the firmware or the hypervisor sets the "
        "frequency, which clonebench cannot see or pin";
  } else if (governors == std::set<std::string>{"performance"}) {
    finding.summary = "every CPU used runs the performance governor";
  } else {
    finding.status = FindingStatus::kDisturbs;
    finding.summary = fmt::format(
        "CPUs used run the governor(s) {}: the frequency follows the "
        "load, so the first runs are slower than the rest",
        fmt::join(governors, ", "));
    finding.commands = {"sudo cpupower frequency-set --governor performance",
                        "echo performance | sudo tee "
                        "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor"};
  }
  return finding;
}

Finding boost(const MachineSnapshot& snapshot) {
  Finding finding{"boost", FindingStatus::kOk, "turbo/boost is off", {}, {}};
  // -1: the file is not there (plain integers: GCC 12 misreads optionals here).
  const std::int64_t boost = snapshot.boost ? parse_integer_text(*snapshot.boost).value_or(-1) : -1;
  const std::int64_t no_turbo =
      snapshot.no_turbo ? parse_integer_text(*snapshot.no_turbo).value_or(-1) : -1;
  if (boost >= 0) {
    finding.evidence.push_back(fmt::format("/sys/devices/system/cpu/cpufreq/boost: {}", boost));
  }
  if (no_turbo >= 0) {
    finding.evidence.push_back(
        fmt::format("/sys/devices/system/cpu/intel_pstate/no_turbo: {}", no_turbo));
  }
  if (boost < 0 && no_turbo < 0) {
    finding.status = FindingStatus::kNote;
    finding.summary = "no boost control is visible (none, or the hypervisor's)";
  } else if (boost > 0 || no_turbo == 0) {
    finding.status = FindingStatus::kDisturbs;
    finding.summary =
        "turbo/boost is on: the clock rises and falls with temperature and with "
        "how many cores are busy";
    finding.commands.push_back(boost >= 0
                                   ? "echo 0 | sudo tee /sys/devices/system/cpu/cpufreq/boost"
                                   : "echo 1 | sudo tee "
                                     "/sys/devices/system/cpu/intel_pstate/no_turbo");
  }
  return finding;
}

// A sibling that is busy slows the CPU it shares a core with; one that is isolated stays idle.
Finding smt(const MachineSnapshot& snapshot, const std::vector<int>& used, const PinChoice& pin) {
  Finding finding{"smt", FindingStatus::kOk, "no CPU used has an online SMT sibling", {}, {}};
  const std::vector<int> isolated =
      parse_cpu_list(snapshot.isolated.value_or("")).value_or(std::vector<int>{});
  std::vector<std::string> shared;
  bool all_siblings_isolated = true;
  for (int cpu : used) {
    for (const CpuFiles& files : snapshot.cpus) {
      if (files.cpu == cpu && files.thread_siblings) {
        finding.evidence.push_back(fmt::format("{}: {}",
                                               cpu_path(cpu, "topology/thread_siblings_list"),
                                               trim(*files.thread_siblings)));
      }
    }
    const std::vector<int> core = core_of(snapshot, cpu);
    if (core.size() > 1) {
      shared.push_back(fmt::format("{} (core {})", cpu, format_cpu_list(core)));
      for (int sibling : core) {
        all_siblings_isolated =
            all_siblings_isolated &&
            (sibling == cpu || (contains(isolated, sibling) && !contains(used, sibling)));
      }
    }
  }
  if (snapshot.smt_control) {
    finding.evidence.push_back(
        fmt::format("/sys/devices/system/cpu/smt/control: {}", trim(*snapshot.smt_control)));
  }
  if (shared.empty()) {
    return finding;
  }
  finding.status = all_siblings_isolated ? FindingStatus::kNote : FindingStatus::kDisturbs;
  finding.summary = fmt::format(
      "CPUs used share a core with an online sibling: {}; siblings share caches and execution "
      "units, so whatever runs on one slows the other{}",
      fmt::join(shared, ", "),
      all_siblings_isolated ? " (the siblings are isolated and unused, so they should be idle)"
                            : "");
  finding.commands = {"echo off | sudo tee /sys/devices/system/cpu/smt/control",
                      fmt::format("clonebench run ... --pin {}   (and keep their siblings idle)",
                                  format_cpu_list(pin.cpus))};
  return finding;
}

Finding isolation(const MachineSnapshot& snapshot, const std::vector<int>& used,
                  const PinChoice& pin) {
  Finding finding{"isolation", FindingStatus::kOk, "", {}, {}};
  const std::vector<int> isolated =
      parse_cpu_list(snapshot.isolated.value_or("")).value_or(std::vector<int>{});
  const std::vector<int> nohz =
      parse_cpu_list(snapshot.nohz_full.value_or("")).value_or(std::vector<int>{});
  finding.evidence.push_back(fmt::format(
      "/sys/devices/system/cpu/isolated: {}",
      snapshot.isolated ? (trim(*snapshot.isolated).empty() ? "none" : trim(*snapshot.isolated))
                        : "n/a"));
  finding.evidence.push_back(fmt::format("/sys/devices/system/cpu/nohz_full: {}",
                                         snapshot.nohz_full ? trim(*snapshot.nohz_full) : "n/a"));
  for (const char* name : {"isolcpus", "nohz_full"}) {
    if (const auto value = parse_cmdline_parameter(snapshot.cmdline.value_or(""), name)) {
      finding.evidence.push_back(fmt::format("/proc/cmdline: {}={}", name, *value));
    }
  }
  const bool all_isolated = std::all_of(used.begin(), used.end(), [&](int cpu) {
    return contains(isolated, cpu) && contains(nohz, cpu);
  });
  if (all_isolated && !used.empty()) {
    finding.summary = "every CPU used is isolated (isolcpus) and tickless (nohz_full)";
    return finding;
  }
  finding.status = FindingStatus::kNote;
  finding.summary =
      "the CPUs used are not isolated: the scheduler may put other tasks and "
      "timer ticks on them (for the quietest runs, isolate them at boot)";
  const std::string cpus = format_cpu_list(pin.cpus);
  finding.commands = {
      fmt::format("add 'isolcpus={0} nohz_full={0} rcu_nocbs={0}' to the kernel command line "
                  "and reboot, then: clonebench run ... --pin {0}",
                  cpus)};
  return finding;
}

Finding numa(const MachineSnapshot& snapshot, const std::vector<int>& used, const PinChoice& pin) {
  Finding finding{"numa", FindingStatus::kOk, "", {}, {}};
  std::set<int> nodes_used;
  for (const CpuFiles& files : snapshot.cpus) {
    if (contains(used, files.cpu)) {
      nodes_used.insert(files.node.value_or(0));
    }
  }
  finding.evidence.push_back(fmt::format("/sys/devices/system/node: {} node(s) ({})",
                                         snapshot.nodes.size(), format_cpu_list(snapshot.nodes)));
  if (nodes_used.size() <= 1) {
    finding.summary = snapshot.nodes.size() > 1
                          ? "the CPUs used are on one NUMA node"
                          : "one NUMA node: memory is equally far from every CPU";
    return finding;
  }
  finding.status = FindingStatus::kDisturbs;
  finding.summary = fmt::format(
      "the CPUs used span NUMA nodes {}: a child's page tables and struct pages may be local or "
      "remote depending on where it runs",
      fmt::join(nodes_used, ", "));
  int node = 0;
  for (const CpuFiles& files : snapshot.cpus) {
    if (!pin.cpus.empty() && files.cpu == pin.cpus.front()) {
      node = files.node.value_or(0);
    }
  }
  finding.commands = {
      fmt::format("numactl --cpunodebind={0} --membind={0} clonebench run ... --pin {1}", node,
                  format_cpu_list(pin.cpus))};
  return finding;
}

Finding pin_advice(const PinChoice& pin) {
  Finding finding{"pin", FindingStatus::kNote, "", {}, {}};
  finding.summary = fmt::format("--pin {}: {}", format_cpu_list(pin.cpus), pin.reason);
  finding.commands = {fmt::format("clonebench run fork --pin {}", format_cpu_list(pin.cpus))};
  return finding;
}

}  // namespace

std::vector<Finding> assess_cpus(const MachineSnapshot& snapshot, const std::vector<int>& used) {
  const PinChoice pin = choose_pin(snapshot);
  return {governor(snapshot, used),       boost(snapshot),           smt(snapshot, used, pin),
          isolation(snapshot, used, pin), numa(snapshot, used, pin), pin_advice(pin)};
}

}  // namespace clonebench
