#pragma once
// The readable form of an environment (capture_environment()) that `clonebench env` prints:
// aligned "key: value" lines, nested objects as indented sections.

#include <string>

#include "record/environment.hpp"

namespace clonebench {

// Scalars first, then one section per object (hvo, cpu, smt, virtualization, loadavg,
// mitigations one per line, config last). Unknown values print as "n/a".
std::string format_environment_summary(const Environment& environment);

// What can change a process-creation cost, one line each (kernel, CPU, governor, SMT, THP, HVO,
// virtualization, load, the mitigations in effect; those "Not affected" counted in one line),
// ending with where the rest is: `clonebench env` without --full.
std::string format_environment_brief(const Environment& environment);

}  // namespace clonebench
