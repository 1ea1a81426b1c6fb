#pragma once
// A side of a comparison taken from the run database: a label (all runs with it) or run ids
// ("12", "12,13,15").

#include <string>
#include <string_view>

#include "compare/sample_set.hpp"
#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

// "12" or "12,13,15".
bool is_run_id_list(std::string_view text);

// A run id as typed: throws UsageError saying whether it is out of range or not a number.
std::int64_t parse_run_id(std::string_view text);

// The comparable metrics of one run (rates, times, RSS, latency summaries), with its options
// and, when given, the environment it was measured in.
RunObservation observation_of(const RunRecord& record,
                              const std::optional<Environment>& environment);

// Throws UsageError naming the label or id and the database when nothing is found.
SampleSet read_stored_runs(const Store& store, const std::string& spec);

}  // namespace clonebench
