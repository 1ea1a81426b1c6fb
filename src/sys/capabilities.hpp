#pragma once
// The calling process's effective capabilities (root without them is only a uid).

#include <cstdint>
#include <optional>
#include <string_view>

namespace clonebench {

inline constexpr int kCapSysAdmin = 21;
inline constexpr int kCapSyslog = 34;
inline constexpr int kCapPerfmon = 38;

// The CapEff mask of a /proc/<pid>/status text ("CapEff:\t000001ffffffffff"); nullopt when absent.
std::optional<std::uint64_t> parse_effective_capabilities(std::string_view status_text);

// Whether this process has `capability` in its effective set (false when it cannot be read).
bool has_effective_capability(int capability);

}  // namespace clonebench
