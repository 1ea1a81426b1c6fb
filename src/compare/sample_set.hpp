#pragma once
// One side of a comparison as read from a file or the store: runs, each with named metric
// values, grouped by what was measured (stressor or command).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "record/environment.hpp"
#include "record/run_options.hpp"

namespace clonebench {

struct RunObservation {
  std::string group;                       // stressor ("fork"); empty when the source has none
  std::map<std::string, double> metrics;   // metric name (record/metric_table.hpp) → value
  std::int64_t run_id = 0;                 // stored runs only
  std::optional<RunOptions> options;       // the run's settings, when known
  std::optional<Environment> environment;  // the machine it ran on, when known
  std::optional<bool> profiled;            // sampled with --profile; nullopt: the source cannot say
  // The boot it ran in (environment.boot_id, or one unknown boot per label and host, see
  // run_boot() in compare/boot_analysis.hpp); empty when the source records no environment.
  std::string boot;
};

struct SampleSet {
  std::string source;  // the argument as given: a path, a label, run ids
  std::string format;  // clonebench-json | stress-ng-yaml | stress-ng-log | hyperfine-json |
                       // numbers | store
  std::vector<RunObservation> runs;
};

}  // namespace clonebench
