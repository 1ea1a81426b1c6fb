#pragma once
// What the machine and kernel are, captured with every run (docs/schema.md, "2.5 environment";
// its one codec is record/environment_json.hpp).

#include <optional>

#include "record/environment.hpp"

namespace clonebench {

// kernel_release, kernel_version, cmdline, config {CONFIG_...}, hvo {sysctl, nr_hugepages,
// key_on}, thp, mitigations {file: text}, cpu_model, cpus, governor, smt, virtualization,
// loadavg_before, ... Never throws for a missing file: every fact it reads is recorded, as
// unknown when it could not be read.
//
// config: the options of select_config_options() (machine/kernel_config.hpp); an exactly listed
// option that the config does not mention is "n". config is unknown when neither
// /proc/config.gz nor /boot/config-<release> could be used, and config_error says why.
// hvo.key_on is true/false/unknown and hvo.key_on_basis says whether it is exact or inferred.
// kernel_path: which fork/exit functions exist out of line and the return thunk in force
// (kernel/kernel_path.hpp).
Environment capture_environment();

// The 1, 5 and 15 minute load averages from /proc/loadavg, or nullopt when the file cannot be
// read.
std::optional<LoadAverages> read_loadavg();

}  // namespace clonebench
