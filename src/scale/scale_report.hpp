#pragma once
// The human report of a scale, rendered from its summary JSON alone, so that `show` can
// re-render a stored scale exactly as it was printed.

#include <nlohmann/json.hpp>
#include <string>

namespace clonebench {

// A table per instance count (ops/s and efficiency with their intervals), the verdict of each
// step and the sentence about where throughput stops growing. Throws UsageError when `summary`
// is not a scale object.
std::string render_scale_report(const nlohmann::json& summary);

}  // namespace clonebench
