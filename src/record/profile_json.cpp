#include "record/profile_json.hpp"

#include <fmt/core.h>

#include "core/error.hpp"
#include "kernel/fork_path.hpp"

namespace clonebench {
namespace {

nlohmann::json counts_to_json(const KernelProfile& profile, const std::vector<ProfileCount>& counts,
                              const char* key) {
  nlohmann::json list = nlohmann::json::array();
  for (const ProfileCount& count : counts) {
    list.push_back({{key, count.name},
                    {"samples", count.samples},
                    {"own_samples", count.own_samples},
                    {"share", profile.share(count.samples)},
                    {"own_share", profile.own_share(count.own_samples)}});
  }
  return list;
}

std::vector<ProfileCount> counts_from_json(const nlohmann::json& json, const char* list_key,
                                           const char* key, const std::string& source) {
  std::vector<ProfileCount> counts;
  const auto found = json.find(list_key);
  if (found == json.end()) {
    return counts;
  }
  if (!found->is_array()) {
    throw UsageError(fmt::format("{}: profile.{} is not an array", source, list_key));
  }
  for (const nlohmann::json& item : *found) {
    if (!item.is_object() || !item.contains(key) || !item[key].is_string() ||
        !item.contains("samples") || !item["samples"].is_number_unsigned()) {
      throw UsageError(
          fmt::format("{}: profile.{} has an item without {} and samples", source, list_key, key));
    }
    const auto own = item.find("own_samples");
    if (own != item.end() && !own->is_number_unsigned()) {
      throw UsageError(
          fmt::format("{}: profile.{} has an own_samples that is not a count", source, list_key));
    }
    counts.push_back({item[key].get<std::string>(), item["samples"].get<std::uint64_t>(),
                      own != item.end() ? own->get<std::uint64_t>() : 0});
  }
  return counts;
}

std::uint64_t count_field(const nlohmann::json& json, const char* key, const std::string& source) {
  const auto found = json.find(key);
  if (found == json.end()) {
    return 0;
  }
  if (!found->is_number_unsigned()) {
    throw UsageError(fmt::format("{}: profile.{} is not a count", source, key));
  }
  return found->get<std::uint64_t>();
}

}  // namespace

nlohmann::json profile_to_json(const KernelProfile& profile) {
  nlohmann::json paths = counts_to_json(profile, profile.paths, "name");
  for (nlohmann::json& path : paths) {
    for (const PathGroup& group : fork_path_groups()) {
      if (group.name == path["name"].get<std::string>()) {
        path["description"] = std::string(group.description);
      }
    }
  }
  return {{"event", profile.event},
          {"frequency_hz", profile.frequency_hz},
          {"window_s", profile.window_s},
          {"samples", profile.samples},
          {"kernel_samples", profile.kernel_samples},
          {"idle_samples", profile.idle_samples},
          {"own_samples", profile.own_samples},
          {"kernel_share", profile.share(profile.kernel_samples)},
          {"idle_share", profile.share(profile.idle_samples)},
          {"own_share", profile.share(profile.own_samples)},
          {"top_kernel_symbols", counts_to_json(profile, profile.top_kernel_symbols, "symbol")},
          {"paths", std::move(paths)}};
}

KernelProfile profile_from_json(const nlohmann::json& json, const std::string& source) {
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: \"profile\" is not an object", source));
  }
  KernelProfile profile;
  try {
    profile.event = json.value("event", "");
    profile.frequency_hz = json.value("frequency_hz", 0U);
    profile.window_s = json.value("window_s", 0.0);
  } catch (const nlohmann::json::exception&) {
    throw UsageError(
        fmt::format("{}: profile.event, frequency_hz or window_s has the wrong type", source));
  }
  profile.samples = count_field(json, "samples", source);
  profile.kernel_samples = count_field(json, "kernel_samples", source);
  profile.idle_samples = count_field(json, "idle_samples", source);
  profile.own_samples = count_field(json, "own_samples", source);
  profile.top_kernel_symbols = counts_from_json(json, "top_kernel_symbols", "symbol", source);
  profile.paths = counts_from_json(json, "paths", "name", source);
  return profile;
}

nlohmann::json labelled_profiles_to_json(const std::vector<LabelledProfile>& profiles) {
  nlohmann::json json = nlohmann::json::object();
  for (const auto& [label, profile] : profiles) {
    json[label] = profile_to_json(profile);
  }
  return json;
}

}  // namespace clonebench
