#include "cli/environment_summary.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

namespace clonebench {
namespace {

using Lines = std::vector<std::pair<std::string, std::string>>;

// Sections that read best at the end, in this order; any other object comes before them.
constexpr std::string_view kLastSections[] = {"mitigations", "config"};

std::string format_value(const nlohmann::json& value) {
  if (value.is_null()) {
    return "n/a";
  }
  if (value.is_string()) {
    return value.get<std::string>();
  }
  return value.dump();
}

void flatten(const nlohmann::json& object, const std::string& prefix, Lines& lines) {
  for (const auto& [key, value] : object.items()) {
    if (value.is_object() && !value.empty()) {
      flatten(value, prefix + key + ".", lines);
    } else {
      lines.emplace_back(prefix + key, format_value(value));
    }
  }
}

void append_aligned(const Lines& lines, std::string_view indent, std::string& out) {
  std::size_t width = 0;
  for (const auto& [key, value] : lines) {
    width = std::max(width, key.size());
  }
  for (const auto& [key, value] : lines) {
    out += fmt::format("{}{:<{}} {}\n", indent, key + ":", width + 1, value);
  }
}

bool is_last_section(std::string_view key) {
  return std::find(std::begin(kLastSections), std::end(kLastSections), key) !=
         std::end(kLastSections);
}

void append_section(const nlohmann::json& environment, const std::string& key, std::string& out) {
  Lines lines;
  flatten(environment.at(key), "", lines);
  out += key + ":\n";
  append_aligned(lines, "  ", out);
}

}  // namespace

std::string format_environment_summary(const nlohmann::json& environment) {
  Lines scalars;
  std::vector<std::string> sections;
  for (const auto& [key, value] : environment.items()) {
    if (value.is_object() && !value.empty()) {
      if (!is_last_section(key)) {
        sections.push_back(key);
      }
    } else {
      scalars.emplace_back(key, format_value(value));
    }
  }
  for (const auto key : kLastSections) {
    if (environment.contains(key) && environment.at(key).is_object() &&
        !environment.at(key).empty()) {
      sections.emplace_back(key);
    }
  }
  std::string out;
  append_aligned(scalars, "", out);
  for (const auto& key : sections) {
    append_section(environment, key, out);
  }
  return out;
}

}  // namespace clonebench
