#include "perf/perf_availability.hpp"

#include <fmt/core.h>
#include <unistd.h>

#include <cstdlib>

#include "core/error.hpp"
#include "kernel/profiling_requirements.hpp"
#include "sys/capabilities.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

std::optional<std::int64_t> read_integer(const char* path) {
  const auto text = read_text_file(path);
  return text ? parse_integer_text(*text) : std::nullopt;
}

std::vector<std::string> event_sources() {
  std::vector<std::string> names;
  for (const auto& entry : list_directory("/sys/bus/event_source/devices")
                               .value_or(std::vector<std::filesystem::path>{})) {
    names.push_back(entry.filename().string());
  }
  return names;
}

}  // namespace

std::string find_in_path(const std::string& name) {
  const char* path = std::getenv("PATH");
  const std::string directories = path != nullptr ? path : "/usr/bin:/bin";
  std::size_t begin = 0;
  while (begin <= directories.size()) {
    const std::size_t end = std::min(directories.find(':', begin), directories.size());
    const std::string directory = directories.substr(begin, end - begin);
    const std::string candidate = (directory.empty() ? "." : directory) + "/" + name;
    if (::access(candidate.c_str(), X_OK) == 0) {
      return candidate;
    }
    begin = end + 1;
  }
  return "";
}

PerfSetup prepare_profiling(const std::string& flag) {
  PerfSetup setup;
  setup.program = find_in_path("perf");
  if (setup.program.empty()) {
    throw UsageError(fmt::format(
        "{}: perf is not installed (no perf in PATH): install it (Debian: apt-get install "
        "linux-perf)",
        flag));
  }
  ProfilingPrivilege privilege;
  privilege.perf_capable =
      has_effective_capability(kCapPerfmon) || has_effective_capability(kCapSysAdmin);
  privilege.syslog_capable = has_effective_capability(kCapSyslog);
  privilege.perf_event_paranoid = read_integer("/proc/sys/kernel/perf_event_paranoid");
  privilege.kptr_restrict = read_integer("/proc/sys/kernel/kptr_restrict");
  if (const std::string refusal = profiling_refusal(privilege); !refusal.empty()) {
    throw UsageError(fmt::format("{}: {}", flag, refusal));
  }
  setup.event = choose_sampling_event(event_sources());
  return setup;
}

}  // namespace clonebench
