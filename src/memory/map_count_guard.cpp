#include "memory/map_count_guard.hpp"

#include <fmt/core.h>

#include <cstdlib>

#include "core/error.hpp"
#include "memory/map_count_limit.hpp"
#include "sys/text_file.hpp"

namespace clonebench {

std::uint64_t map_count_needed(std::uint64_t vmas) {
  return 2 * vmas + 1 + kOwnMappingsHeadroom;
}

MapCountRaise::MapCountRaise(MachineSettingsLock& lock, std::uint64_t wanted, std::string path) {
  const std::optional<std::string> text = read_text_file(path);
  char* end = nullptr;
  if (text) {
    found_ = std::strtoull(text->c_str(), &end, 10);
  }
  if (!text || end == text->c_str()) {
    throw RuntimeError(fmt::format("cannot read the map count limit from {}", path));
  }
  if (found_ >= wanted) {
    return;
  }
  // The guardian holds the value found before anything is written.
  guard_.emplace(lock, std::vector<ThpSetting>{{path, std::to_string(found_)}});
  guard_->apply({{path, std::to_string(wanted)}});
}

}  // namespace clonebench
