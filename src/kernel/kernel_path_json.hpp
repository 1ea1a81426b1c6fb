#pragma once
// The one codec of KernelPathFacts: the "kernel_path" object of the environment
// (record/environment_json.hpp) and of `clonebench kernel --json`.

#include <nlohmann/json.hpp>

#include "kernel/kernel_path.hpp"

namespace clonebench {

nlohmann::json kernel_path_to_json(const KernelPathFacts& facts);
// Tolerant of an old or partial object: what is missing reads as unknown; anything but an
// object reads as unknown_kernel_path(). A member of the wrong type throws nlohmann's type_error.
KernelPathFacts kernel_path_from_json(const nlohmann::json& json);

}  // namespace clonebench
