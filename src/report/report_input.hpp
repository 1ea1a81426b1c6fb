#pragma once
// What `clonebench report SELECTION...` reports on, taken from the run database: stored runs
// (by id or label) or one experiment (an `ab`, a `sweep` or a `scale`, by tag or by kind for the
// newest).

#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

struct ReportInput {
  std::vector<std::string> selection;    // as typed
  std::vector<StoredRun> runs;           // selected runs, or the experiment's, oldest first
  std::optional<Experiment> experiment;  // set for an ab, sweep or scale report
};

// Resolves each SELECTION word: run ids ("12" or "12,13"), a label, an experiment tag, or
// "ab"/"sweep"/"scale" for the newest complete experiment of that kind. Throws UsageError naming
// the word and the database when it is none of these, and when an experiment is mixed with runs.
ReportInput select_report_input(const Store& store, const std::vector<std::string>& selection);

}  // namespace clonebench
