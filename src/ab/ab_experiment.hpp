#pragma once
// `clonebench ab` once its plan is read: both arms in one session, in randomized pairs (AB or BA
// by a seeded coin flip) after interleaved warm-ups, analysed as pairs (Wilcoxon signed-rank, HL
// of the pair differences, compare/) and stored as one experiment. Setup commands run before
// each run of their arm; --restore runs at the end, after an error and after an interrupt.

#include <string>
#include <vector>

#include "ab/ab_plan.hpp"
#include "experiment/experiment_session.hpp"

namespace clonebench {

// Where the verdict goes and what decides the exit code.
struct AbOutputs {
  std::string json_path;             // --json ("-": stdout, instead of the report)
  std::string format = "table";      // --format of the report on stdout
  std::vector<std::string> fail_on;  // --fail-on
  bool quiet = false;                // --quiet: no progress line on a terminal
};

// Runs the experiment and returns the gate's exit code (compare/gate.hpp). Throws Interrupted
// after restoring when a signal stops it, RuntimeError when --restore fails.
int run_ab_experiment(const AbPlan& plan, const StorageOptions& storage, const AbOutputs& outputs);

}  // namespace clonebench
