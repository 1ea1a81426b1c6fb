#pragma once
// The human report of a sweep, rendered from its summary JSON alone, so that `show` can
// re-render a stored sweep exactly as it was printed.

#include <nlohmann/json.hpp>
#include <string>

namespace clonebench {

// A table per point, a table of the fits and a plain-text plot of total cost versus size.
// Throws UsageError when `summary` is not a sweep object.
std::string render_sweep(const nlohmann::json& summary);

}  // namespace clonebench
