#pragma once
// The one JSON codec of a scale's analysis (record/scale_summary.hpp): the "scale" object that
// `scale --json` prints and the store keeps as the experiment's summary (docs/scale.md).

#include <nlohmann/json.hpp>

#include "record/scale_summary.hpp"

namespace clonebench {

// The "scale" object. A summary without its knee is the empty one of an unfinished scale: {}.
nlohmann::json scale_summary_to_json(const ScaleSummary& summary);

// The document `scale --json` writes: {"schema": "clonebench/1", "environment": …, "scale": …}.
nlohmann::json scale_document_to_json(const nlohmann::json& environment,
                                      const ScaleSummary& summary);

// Checked (record/summary_field.hpp): {} decodes as the empty summary of an unfinished scale;
// any other object must hold every field, well formed. Throws SummaryError naming the first
// malformed field.
ScaleSummary scale_summary_from_json(const nlohmann::json& summary);

}  // namespace clonebench
