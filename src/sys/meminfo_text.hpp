#pragma once
// /proc/meminfo, read one way: every reader goes through parse_meminfo_line, so the environment
// capture, `check` and the parent-size checks agree on what a line holds.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace clonebench {

struct MeminfoLine {
  std::string_view key;
  std::optional<std::uint64_t> value;  // kB, or a count for entries without a unit
};

// "MemTotal:  16318012 kB" -> {"MemTotal", 16318012}; "HugePages_Total: 0" -> {..., 0};
// "Key: lots kB" -> {"Key", nullopt}. nullopt when the line has no key before a colon.
std::optional<MeminfoLine> parse_meminfo_line(std::string_view line);

// Every entry with a number, the first of repeated keys.
std::map<std::string, std::int64_t> parse_meminfo(std::string_view text);

// The value of `key` ("MemAvailable", "HugePages_Free", ...). Throws RuntimeError when the key is
// missing or its value is not a number.
std::uint64_t parse_meminfo_value(std::string_view meminfo_text, std::string_view key);

}  // namespace clonebench
