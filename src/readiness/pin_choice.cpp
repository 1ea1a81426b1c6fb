#include "readiness/pin_choice.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <map>

#include "sys/cpu_list.hpp"

namespace clonebench {
namespace {

bool pin_contains(const std::vector<int>& cpus, int cpu) {
  return std::find(cpus.begin(), cpus.end(), cpu) != cpus.end();
}

int node_of(const MachineSnapshot& snapshot, int cpu) {
  for (const CpuFiles& files : snapshot.cpus) {
    if (files.cpu == cpu) {
      return files.node.value_or(0);
    }
  }
  return 0;
}

}  // namespace

std::vector<int> core_of(const MachineSnapshot& snapshot, int cpu) {
  for (const CpuFiles& files : snapshot.cpus) {
    if (files.cpu == cpu && files.thread_siblings) {
      if (auto siblings = parse_cpu_list(*files.thread_siblings); siblings && !siblings->empty()) {
        return *siblings;
      }
    }
  }
  return {cpu};
}

PinChoice choose_pin(const MachineSnapshot& snapshot) {
  if (snapshot.cpus.empty()) {
    return {{}, "no online CPU could be read"};
  }
  const std::vector<int> isolated =
      parse_cpu_list(snapshot.isolated.value_or("")).value_or(std::vector<int>{});
  const std::vector<int> cpu0_core = core_of(snapshot, 0);
  std::vector<int> candidates, seen_cores;
  for (const CpuFiles& files : snapshot.cpus) {
    const std::vector<int> core = core_of(snapshot, files.cpu);
    if (pin_contains(cpu0_core, files.cpu) || pin_contains(seen_cores, core.front())) {
      continue;
    }
    seen_cores.push_back(core.front());
    // Within a core, an isolated sibling is the better pick.
    int pick = core.front();
    for (int sibling : core) {
      if (pin_contains(isolated, sibling)) {
        pick = sibling;
        break;
      }
    }
    candidates.push_back(pick);
  }
  if (candidates.empty()) {
    return {{snapshot.cpus.front().cpu},
            "every online CPU shares a core with CPU 0; nothing better than CPU 0 is left"};
  }
  std::vector<int> isolated_candidates;
  std::copy_if(candidates.begin(), candidates.end(), std::back_inserter(isolated_candidates),
               [&isolated](int cpu) { return pin_contains(isolated, cpu); });
  const bool use_isolated = !isolated_candidates.empty();
  if (use_isolated) {
    candidates = isolated_candidates;
  }
  std::map<int, std::vector<int>> by_node;
  for (int cpu : candidates) {
    by_node[node_of(snapshot, cpu)].push_back(cpu);
  }
  const auto largest = std::max_element(by_node.begin(), by_node.end(), [](auto& a, auto& b) {
    return a.second.size() < b.second.size();
  });
  std::string reason = fmt::format("one CPU per core, none sharing a core with CPU 0{}",
                                   use_isolated ? ", isolated CPUs only" : "");
  if (by_node.size() > 1) {
    reason += fmt::format(", all on NUMA node {}", largest->first);
  }
  return {largest->second, reason};
}

}  // namespace clonebench
