#pragma once
// The lines of `clonebench experiments` (a renderer here, in cli/, because a sweep's headline
// is chosen by sweep/'s rule, which render/ cannot see): each stored experiment's kind, tag, time,
// size and the answer it gave, as a table or as values for its JSON. Pure: same input, same bytes.
// Stored text (tags, kinds, sentences of a summary) may be another store's, through `pull`: the
// table shows it escaped (core/text_safety.hpp).

#include <cstdint>
#include <string>
#include <vector>

#include "store/store.hpp"

namespace clonebench {

struct ExperimentLine {
  std::string kind, tag, created_at, status;  // as stored (status settled by the store)
  std::uint64_t runs = 0;                     // stored runs of the experiment
  // "20 pairs", "5 rounds × 3 sizes", "8 boots", "1 run": what the experiment measured, in its
  // own unit; empty when it has no analysis (running, interrupted, unreadable).
  std::string size;
  // Its answer in one line: ab's verdict sentence, a sweep's cost per page, a scale's knee, a
  // trace's creations, kernels' verdict, hvo-key's attribution; for an unfinished experiment
  // its status, for an unreadable one why.
  std::string headline;
};

ExperimentLine experiment_line(const ListedExperiment& listed);

// One aligned row per line, newest first as given, with a header; stored text escaped.
std::string render_experiment_list(const std::vector<ExperimentLine>& lines);

}  // namespace clonebench
