#pragma once
// What `clonebench ab` will run: the two arms (each exactly one stressor, both with the same
// clone-flag seed unless one is given), warm-ups, the pair-order seed, the analysis options and
// when the pairs stop, and the words the user typed for the report and the stored design. The
// plan is read from the arguments in cli/ab_plan_parse.hpp, which refuses bad values before
// anything runs.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ab/ab_stopping.hpp"
#include "compare/comparison.hpp"
#include "perf/perf_recording.hpp"
#include "record/job.hpp"

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
  // As typed: SPEC, --a, --b name the arms in the report; --restore runs after the last pair,
  // after an error and after an interrupt.
  std::string spec, a_options, b_options, restore;
};

// Throws UsageError for a --metric that no run of ab can have.
void check_metric_names(const std::vector<std::string>& requested);

}  // namespace clonebench
