#pragma once
// The one JSON codec of TraceCensus: schema "clonebench-trace/1" (docs/schema.md). The document
// holds every measured event; summaries are computed from it (trace/trace_analysis.hpp), never
// stored. The fork prediction it carries is derived from the census's model and runs
// (trace/fork_prediction.hpp), for readers of the document; it is never read back.

#include <nlohmann/json.hpp>
#include <optional>

#include "record/trace_summary.hpp"

namespace clonebench {

nlohmann::json trace_census_to_json(const TraceCensus& census,
                                    const std::optional<ForkPrediction>& prediction);
// Throws SummaryError naming the first malformed field ("runs[0].creations[2].duration_ns").
TraceCensus trace_census_from_json(const nlohmann::json& document);

}  // namespace clonebench
