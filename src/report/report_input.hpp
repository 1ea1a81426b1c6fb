#pragma once
// What `clonebench report SELECTION...` reports on, taken from the run database: stored runs
// (by id or label) or one experiment of any kind (core/experiment_kind.hpp), by tag or by its
// kind's word for the newest complete one, its summary decoded once by the store.

#include <optional>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

struct ReportInput {
  std::vector<std::string> selection;  // as typed
  std::vector<StoredRun> runs;         // selected runs, or the experiment's, oldest first
  // Set for an experiment's report, always with its summary (an empty one for an ab, sweep,
  // scale or kernels experiment stopped before its analysis).
  std::optional<Experiment> experiment;
  // --assume-no-boot-effect: a comparison of one boot per side keeps its run-level verdict
  // (compare/boot_analysis.hpp), and every format says so.
  bool assume_no_boot_effect = false;
};

// Resolves each SELECTION word: run ids ("12" or "12,13"), a label, an experiment tag, or a
// kind's word ("ab", "hvo-key", ...) for the newest complete experiment of that kind. Throws
// UsageError naming the word and the database when it is none of these, when an experiment is
// mixed with runs, for a census or HVO key experiment that holds no analysis, and when the runs
// mix timed runs with runs a guest counted in instructions (a report shows one quantity).
ReportInput select_report_input(const Store& store, const std::vector<std::string>& selection);

}  // namespace clonebench
