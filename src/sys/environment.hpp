#pragma once
// What the machine and kernel are, captured with every run (DESIGN.md §3 "environment").

#include <nlohmann/json.hpp>

namespace clonebench {

// kernel_release, kernel_version, cmdline, config {CONFIG_...}, hvo {sysctl, nr_hugepages,
// key_on}, thp, mitigations {file: text}, cpu_model, cpus, governor, smt, virtualization,
// loadavg_before, ... Never throws for a missing file: the field is null.
nlohmann::json capture_environment();

// The 1, 5 and 15 minute load averages from /proc/loadavg.
nlohmann::json read_loadavg();

}  // namespace clonebench
