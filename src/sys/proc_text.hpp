#pragma once
// Pure parsers for the small text formats of /proc and /sys. Each takes the file's text and
// returns nullopt (or leaves an entry out) on malformed input instead of throwing, because a
// kernel we have not seen may format a file differently and that must not stop a run.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace clonebench {

// The load averages of /proc/loadavg ("0.52 0.58 0.59 2/345 6789").
struct LoadAverage {
  double one_min = 0.0;
  double five_min = 0.0;
  double fifteen_min = 0.0;
};
std::optional<LoadAverage> parse_loadavg(std::string_view text);

// The selected entry of a sysfs choice file: "always [madvise] never" -> "madvise".
std::optional<std::string> parse_selected_choice(std::string_view text);

// The number of CPUs in a kernel CPU list: "0-3,8,10-11" -> 7.
std::optional<int> parse_cpu_list_count(std::string_view text);

// A single integer, surrounding whitespace allowed ("65536\n").
std::optional<std::int64_t> parse_integer_text(std::string_view text);

// The value of `name=` on the kernel command line, the last one winning as in the kernel;
// "" for a bare `name`; nullopt when absent. Words after " -- " go to init and are ignored.
std::optional<std::string> parse_cmdline_parameter(std::string_view cmdline, std::string_view name);

// The files of /sys/devices/system/cpu/vulnerabilities by name, each one-line text trimmed.
std::map<std::string, std::string> parse_vulnerabilities(
    const std::map<std::string, std::string>& files);

}  // namespace clonebench
