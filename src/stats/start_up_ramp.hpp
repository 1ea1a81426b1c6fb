#pragma once
// Whether a run's throughput series starts below its own steady state: a start-up ramp. The
// rule (docs/measurement.md, "Start-up") tests each leading segment of j intervals,
// j = 1 … J, against the intervals after it with a one-sided t statistic that uses
// the later intervals' spread as the noise, Bonferroni over the J segments so the family's false
// alarm rate on a steady series stays at most alpha. A significant segment counts only when its
// mean and its first interval are each at least `min_deficit` below the rest's mean: a tiny,
// harmless start cost is not called a ramp, and neither is a dip a little after the start (a
// ramp is lowest where it begins). Pure; tests/unit/stats/start_up_ramp_test.cpp checks it
// against constructed series.

#include <cstddef>
#include <span>

namespace clonebench {

struct RampRule {
  double alpha = 0.01;        // family-wise false alarm rate on a steady series
  double min_deficit = 0.05;  // the segment must be at least 5 % below the rest
  std::size_t min_intervals = 6;
  std::size_t max_leading = 10;  // at most this many leading intervals are tried (1 s at 100 ms)
};

struct StartUpRamp {
  bool found = false;
  std::size_t leading = 0;  // intervals in the most significant low leading segment
  double ratio = 1;         // the segment's mean over the rest's mean
  double p = 1;             // that segment's one-sided p-value, Bonferroni-adjusted
};

// `rates` are equally long intervals in time order (the caller drops a partial last one). Fewer
// than rule.min_intervals give {found = false}.
StartUpRamp find_start_up_ramp(std::span<const double> rates, const RampRule& rule = {});

}  // namespace clonebench
