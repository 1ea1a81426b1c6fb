#include "kernel/perf_messages.hpp"

#include <algorithm>

#include "core/text_split.hpp"

namespace clonebench {
namespace {

std::string_view trimmed(std::string_view line) {
  return trim_any(line, " \t\r");
}

bool is_progress(std::string_view line) {
  return line.starts_with("Events disabled") || line.starts_with("Events enabled") ||
         line.starts_with("[ perf record:") || line == "Error:";
}

}  // namespace

std::string perf_failure_line(std::string_view perf_stderr) {
  std::size_t begin = 0;
  while (begin < perf_stderr.size()) {
    const std::size_t end = std::min(perf_stderr.find('\n', begin), perf_stderr.size());
    const std::string_view line = trimmed(perf_stderr.substr(begin, end - begin));
    begin = end + 1;
    // perf often prints "Error:" alone and the reason on the next line: that line is kept.
    if (!line.empty() && !is_progress(line)) {
      return std::string(line);
    }
  }
  return "";
}

bool perf_lacks_option(std::string_view perf_stderr) {
  return perf_stderr.find("unknown option") != std::string_view::npos ||
         perf_stderr.find("unknown switch") != std::string_view::npos;
}

}  // namespace clonebench
