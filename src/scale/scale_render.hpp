#pragma once
// The human report of a scale, rendered from its summary JSON alone, so that `show` can
// re-render a stored scale exactly as it was printed.

#include <nlohmann/json.hpp>
#include <string>

namespace clonebench {

// The sentence (with its newline) about where throughput stops growing, from the summary's
// "knee" object: reached at a count, not reached, or cannot be decided. `report` prints the same.
std::string scale_knee_text(const nlohmann::json& knee);

// A table per instance count (ops/s and efficiency with their intervals), the verdict of each
// step and the sentence about where throughput stops growing. Throws UsageError when `summary`
// is not a scale object.
std::string render_scale(const nlohmann::json& summary);

}  // namespace clonebench
