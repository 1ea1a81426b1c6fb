#include "sweep/size_list.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <set>
#include <string>

#include "core/error.hpp"
#include "core/units.hpp"

namespace clonebench {
namespace {

constexpr std::uint64_t kSizePageBytes = 4096;
constexpr std::size_t kMaxPoints = 64;

[[noreturn]] void bad_list(std::string_view flag, std::string_view text, std::string_view why) {
  throw UsageError(
      fmt::format("{}: invalid size list '{}': {} (expected e.g. 0,16M,64M,256M or 0:512M:8)", flag,
                  text, why));
}

std::vector<std::uint64_t> parse_range(std::string_view text, std::string_view flag) {
  const auto first = text.find(':');
  const auto second = text.find(':', first + 1);
  if (second == std::string_view::npos || text.find(':', second + 1) != std::string_view::npos) {
    bad_list(flag, text, "a range is START:END:POINTS");
  }
  const std::uint64_t start = parse_size_bytes(text.substr(0, first), flag);
  const std::uint64_t end = parse_size_bytes(text.substr(first + 1, second - first - 1), flag);
  const auto points = static_cast<std::uint64_t>(
      parse_integer(text.substr(second + 1), flag, 2, static_cast<std::int64_t>(kMaxPoints)));
  if (end <= start) {
    bad_list(flag, text, "the end of a range must be above its start");
  }
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t index = 0; index < points; ++index) {
    // Exact in integers: start + (end - start) * index / (points - 1), split to avoid overflow.
    const std::uint64_t span = end - start;
    const std::uint64_t offset =
        span / (points - 1) * index + span % (points - 1) * index / (points - 1);
    sizes.push_back(start + offset);
  }
  return sizes;
}

}  // namespace

std::vector<std::uint64_t> parse_size_list(std::string_view text, std::string_view flag) {
  if (text.empty()) {
    bad_list(flag, text, "it is empty");
  }
  std::vector<std::uint64_t> sizes;
  if (text.find(':') != std::string_view::npos) {
    if (text.find(',') != std::string_view::npos) {
      bad_list(flag, text, "use either a comma list or one range");
    }
    sizes = parse_range(text, flag);
  } else {
    std::string_view rest = text;
    for (;;) {
      const auto comma = rest.find(',');
      sizes.push_back(parse_size_bytes(rest.substr(0, comma), flag));
      if (comma == std::string_view::npos) {
        break;
      }
      rest.remove_prefix(comma + 1);
    }
  }
  for (auto& size : sizes) {
    size = size / kSizePageBytes * kSizePageBytes;
  }
  if (sizes.size() > kMaxPoints) {
    bad_list(flag, text, fmt::format("more than {} points", kMaxPoints));
  }
  const std::set<std::uint64_t> distinct(sizes.begin(), sizes.end());
  if (distinct.size() < 2) {
    bad_list(flag, text, "a fit needs at least 2 distinct sizes (after rounding to 4 KiB)");
  }
  // A size given twice would be one design point measured twice as often, weighing the fit
  // towards it unasked (--vmas and --folio refuse a repeat too).
  if (distinct.size() < sizes.size()) {
    std::set<std::uint64_t> seen;
    for (const std::uint64_t size : sizes) {
      if (!seen.insert(size).second) {
        bad_list(flag, text,
                 fmt::format("{} KiB is given twice (after rounding to 4 KiB)", size / 1024));
      }
    }
  }
  return sizes;
}

}  // namespace clonebench
