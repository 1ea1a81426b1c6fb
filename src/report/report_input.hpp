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
  // --assume-no-boot-effect: a comparison of one boot per side keeps its run-level verdict
  // (compare/boot_analysis.hpp), and every format says so.
  bool assume_no_boot_effect = false;
};

// Resolves each SELECTION word: run ids ("12" or "12,13"), a label, an experiment tag, or
// "ab"/"sweep"/"scale" for the newest complete experiment of that kind. Throws UsageError naming
// the word and the database when it is none of these, and when an experiment is mixed with runs.
ReportInput select_report_input(const Store& store, const std::vector<std::string>& selection);

}  // namespace clonebench
