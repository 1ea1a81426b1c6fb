#pragma once
// Kernel CPU lists ("0-3,8,10-11"), as sysfs, the kernel command line and --pin write them.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// The CPUs of a list, ascending and without repeats; nullopt when malformed. "" gives none.
std::optional<std::vector<int>> parse_cpu_list(std::string_view text);

// The shortest list for a set of CPUs: {0,1,2,3,8} -> "0-3,8".
std::string format_cpu_list(std::vector<int> cpus);

}  // namespace clonebench
