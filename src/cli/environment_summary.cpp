#include "cli/environment_summary.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "report/report_facts.hpp"

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

std::string format_environment_brief(const nlohmann::json& environment) {
  Lines lines;
  std::size_t not_affected = 0;
  for (auto& [name, value] : environment_lines(environment)) {
    if (name.starts_with("mitigation ") && value == "Not affected") {
      ++not_affected;  // a line each would bury the ones in effect
      continue;
    }
    lines.emplace_back(std::move(name), std::move(value));
  }
  const nlohmann::json::json_pointer in_vm("/virtualization/in_vm");
  const nlohmann::json::json_pointer load("/loadavg_before/1m");
  lines.insert(
      lines.begin() + std::min<std::ptrdiff_t>(7, static_cast<std::ptrdiff_t>(lines.size())),
      {{"virtual machine",
        environment.contains(in_vm) ? format_value(environment.at(in_vm)) : "n/a"},
       {"load (1 min)", environment.contains(load) ? format_value(environment.at(load)) : "n/a"}});
  if (not_affected > 0) {
    lines.emplace_back("other mitigations", fmt::format("{} not affected", not_affected));
  }
  std::string out;
  append_aligned(lines, "", out);
  out += fmt::format("({} of the facts stored with every run; `clonebench env --full` for all)\n",
                     lines.size());
  return out;
}

}  // namespace clonebench
