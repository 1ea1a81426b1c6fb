#include "sys/capabilities.hpp"

#include <charconv>

#include "sys/text_file.hpp"

namespace clonebench {

std::optional<std::uint64_t> parse_effective_capabilities(std::string_view status_text) {
  constexpr std::string_view kKey = "CapEff:";
  std::size_t at = status_text.find(kKey);
  while (at != std::string_view::npos && at != 0 && status_text[at - 1] != '\n') {
    at = status_text.find(kKey, at + 1);
  }
  if (at == std::string_view::npos) {
    return std::nullopt;
  }
  std::string_view value = status_text.substr(at + kKey.size());
  value.remove_prefix(std::min(value.find_first_not_of(" \t"), value.size()));
  std::uint64_t mask = 0;
  const auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), mask, 16);
  if (error != std::errc() || end == value.data()) {
    return std::nullopt;
  }
  return mask;
}

bool has_effective_capability(int capability) {
  const auto status = read_text_file("/proc/self/status");
  const auto mask = status ? parse_effective_capabilities(*status) : std::nullopt;
  return mask && ((*mask >> capability) & 1U) != 0;
}

}  // namespace clonebench
