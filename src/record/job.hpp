#pragma once
// What to measure: one stressor, its instances and limits, as the CLI (run, ab, sweep) builds it
// and the runner consumes it. The worker never sees this type: the runner turns it into the
// fixed-layout WorkerJob of worker_page.hpp for each instance.

#include <cstdint>
#include <string>
#include <vector>

#include "record/parent.hpp"
#include "record/workload.hpp"

namespace clonebench {

// The start and reap phases are timed on one op in this many by default: each timed child pays
// page faults for its stamps (docs/measurement.md, "Page faults per op").
inline constexpr std::uint32_t kDefaultPhaseEvery = 8;

struct StressorJob {
  std::string stressor;  // a name from the stressor registry
  std::uint32_t instances = 1;
  double timeout_s = 10.0;         // per run, each instance
  double warm_up_s = 0;            // the loop runs this long first, uncounted (clean workload)
  std::uint64_t max_ops = 0;       // per instance; 0 = no limit
  ParentShape parent;              // --rss (a stressor may declare a default ballast)
  std::uint32_t clone_max = 8192;  // live children per instance, for stressors that keep many
  std::vector<int> pin_cpus;       // instance i runs on pin_cpus[i % size]; empty = not pinned
  std::uint32_t phase_every = kDefaultPhaseEvery;  // start and reap timed on one op in N
  std::uint64_t seed = 0;                          // clean: instance i uses seed + i
  bool seed_given = false;  // --seed: under stress-ng every instance uses it unchanged
  Workload workload = Workload::kClean;
  StressNgOptions stress_ng;  // --fork-max etc. (used by the stress-ng workload only)
};

// The warm-up the worker runs: none under the stress-ng workload, which reproduces stress-ng's
// accounting from set-up to teardown (docs/measurement.md, "Start-up").
inline double effective_warm_up_s(const StressorJob& job) noexcept {
  return job.workload == Workload::kClean ? job.warm_up_s : 0.0;
}

}  // namespace clonebench
