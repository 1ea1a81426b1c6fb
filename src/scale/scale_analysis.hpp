#pragma once
// From the runs of a scale to its summary: per instance count, the median ops/s and the median
// per-instance efficiency over rounds, each with a distribution-free confidence interval, and the
// instance count where throughput stops growing (docs/scale.md). Pure, so it is tested on
// hand-computed vectors.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace clonebench {

struct ScaleSettings {
  std::string stressor;
  std::string workload = "clean";
  std::vector<std::uint32_t> instances;  // ascending, the first is 1 (instance_list.hpp)
  std::uint32_t rounds = 10;
  double timeout_s = 1.0;
  std::uint64_t seed = 0;
};

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

// One step from a count to the next: the next count's ops/s interval lies wholly above (grows),
// wholly below (falls), or the two intervals overlap (cannot be decided).
enum class ScaleStep { kGrows, kFalls, kOverlaps };
ScaleStep scale_step(const ScaleEstimate& from, const ScaleEstimate& to);

struct ScaleKnee {
  enum class Status { kReached, kNotReached, kUndecided };
  Status status = Status::kNotReached;
  // kReached: the count where throughput stops growing; kUndecided: the last count up to which
  // it is known to grow; kNotReached: the largest count.
  std::uint32_t instances = 0;
  std::uint32_t next_instances = 0;  // the count after `instances`; 0 for kNotReached
};

// The first step that does not grow decides: falls → reached at its first count; overlaps →
// undecided; every step grows → not reached. `ops_per_s[i]` belongs to `instances[i]`.
ScaleKnee find_scale_knee(const std::vector<std::uint32_t>& instances,
                          const std::vector<ScaleEstimate>& ops_per_s);

const char* scale_knee_status_name(ScaleKnee::Status status);
const char* scale_step_name(ScaleStep step);

// The "scale" object: settings, points[], steps[] and knee (docs/scale.md). Throws RuntimeError
// when a run made no operation, or a round lacks its 1-instance run (no efficiency without it).
nlohmann::json analyze_scale(const ScaleSettings& settings, const std::vector<ScaleSample>& samples,
                             double elapsed_s);

}  // namespace clonebench
