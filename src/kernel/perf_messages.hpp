#pragma once
// Reading perf's own words when it fails (pure).

#include <string>
#include <string_view>

namespace clonebench {

// The first line of perf's error output that says something, without perf's progress lines
// ("Events disabled", "[ perf record: ... ]"); "" when there is none.
std::string perf_failure_line(std::string_view perf_stderr);

// Whether perf's error output says it does not know an option we gave it (a perf too old).
bool perf_lacks_option(std::string_view perf_stderr);

}  // namespace clonebench
