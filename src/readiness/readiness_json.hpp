#pragma once
// The one codec of `clonebench check --json` ("clonebench-check/1", docs/schema.md).

#include <nlohmann/json.hpp>

#include "readiness/readiness_render.hpp"

namespace clonebench {

nlohmann::json readiness_json(const ReadinessReport& report);

}  // namespace clonebench
