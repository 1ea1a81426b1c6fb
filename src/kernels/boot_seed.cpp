#include "kernels/boot_seed.hpp"

#include <fmt/core.h>

#include <ctime>

namespace clonebench {
namespace {

// Steele, Lea and Flood's splitmix64 finalizer: every input bit moves every output bit.
std::uint64_t splitmix64(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

// 2024-01-01T00:00:00 UTC, and a year of seconds after it: a date every kernel accepts.
constexpr std::int64_t kRtcEpoch = 1704067200;
constexpr std::uint64_t kRtcSpanS = 365ull * 24 * 3600;

std::string utc_text(std::int64_t seconds) {
  const std::time_t time = static_cast<std::time_t>(seconds);
  std::tm parts{};
  ::gmtime_r(&time, &parts);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}", parts.tm_year + 1900, parts.tm_mon + 1,
                     parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec);
}

}  // namespace

BootSeed boot_seed(std::uint64_t experiment_seed, std::size_t index) {
  const std::uint64_t value =
      splitmix64(splitmix64(experiment_seed) ^ static_cast<std::uint64_t>(index));
  return {value, utc_text(kRtcEpoch + static_cast<std::int64_t>(value % kRtcSpanS)),
          fmt::format("clonebench.boot_seed={:016x}", value)};
}

std::string boot_identity(const std::string& experiment_tag, std::size_t index) {
  return fmt::format("{}/boot-{}", experiment_tag, index);
}

}  // namespace clonebench
