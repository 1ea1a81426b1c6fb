#pragma once
// How many --vmas a process can build under vm.max_map_count. While the region is made, each
// mapping and the guard hole after it are two entries of the process's map (the holes are
// unmapped only at the end), beside the mappings the process already has.

#include <cstdint>
#include <optional>

namespace clonebench {

// Room left for the process's own mappings (its binary, stack, heap, libraries).
inline constexpr std::uint64_t kOwnMappingsHeadroom = 256;

// The largest --vmas that fits under `max_map_count` (0 when none does).
std::uint64_t max_vmas_under(std::uint64_t max_map_count);

// /proc/sys/vm/max_map_count; nullopt when it cannot be read.
std::optional<std::uint64_t> read_max_map_count();

// Throws UsageError naming --vmas, the limit and the sysctl that raises it when `vmas` mappings
// cannot be built under `max_map_count`; nothing when the limit is unknown.
void check_vmas_under_map_count(std::uint64_t vmas, std::optional<std::uint64_t> max_map_count);

}  // namespace clonebench
