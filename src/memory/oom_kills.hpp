#pragma once
// How many processes the kernel's OOM killer has killed since boot (/proc/vmstat's oom_kill,
// machine-wide, so it also counts kills inside any cgroup). Read before and after a run, it tells
// a SIGKILL from the OOM killer apart from one sent by someone else.

#include <cstdint>
#include <optional>
#include <string_view>

namespace clonebench {

// The value of the "oom_kill" line of /proc/vmstat text; nullopt when there is none.
std::optional<std::uint64_t> parse_oom_kill_count(std::string_view vmstat);

// parse_oom_kill_count of /proc/vmstat; nullopt when it cannot be read.
std::optional<std::uint64_t> read_oom_kill_count();

}  // namespace clonebench
