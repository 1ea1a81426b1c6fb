#pragma once
// The instance counts a scale visits, as users type them ("1,2,4,8") or by default: 1, 2, 4, …
// (powers of two below the CPU count) and the CPU count itself.

#include <cstdint>
#include <string_view>
#include <vector>

namespace clonebench {

// 1, 2, 4, … up to `cpus`, plus `cpus` exactly: 8 CPUs give 1,2,4,8; 6 give 1,2,4,6. One CPU
// gives 1,2, since a curve needs two points (2 instances on 1 CPU shows the cost of sharing it).
std::vector<std::uint32_t> default_instance_counts(std::uint32_t cpus);

// Counts in ascending order. Throws UsageError naming `flag` on a count that is not a whole
// number in [1, 1024], a count given twice, a list without 1 (efficiency is relative to one
// instance), fewer than 2 counts, or more than 64.
std::vector<std::uint32_t> parse_instance_list(std::string_view text, std::string_view flag);

}  // namespace clonebench
