#pragma once
// The clonebench-trace/1 document of a census, as `trace` stores it and writes it with --json:
// the census's codec (record/trace_summary_json.hpp) with, when the census has a fork cost model,
// the prediction of its forks (fork_prediction.hpp) for the document's readers.

#include <nlohmann/json.hpp>

#include "record/trace_summary.hpp"

namespace clonebench {

nlohmann::json trace_document(const TraceCensus& census);

}  // namespace clonebench
