#pragma once
// Reads the files `clonebench check` judges, under a root directory ("/", or a faked tree in
// tests), and watches the processes for `window_s` (CPU time before and after). Never throws for
// a missing file: that field stays empty and the finding says it is unknown.

#include <filesystem>

#include "machine/machine_snapshot.hpp"

namespace clonebench {

MachineSnapshot read_machine_snapshot(const std::filesystem::path& root, double window_s);

}  // namespace clonebench
