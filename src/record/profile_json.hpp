#pragma once
// The "profile" object of a run (clonebench/1): counts, plus shares for readers; read back from
// the counts alone.

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "core/kernel_profile.hpp"

namespace clonebench {

nlohmann::json profile_to_json(const KernelProfile& profile);
// Throws UsageError naming `source` on a malformed object.
KernelProfile profile_from_json(const nlohmann::json& json, const std::string& source);

// The "profiles" object of an ab or sweep document: {label: profile} for every group.
nlohmann::json labelled_profiles_to_json(const std::vector<LabelledProfile>& profiles);

}  // namespace clonebench
