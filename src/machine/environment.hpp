#pragma once
// What the machine and kernel are, captured with every run (docs/schema.md, "2.5 environment").

#include <nlohmann/json.hpp>

namespace clonebench {

// kernel_release, kernel_version, cmdline, config {CONFIG_...}, hvo {sysctl, nr_hugepages,
// key_on}, thp, mitigations {file: text}, cpu_model, cpus, governor, smt, virtualization,
// loadavg_before, ... Never throws for a missing file: the field is null.
//
// config: the options of select_config_options() (sys/kernel_config.hpp); an exactly listed
// option that the config does not mention is "n". config is null when neither
// /proc/config.gz nor /boot/config-<release> could be used, and config_error says why.
// hvo.key_on is true/false/null and hvo.key_on_basis says whether it is exact or inferred.
// kernel_path: which fork/exit functions exist out of line and the return thunk in force
// (kernel/kernel_path.hpp).
nlohmann::json capture_environment();

// The 1, 5 and 15 minute load averages from /proc/loadavg: {"1m", "5m", "15m"}, or null
// when the file cannot be read.
nlohmann::json read_loadavg();

}  // namespace clonebench
