#pragma once
// What `clonebench ab` will run, read from its arguments: the two arms (SPEC with --a or --b,
// each exactly one stressor, both with the same clone-flag seed unless one is given), warm-ups,
// the pair-order seed, the analysis options and when the pairs stop. Bad values are refused
// here, before anything runs.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cli/ab_arguments.hpp"
#include "cli/ab_stopping.hpp"
#include "compare/comparison.hpp"
#include "record/job.hpp"
#include "sys/perf_recording.hpp"

namespace clonebench {

struct Arm {
  std::string name;  // "a" | "b"
  StressorJob job;
  std::string setup, setup_flag;
};

struct AbPlan {
  Arm arms[2];
  std::size_t warmups = 0;
  AbStopRule stop;  // the measured pairs: a number, or a precision within a time
  std::uint64_t seed = 0;
  CompareOptions options;
  std::optional<PerfSetup> profiler;  // --profile
};

AbPlan plan_ab(const AbArguments& args);

// Throws UsageError for a --metric that no run of ab can have.
void check_metric_names(const std::vector<std::string>& requested);

}  // namespace clonebench
