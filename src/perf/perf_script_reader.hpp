#pragma once
// Turns a finished recording into text: `perf script` over it, as a TetheredProcess, its output
// handed on line by line as it comes (a long window gives hundreds of megabytes of text, which
// are never held whole).

#include <functional>
#include <string_view>

#include "perf/perf_recording.hpp"

namespace clonebench {

// Bound on perf script for one recording, in seconds; it takes about a second per 20k samples.
inline constexpr double kPerfScriptBoundS = 600;

// The fields asked for: the sampled process (name, pid) and each kernel frame (address, symbol,
// object), e.g. "clonebench 4711" then "\tffffffff81600670 copy_page_range ([kernel.kallsyms])".
inline constexpr const char* kPerfScriptFields = "comm,pid,ip,sym,dso";

// Calls `line` for every output line (without its newline). Throws RuntimeError with perf's
// words when it fails; `poll` runs while waiting and may throw (perf script is then killed).
void read_perf_script(const PerfSetup& setup, const UnnamedFile& data,
                      const std::function<void(std::string_view)>& line,
                      const PerfRecording::Poll& poll);

}  // namespace clonebench
