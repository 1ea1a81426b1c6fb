#include "memory/map_count_limit.hpp"

#include <cstdlib>
#include <string>

#include "core/error.hpp"
#include "sys/text_file.hpp"

namespace clonebench {

std::uint64_t max_vmas_under(std::uint64_t max_map_count) {
  // 2 * vmas + 1 entries at the worst moment: the pieces, the holes and the reservation's tail.
  if (max_map_count <= kOwnMappingsHeadroom + 1) {
    return 0;
  }
  return (max_map_count - kOwnMappingsHeadroom - 1) / 2;
}

std::optional<std::uint64_t> read_max_map_count() {
  const std::optional<std::string> text = read_text_file("/proc/sys/vm/max_map_count");
  if (!text) {
    return std::nullopt;
  }
  char* end = nullptr;
  const std::uint64_t value = std::strtoull(text->c_str(), &end, 10);
  return end == text->c_str() ? std::nullopt : std::optional<std::uint64_t>(value);
}

void check_vmas_under_map_count(std::uint64_t vmas, std::optional<std::uint64_t> max_map_count) {
  if (!max_map_count || vmas <= max_vmas_under(*max_map_count)) {
    return;
  }
  const std::uint64_t needed = 2 * vmas + 1 + kOwnMappingsHeadroom;
  throw UsageError(
      "--vmas: " + std::to_string(vmas) + " mappings need up to " + std::to_string(needed) +
      " entries in the process's memory map while they are made (each guard hole "
      "between them is one), more than vm.max_map_count = " +
      std::to_string(*max_map_count) + " allows; use at most --vmas " +
      std::to_string(max_vmas_under(*max_map_count)) +
      ", or raise the limit as root with `sysctl vm.max_map_count=" + std::to_string(needed) + "`");
}

}  // namespace clonebench
