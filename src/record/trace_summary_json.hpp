#pragma once
// The one JSON codec of TraceCensus: schema "clonebench-trace/1" (docs/schema.md). The document
// holds every measured event; summaries are computed from it (trace/trace_analysis.hpp), never
// stored. The fork prediction it carries was computed once from the census's model and runs
// when the census was taken (trace/fork_prediction.hpp) and is read back with it, so that every
// reader shows the prediction that was stored.

#include <nlohmann/json.hpp>

#include "record/trace_summary.hpp"

namespace clonebench {

nlohmann::json trace_census_to_json(const TraceCensus& census);
// Throws SummaryError naming the first malformed field ("runs[0].creations[2].duration_ns").
TraceCensus trace_census_from_json(const nlohmann::json& document);

}  // namespace clonebench
