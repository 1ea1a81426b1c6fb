#pragma once
// The readable form of an environment object (capture_environment()) that `clonebench env`
// prints: aligned "key: value" lines, nested objects as indented sections.

#include <nlohmann/json.hpp>
#include <string>

namespace clonebench {

// Scalars first, then one section per object (hvo, cpu, smt, virtualization, loadavg,
// mitigations one per line, config last). Null values print as "n/a".
std::string format_environment_summary(const nlohmann::json& environment);

// What can change a process-creation cost, one line each (kernel, CPU, governor, SMT, THP, HVO,
// virtualization, load, the mitigations in effect; those "Not affected" counted in one line),
// ending with where the rest is: `clonebench env` without --full.
std::string format_environment_brief(const nlohmann::json& environment);

}  // namespace clonebench
