#pragma once
// The loop of `ab`'s pairs: warm-up pairs (discarded), then measured pairs, each in its drawn
// order (AB or BA), every run after its arm's setup command, until the stopping rule says
// enough. Before each run an observer is told where the loop is (the progress line).

#include <chrono>
#include <cstddef>
#include <functional>
#include <vector>

#include "ab/ab_plan.hpp"
#include "ab/ab_progress.hpp"
#include "ab/ab_stopping.hpp"
#include "compare/pair_order.hpp"
#include "compare/sample_set.hpp"
#include "experiment/experiment_session.hpp"
#include "record/run_record.hpp"

namespace clonebench {

// What the analysis needs of each measured run: its metrics and stored id, not its histograms,
// so that a long experiment holds little memory. Pair i is (a[i], b[i]).
struct PairRuns {
  std::vector<RunObservation> a, b;
  std::vector<RunRecord> profiled_a, profiled_b;  // with --profile only: whose profiles merge
};

// Where the loop of pairs is: for the progress line, the stopping rule and the stored design.
struct PairLoop {
  const AbPlan& plan;
  AbStopping stopping;
  std::function<void(const AbProgress&)> progress;  // before each run; empty: nothing shown
  std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now();
  std::size_t runs_done = 0;

  double elapsed_s() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
};

// Each arm's first observation carries the session's environment (the same for every run).
PairRuns run_pairs(PairLoop& loop, const std::vector<PairOrder>& orders,
                   ExperimentSession& session);

}  // namespace clonebench
