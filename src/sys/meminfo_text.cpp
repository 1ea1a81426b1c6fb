#include "sys/meminfo_text.hpp"

#include <charconv>

#include "core/error.hpp"
#include "core/text_split.hpp"

namespace clonebench {
namespace {

template <typename Visit>
void for_each_line(std::string_view text, Visit visit) {
  while (!text.empty()) {
    visit(take_line(text));
  }
}

}  // namespace

std::optional<MeminfoLine> parse_meminfo_line(std::string_view line) {
  const auto colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0) {
    return std::nullopt;
  }
  MeminfoLine entry{.key = line.substr(0, colon), .value = std::nullopt};
  std::string_view number = trim_blanks(line.substr(colon + 1));
  if (number.size() >= 3 && number.substr(number.size() - 3) == " kB") {
    number = trim_blanks(number.substr(0, number.size() - 3));
  }
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), value);
  if (error == std::errc() && end == number.data() + number.size() && !number.empty()) {
    entry.value = value;
  }
  return entry;
}

std::map<std::string, std::int64_t> parse_meminfo(std::string_view text) {
  std::map<std::string, std::int64_t> entries;
  for_each_line(text, [&entries](std::string_view line) {
    const auto entry = parse_meminfo_line(line);
    if (entry && entry->value) {
      entries.emplace(std::string(entry->key), static_cast<std::int64_t>(*entry->value));
    }
  });
  return entries;
}

std::uint64_t parse_meminfo_value(std::string_view meminfo_text, std::string_view key) {
  std::optional<MeminfoLine> found;
  for_each_line(meminfo_text, [&](std::string_view line) {
    const auto entry = parse_meminfo_line(line);
    if (!found && entry && entry->key == key) {
      found = entry;
    }
  });
  if (!found) {
    throw RuntimeError("/proc/meminfo: no " + std::string(key) + " line");
  }
  if (!found->value) {
    throw RuntimeError("/proc/meminfo: " + std::string(key) + " is not a number");
  }
  return *found->value;
}

}  // namespace clonebench
