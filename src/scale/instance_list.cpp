#include "scale/instance_list.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string>

#include "core/error.hpp"
#include "core/units.hpp"

namespace clonebench {
namespace {

constexpr std::int64_t kScaleMaxInstances = 1024;  // as sweep's and run's --instances
constexpr std::size_t kScaleMaxPoints = 64;

[[noreturn]] void bad_instance_list(std::string_view flag, std::string_view text,
                                    std::string_view why) {
  throw UsageError(
      fmt::format("{}: invalid instance list '{}': {} (expected e.g. 1,2,4,8)", flag, text, why));
}

}  // namespace

std::vector<std::uint32_t> default_instance_counts(std::uint32_t cpus) {
  std::vector<std::uint32_t> counts;
  for (std::uint32_t count = 1; count < cpus; count *= 2) {
    counts.push_back(count);
  }
  counts.push_back(std::max<std::uint32_t>(cpus, 2));
  if (counts.front() != 1) {
    counts.insert(counts.begin(), 1);
  }
  return counts;
}

std::vector<std::uint32_t> parse_instance_list(std::string_view text, std::string_view flag) {
  if (text.empty()) {
    bad_instance_list(flag, text, "it is empty");
  }
  std::vector<std::uint32_t> counts;
  std::string_view rest = text;
  for (;;) {
    const auto comma = rest.find(',');
    counts.push_back(static_cast<std::uint32_t>(
        parse_integer(rest.substr(0, comma), flag, 1, kScaleMaxInstances)));
    if (comma == std::string_view::npos) {
      break;
    }
    rest.remove_prefix(comma + 1);
  }
  std::sort(counts.begin(), counts.end());
  if (std::adjacent_find(counts.begin(), counts.end()) != counts.end()) {
    bad_instance_list(flag, text, "a count is given twice");
  }
  if (counts.size() < 2) {
    bad_instance_list(flag, text, "a curve needs at least 2 counts");
  }
  if (counts.size() > kScaleMaxPoints) {
    bad_instance_list(flag, text, fmt::format("more than {} counts", kScaleMaxPoints));
  }
  if (counts.front() != 1) {
    bad_instance_list(flag, text, "it must include 1, the count efficiency is relative to");
  }
  return counts;
}

}  // namespace clonebench
