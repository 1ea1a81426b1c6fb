#pragma once
// The checked decoder of the stored ab summary (record/ab_summary.hpp); `ab` writes the
// document with compare/ab_document.hpp.

#include <nlohmann/json.hpp>

#include "record/ab_summary.hpp"
#include "record/summary_field.hpp"

namespace clonebench {

// Throws SummaryError naming the first malformed field.
AbSummary ab_summary_from_json(const nlohmann::json& summary);
// The same, of a comparison stored inside another summary (`field` names it in errors).
AbSummary ab_summary_of(const SummaryField& field);

}  // namespace clonebench
