#pragma once
// The one JSON codec of TraceCensus: schema "clonebench-trace/1" (docs/schema.md). The document
// holds every measured event; summaries are computed from it (trace_analysis.hpp), never stored.

#include <nlohmann/json.hpp>

#include "trace/trace_census.hpp"

namespace clonebench {

nlohmann::json trace_census_to_json(const TraceCensus& census);
// Throws UsageError naming `source` when the document is not a clonebench-trace/1 census.
TraceCensus trace_census_from_json(const nlohmann::json& document, const std::string& source);

}  // namespace clonebench
