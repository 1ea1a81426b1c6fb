#pragma once
// The memory limit of the cgroup this process runs in. MemAvailable says what the machine has;
// a container or a systemd slice may allow far less, and a parent populated beyond that limit
// brings the OOM killer into the run instead of a clear refusal.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clonebench {

// Where this process's cgroup is in the file system, from /proc/self/cgroup and
// /proc/self/mountinfo: each directory from the process's cgroup up to the hierarchy's root,
// innermost first. v2: the "0::/path" line and the cgroup2 mount; v1: the line naming "memory"
// and the cgroup mount with the memory option. Empty when not mounted. Pure: tests and fuzzers
// pass the texts.
std::vector<std::string> memory_cgroup_directories(std::string_view proc_self_cgroup,
                                                   std::string_view mountinfo, bool v2);

// The tightest limit along the path: the level with the least room left (limit − usage).
struct CgroupMemoryRoom {
  std::string directory;  // the cgroup that limits
  std::uint64_t limit_bytes = 0, usage_bytes = 0;
  std::uint64_t room_bytes() const noexcept {
    return limit_bytes > usage_bytes ? limit_bytes - usage_bytes : 0;
  }
};
// nullopt when no level has a limit or none can be read.
std::optional<CgroupMemoryRoom> cgroup_memory_room();

// Throws UsageError naming --rss when `copies` parents of `bytes` each would not fit in the
// share of the cgroup's room that a run may take.
void check_cgroup_memory_fits(std::uint64_t bytes, std::uint64_t copies);

}  // namespace clonebench
