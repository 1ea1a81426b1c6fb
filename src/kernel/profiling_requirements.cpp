#include "kernel/profiling_requirements.hpp"

#include <fmt/core.h>

namespace clonebench {

std::string profiling_refusal(const ProfilingPrivilege& privilege) {
  if (!privilege.perf_event_paranoid) {
    return "this kernel offers no perf events (/proc/sys/kernel/perf_event_paranoid is "
           "missing: CONFIG_PERF_EVENTS is off)";
  }
  const std::int64_t paranoid = *privilege.perf_event_paranoid;
  if (!privilege.perf_capable && paranoid > 0) {
    return fmt::format(
        "kernel.perf_event_paranoid is {}, and sampling every CPU needs 0 or less: run as root, "
        "or `sudo sysctl -w kernel.perf_event_paranoid=0`",
        paranoid);
  }
  const std::int64_t restrict_level = privilege.kptr_restrict.value_or(0);
  if (restrict_level >= 2) {
    return "kernel.kptr_restrict is 2, which hides kernel addresses even from root, so samples "
           "cannot be named: `sudo sysctl -w kernel.kptr_restrict=1` (as root) or 0";
  }
  if (restrict_level == 1 && !privilege.syslog_capable) {
    return "kernel.kptr_restrict is 1, which hides kernel addresses from users without "
           "CAP_SYSLOG, so samples cannot be named: run as root, or `sudo sysctl -w "
           "kernel.kptr_restrict=0`";
  }
  return "";
}

std::string choose_sampling_event(const std::vector<std::string>& event_sources) {
  for (const std::string& source : event_sources) {
    if (source == "cpu" || source == "cpu_core" || source == "cpu_atom" ||
        source.starts_with("armv8_") || source.starts_with("armv9_")) {
      return "cycles";
    }
  }
  return "cpu-clock";
}

}  // namespace clonebench
