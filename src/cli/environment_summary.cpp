#include "cli/environment_summary.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

#include "record/environment_json.hpp"
#include "report/report_facts.hpp"

namespace clonebench {
namespace {

using Lines = std::vector<std::pair<std::string, std::string>>;

// Sections that read best at the end, in this order; any other object comes before them.
constexpr std::string_view kLastSections[] = {"mitigations", "config"};

// The dotted key of a fact inside its section: "pools.hugepages-2048kB.nr_hugepages".
std::string section_key(const std::vector<std::string>& path) {
  std::string key;
  for (std::size_t i = 1; i < path.size(); ++i) {
    key += (i == 1 ? "" : ".") + path[i];
  }
  return key;
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

// Where `key` goes among kLastSections, or std::size(kLastSections) when it is not one of them.
std::size_t last_section_index(std::string_view key) {
  return static_cast<std::size_t>(
      std::find(std::begin(kLastSections), std::end(kLastSections), key) -
      std::begin(kLastSections));
}

}  // namespace

std::string format_environment_summary(const Environment& environment) {
  Lines scalars;
  std::vector<std::pair<std::string, Lines>> sections;  // in the order they come
  std::vector<std::pair<std::string, Lines>> last_sections(std::size(kLastSections));
  for (const EnvironmentLine& line : environment_fact_lines(environment)) {
    const std::string& key = line.path.front();
    if (line.path.size() == 1) {
      scalars.emplace_back(key, line.text);
      continue;
    }
    const std::size_t last = last_section_index(key);
    if (last == std::size(kLastSections) && (sections.empty() || sections.back().first != key)) {
      sections.emplace_back(key, Lines{});
    }
    auto& section = last < std::size(kLastSections) ? last_sections[last] : sections.back();
    section.first = key;
    section.second.emplace_back(section_key(line.path), line.text);
  }
  for (auto& section : last_sections) {
    if (!section.second.empty()) {
      sections.push_back(std::move(section));
    }
  }
  std::string out;
  append_aligned(scalars, "", out);
  for (const auto& [key, lines] : sections) {
    out += key + ":\n";
    append_aligned(lines, "  ", out);
  }
  return out;
}

std::string format_environment_brief(const Environment& environment) {
  Lines lines;
  std::size_t not_affected = 0;
  for (auto& [name, value] : environment_lines(environment)) {
    if (name.starts_with("mitigation ") && value == "Not affected") {
      ++not_affected;  // a line each would bury the ones in effect
      continue;
    }
    lines.emplace_back(std::move(name), std::move(value));
  }
  std::string in_vm = "n/a";
  if (environment.virtualization && environment.virtualization->in_vm) {
    in_vm = *environment.virtualization->in_vm ? "true" : "false";
  }
  std::string load = "n/a";
  if (environment.loadavg_before && environment.loadavg_before->one_min) {
    load = environment_text(*environment.loadavg_before->one_min);
  }
  lines.insert(
      lines.begin() + std::min<std::ptrdiff_t>(7, static_cast<std::ptrdiff_t>(lines.size())),
      {{"virtual machine", in_vm}, {"load (1 min)", load}});
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
