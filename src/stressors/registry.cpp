#include <array>
#include <string>

#include "core/error.hpp"
#include "stressors/stressor.hpp"

namespace clonebench {

extern const StressorDef kForkStressor, kVforkStressor, kCloneStressor, kClone3Stressor,
    kThreadStressor, kSpawnStressor, kExecStressor;

std::span<const StressorDef* const> all_stressors() {
  // The standard suite runs them in this order; registry_test checks names are unique.
  static constexpr std::array kAll = {&kForkStressor,   &kVforkStressor,  &kCloneStressor,
                                      &kClone3Stressor, &kThreadStressor, &kSpawnStressor,
                                      &kExecStressor};
  return kAll;
}

const StressorDef* find_stressor(std::string_view name) {
  for (const StressorDef* def : all_stressors()) {
    if (def->info.name == name) {
      return def;
    }
  }
  return nullptr;
}

const StressorDef& require_stressor(std::string_view name, std::string_view flag) {
  if (const StressorDef* def = find_stressor(name); def != nullptr) {
    return *def;
  }
  std::string known;
  for (const StressorDef* def : all_stressors()) {
    known += known.empty() ? "" : ", ";
    known += def->info.name;
  }
  throw UsageError(std::string(flag) + ": unknown stressor '" + std::string(name) +
                   "' (known: " + known + ")");
}

std::string stress_ng_stressor_names() {
  std::string names;
  for (const StressorDef* def : all_stressors()) {
    if (def->make_stress_ng != nullptr) {
      names += names.empty() ? "" : ", ";
      names += def->info.name;
    }
  }
  return names;
}

}  // namespace clonebench
