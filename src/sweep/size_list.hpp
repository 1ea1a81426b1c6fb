#pragma once
// The sizes a sweep visits, as users type them: "0,16M,64M,256M" or "0:512M:8" (8 evenly spaced
// points from 0 to 512 MiB, both ends included).

#include <cstdint>
#include <string_view>
#include <vector>

namespace clonebench {

// Sizes in bytes, in the order given (a range ascending), each rounded down to 4 KiB. Throws
// UsageError naming `flag` on a bad size, a range with fewer than 2 points, a range whose end
// is below its start, fewer than 2 distinct sizes, or more than 64 points.
std::vector<std::uint64_t> parse_size_list(std::string_view text, std::string_view flag);

}  // namespace clonebench
