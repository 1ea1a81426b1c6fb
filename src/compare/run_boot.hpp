#pragma once
// Which boot a run was measured in (docs/statistics.md, "Boots are the units"): read by every
// reader of runs (stored runs, clonebench JSON files), so it stands alone, apart from the
// boot-level analysis.

#include <string>

#include "record/environment.hpp"

namespace clonebench {

// The boot a run with this environment was measured in: its environment.boot_id, or for runs
// stored before boot ids were recorded one unknown boot per label (or file) and host.
std::string run_boot(const Environment& environment, const std::string& label);

}  // namespace clonebench
