#pragma once
// stress-ng's misc metric of a clonebench run under --workload stress-ng ("microsecs per clone"),
// as a comparison reads it: named as stress-ng's own log and YAML are read
// ("microsecs_per_clone"), valued as its --metrics table prints it (the geometric mean over
// instances), so that a stored run and stress-ng's own output compare under one name.

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "core/stress_ng_accounting.hpp"

namespace clonebench {

// "microsecs per clone" → "microsecs_per_clone": spaces and '-' as '_', anything unprintable
// replaced (core/text_safety.hpp).
std::string misc_metric_name(std::string_view description);

// Adds the run's misc metric to `metrics` when it has one with a value above zero.
void add_misc_metric(const std::optional<StressNgAccounting>& accounting,
                     std::map<std::string, double>& metrics);

}  // namespace clonebench
