#pragma once
// The one codec of a comparison: the clonebench-compare/1 document (docs/schema.md).

#include <nlohmann/json.hpp>
#include <string>

#include "compare/comparison.hpp"
#include "compare/renderers.hpp"

namespace clonebench {

nlohmann::ordered_json compare_to_json(const ComparisonResult& report);
std::string render_compare_json(const ComparisonResult& report);

}  // namespace clonebench
