#pragma once
// The sweep's model against a workload's forks (fork_prediction.hpp) as the lines of the trace
// table and of the report: pure, from the typed prediction to text.

#include <string>

#include "trace/fork_prediction.hpp"

namespace clonebench {

std::string render_fork_prediction(const ForkPrediction& prediction);

// One sentence per bucket with forks: where the model explains the workload and where not.
std::string fork_prediction_verdicts(const ForkPrediction& prediction);

// What the prediction left out or assumed (vfork and threads, folio sizes, extrapolation).
std::string fork_prediction_notes(const ForkPrediction& prediction);

}  // namespace clonebench
