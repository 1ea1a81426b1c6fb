#pragma once
// A side of a comparison taken from the run database: a label (all runs with it) or run ids
// ("12", "12,13,15", "3-7", "1-3,9").

#include <string>
#include <string_view>
#include <vector>

#include "compare/sample_set.hpp"
#include "record/run_record.hpp"
#include "store/store.hpp"

namespace clonebench {

// Run ids as every command that takes them reads them: "12", "12,13,15", a range "3-7" (both
// ends included), or a mix, "1-3,9". True when `text` has that form (digits, single commas and
// single dashes between digits); no label can have it (require_selectable_label).
bool is_run_id_list(std::string_view text);

// The ids of such a list, in the order given (a range ascending). Throws UsageError naming the
// item: not an id, a range whose end is below its start, or a range of more than 100,000 ids.
std::vector<std::int64_t> parse_run_ids(std::string_view text);

// A run id as typed: throws UsageError saying whether it is out of range or not a number.
std::int64_t parse_run_id(std::string_view text);

// The comparable metrics of one run (rates, times, RSS, latency summaries).
RunObservation observation_of(const RunRecord& record, const nlohmann::json& environment);

// Throws UsageError naming the label or id and the database when nothing is found.
SampleSet read_stored_runs(const Store& store, const std::string& spec);

}  // namespace clonebench
