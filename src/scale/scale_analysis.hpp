#pragma once
// From the runs of a scale to its summary: per instance count, the median ops/s and the median
// per-instance efficiency over rounds, each with a distribution-free confidence interval, and the
// instance count where throughput stops growing (docs/scale.md). Pure, so it is tested on
// hand-computed vectors.

#include <cstdint>
#include <vector>

#include "record/scale_summary.hpp"

namespace clonebench {

// What the analysis keeps of one run.
struct ScaleSample {
  std::size_t point = 0;  // index into ScaleSettings::instances
  std::uint32_t round = 0;
  std::uint32_t position = 0;  // within its round
  std::uint64_t bogo_ops = 0;
  double real_time_s = 0;  // mean over the instances of their loop time
};

// A median over rounds and its interval; lo and hi are ±inf when the rounds are too few for the
// confidence (fewer than 6 at 95 %).
struct ScaleEstimate {
  double median = 0, lo = 0, hi = 0;
  bool finite() const;
};

// Median and interval (stats/median_interval.hpp, binomial order statistics) at `confidence`.
ScaleEstimate scale_estimate(std::vector<double> values, double confidence);

// The verdict of one step from a count to the next (record/scale_summary.hpp).
ScaleStep scale_step(const ScaleEstimate& from, const ScaleEstimate& to);

// The first step that does not grow decides: falls → reached at its first count; overlaps →
// undecided; every step grows → not reached. `ops_per_s[i]` belongs to `instances[i]`.
ScaleKnee find_scale_knee(const std::vector<std::uint32_t>& instances,
                          const std::vector<ScaleEstimate>& ops_per_s);

// Settings, points, steps and knee (docs/scale.md). Throws RuntimeError when a run made no
// operation, or a round lacks its 1-instance run (no efficiency without it).
ScaleSummary analyze_scale(const ScaleSettings& settings, const std::vector<ScaleSample>& samples,
                           double elapsed_s);

}  // namespace clonebench
