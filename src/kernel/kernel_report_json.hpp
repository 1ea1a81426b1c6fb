#pragma once
// The one codec of KernelReport: `clonebench kernel --json` (schema clonebench-kernel/1).

#include <nlohmann/json.hpp>

#include "kernel/kernel_path_render.hpp"

namespace clonebench {

nlohmann::json kernel_report_json(const KernelReport& report);

}  // namespace clonebench
