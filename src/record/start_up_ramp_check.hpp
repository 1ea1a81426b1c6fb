#pragma once
// Whether a run's throughput series starts below its own steady state: stats/start_up_ramp.hpp's
// rule over the series' full-length intervals (a partial last interval is left out). Derived
// from the stored series, never stored beside it, so every run, older ones included, is judged by
// the same rule; the JSON record ("start_up_ramp") and the table's notes say what it found.

#include <cstddef>
#include <optional>

#include "record/run_record.hpp"

namespace clonebench {

struct RunStartUpRamp {
  bool found = false;
  std::size_t intervals = 0;  // the low leading segment (0 when none was found)
  double seconds = 0;         // its length
  double ratio = 1;           // its mean rate over the rest's
  double p = 1;               // Bonferroni-adjusted one-sided p-value
};

// nullopt when the series is too short to judge (fewer than start_up_ramp_min_intervals() full
// intervals).
std::optional<RunStartUpRamp> start_up_ramp_of(const ThroughputSeries& series);

// The full-length intervals the rule reads (a partial last one left out), and how many it needs.
std::size_t start_up_ramp_whole_intervals(const ThroughputSeries& series);
std::size_t start_up_ramp_min_intervals();

}  // namespace clonebench
