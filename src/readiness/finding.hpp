#pragma once
// What `clonebench check` concludes about one source of noise: its evidence (the files and
// values it read) and the commands that would tune it. The rules are pure functions of a
// MachineSnapshot; they change nothing. docs/kernel.md lists every rule and its threshold.

#include <string>
#include <vector>

#include "machine/machine_snapshot.hpp"

namespace clonebench {

enum class FindingStatus {
  kOk,        // nothing to do
  kNote,      // worth knowing and recording with results; does not fail the check
  kDisturbs,  // would disturb a measurement: the check exits 1
  kUnknown,   // could not be read
};
const char* status_name(FindingStatus status) noexcept;  // "ok" | "note" | "disturbs" | "unknown"

struct Finding {
  std::string id;  // stable: "governor", "smt", ...
  FindingStatus status = FindingStatus::kUnknown;
  std::string summary;                // one sentence with the observed value
  std::vector<std::string> evidence;  // "<file>: <value>"
  std::vector<std::string> commands;  // what would tune it (never run by clonebench)
};

// `used`: the CPUs a measurement would run on (--pin, else every online CPU).
// governor, boost, smt, isolation, numa, pin.
std::vector<Finding> assess_cpus(const MachineSnapshot& snapshot, const std::vector<int>& used);
// thp, aslr, load, busy, virtualization, mitigations, swap.
std::vector<Finding> assess_system(const MachineSnapshot& snapshot);

}  // namespace clonebench
