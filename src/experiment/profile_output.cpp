#include "experiment/profile_output.hpp"

#include <fmt/core.h>

#include "kernel/profile_merge.hpp"
#include "record/environment_json.hpp"
#include "render/profile_table.hpp"

namespace clonebench {

std::string compound_head_of(const Environment& environment) {
  return environment.kernel_path ? environment.kernel_path->compound_head : "unknown";
}

std::vector<LabelledProfile> merged_profiles(const std::vector<LabelledRuns>& groups) {
  std::vector<LabelledProfile> profiles;
  for (const auto& [label, runs] : groups) {
    std::vector<const KernelProfile*> parts;
    for (const RunRecord* record : runs) {
      if (record->profile) {
        parts.push_back(&*record->profile);
      }
    }
    if (!parts.empty()) {
      profiles.emplace_back(label, merge_profiles(parts));
    }
  }
  return profiles;
}

std::string render_profile_section(const std::string& heading,
                                   const std::vector<LabelledProfile>& profiles,
                                   const std::string& compound_head) {
  if (profiles.empty()) {
    return "";
  }
  std::string out = fmt::format("\n{}:\n{}", heading, render_profile_rows(profiles));
  for (const auto& [label, profile] : profiles) {
    out += "\n" + render_profile(label, profile, compound_head);
  }
  return out;
}

}  // namespace clonebench
