#pragma once
// The --pin choice that keeps a measurement away from SMT siblings and CPU 0 (pure): one CPU per
// physical core, never CPU 0 or a sibling of it (CPU 0 takes most of the interrupts and
// housekeeping), isolated CPUs first when the kernel isolates some, all on one NUMA node.

#include <string>
#include <vector>

#include "machine/machine_snapshot.hpp"

namespace clonebench {

struct PinChoice {
  std::vector<int> cpus;  // in the order to use them; instances take them round-robin
  std::string reason;     // how they were chosen
};

PinChoice choose_pin(const MachineSnapshot& snapshot);

// The CPUs that share a core with `cpu` (itself included), from its thread_siblings_list;
// just {cpu} when unknown.
std::vector<int> core_of(const MachineSnapshot& snapshot, int cpu);

}  // namespace clonebench
