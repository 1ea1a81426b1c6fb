#pragma once
// `clonebench check` as a whole: every finding for the CPUs a measurement would use, the verdict
// (exit 0 when nothing would disturb a measurement, 5 otherwise), as text (as JSON:
// readiness_json.hpp).

#include <string>
#include <vector>

#include "core/error.hpp"
#include "readiness/finding.hpp"

namespace clonebench {

struct ReadinessReport {
  std::string root;
  std::vector<int> cpus_used;
  bool cpus_from_pin = false;  // --pin given; else every online CPU
  std::vector<Finding> findings;

  std::size_t disturbing() const noexcept;
  int exit_code() const noexcept { return disturbing() == 0 ? kExitOk : kExitMachineDisturbing; }
};

// `pin`: the CPUs given with --pin, or empty for every online CPU.
ReadinessReport assess_machine(const MachineSnapshot& snapshot, const std::vector<int>& pin);

std::string render_readiness(const ReadinessReport& report);

}  // namespace clonebench
