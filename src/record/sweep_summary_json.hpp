#pragma once
// The one JSON codec of a sweep's analysis: the stored "sweep" object (docs/sweep.md) and its
// cost model ("model", which `trace --model` also reads from a file). The decoders are checked
// (summary_field.hpp): a stored summary is untrusted, and a malformed field throws SummaryError
// naming it. A field that older summaries lack reads as its default (sweep_summary.hpp).

#include <nlohmann/json.hpp>
#include <vector>

#include "core/kernel_profile.hpp"
#include "record/summary_field.hpp"
#include "record/sweep_summary.hpp"

namespace clonebench {

nlohmann::json sweep_summary_to_json(const SweepSummary& summary);
SweepSummary sweep_summary_from_json(const nlohmann::json& summary);

nlohmann::json sweep_model_to_json(const SweepModel& model);
// Errors name the field from the model's root ("phases[0].covariance").
SweepModel sweep_model_from_json(const nlohmann::json& model);

// What `sweep --json` writes: the schema, the environment as it was captured, the sweep and,
// when runs were profiled, their profiles by size.
nlohmann::json sweep_document_to_json(const nlohmann::json& environment,
                                      const SweepSummary& summary,
                                      const std::vector<LabelledProfile>& profiles);

}  // namespace clonebench
