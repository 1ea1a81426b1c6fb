#include "memory/oom_kills.hpp"

#include <charconv>
#include <string>

#include "sys/text_file.hpp"

namespace clonebench {

std::optional<std::uint64_t> parse_oom_kill_count(std::string_view vmstat) {
  constexpr std::string_view kKey = "oom_kill ";
  std::size_t at = 0;
  while (at < vmstat.size()) {
    const std::size_t end = std::min(vmstat.find('\n', at), vmstat.size());
    const std::string_view line = vmstat.substr(at, end - at);
    if (line.starts_with(kKey)) {
      const std::string_view digits = line.substr(kKey.size());
      std::uint64_t value = 0;
      const auto [stop, error] =
          std::from_chars(digits.data(), digits.data() + digits.size(), value);
      if (error == std::errc() && stop != digits.data()) {
        return value;
      }
      return std::nullopt;
    }
    at = end + 1;
  }
  return std::nullopt;
}

std::optional<std::uint64_t> read_oom_kill_count() {
  const std::optional<std::string> text = read_text_file("/proc/vmstat");
  return text ? parse_oom_kill_count(*text) : std::nullopt;
}

}  // namespace clonebench
