#pragma once
// A parent shape to predict, as users type it: "64M,vmas=300,folio=64K" (size first; vmas
// defaults to 1, folio to 4K).

#include <string_view>

#include "sweep/cost_model_fit.hpp"

namespace clonebench {

// Pages of 4 KiB mapped by PTEs (none for 2M folios, which are PMD-mapped), VMAs, and folios
// (size / folio size). Throws UsageError naming `flag`.
ShapeX parse_shape(std::string_view text, std::string_view flag);

}  // namespace clonebench
