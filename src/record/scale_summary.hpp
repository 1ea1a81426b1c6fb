#pragma once
// The analysis of a `scale` as typed structs: what analyze_scale() returns, what the store keeps
// as the experiment's summary, and what `scale`, `show` and `report` render (docs/scale.md). Its
// one JSON codec is record/scale_summary_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace clonebench {

// What a scale was asked to do.
struct ScaleSettings {
  std::string stressor;
  std::string workload = "clean";
  std::vector<std::uint32_t> instances;  // ascending, the first is 1 (scale/instance_list.hpp)
  std::uint32_t rounds = 10;
  double timeout_s = 1.0;
  std::uint64_t seed = 0;
};

// A confidence interval both of whose ends are bounded.
struct ScaleInterval {
  double lo = 0, hi = 0;
};

// A median over rounds and its interval, absent when the rounds were too few to bound one
// (fewer than 6 at 95 %).
struct ScaleSummaryEstimate {
  double median = 0;
  std::optional<ScaleInterval> ci;
};

// One run of a point as the analysis used it.
struct ScaleSummaryRun {
  std::uint32_t round = 0;
  std::uint32_t order = 0;  // its position within its round
  double ops_per_s = 0;
  double efficiency = 0;  // (ops/s / instances) / ops/s of the round's 1-instance run
  std::uint64_t bogo_ops = 0;
  double real_time_s = 0;
};

struct ScaleSummaryPoint {
  std::uint32_t instances = 0;
  std::uint64_t n = 0;  // runs, one per round
  ScaleSummaryEstimate ops_per_s, efficiency;
  double ci_confidence = 0;  // the exact coverage of the order-statistic interval
  std::vector<ScaleSummaryRun> runs;
};

// One step from a count to the next: the next count's ops/s interval lies wholly above (grows),
// wholly below (falls), or the two intervals overlap (cannot be decided).
enum class ScaleStep { kGrows, kFalls, kOverlaps };

struct ScaleSummaryStep {
  std::uint32_t from = 0, to = 0;
  ScaleStep verdict = ScaleStep::kOverlaps;
};

struct ScaleKnee {
  enum class Status { kReached, kNotReached, kUndecided };
  Status status = Status::kNotReached;
  // kReached: the count where throughput stops growing; kUndecided: the last count up to which
  // it is known to grow; kNotReached: the largest count.
  std::uint32_t instances = 0;
  std::uint32_t next_instances = 0;  // the count after `instances`; 0 for kNotReached
};

// The whole analysis. The texts say, in the stored document, how it was computed; a summary
// decoded from a store keeps the texts it was stored with.
struct ScaleSummary {
  ScaleSettings settings;
  double elapsed_s = 0;
  std::string order = "a seeded permutation of the counts, rotated by one position each round";
  double confidence = 0.95;
  std::string ops_per_s_definition = "bogo ops of all instances / mean loop time of an instance";
  std::string efficiency_definition =
      "per round: (ops/s / instances) / ops/s of that round's 1-instance run";
  std::vector<ScaleSummaryPoint> points;
  std::vector<ScaleSummaryStep> steps;
  // Absent only in the empty summary that a running or interrupted scale stores.
  std::optional<ScaleKnee> knee;
  std::string knee_definition =
      "the smallest count whose next count's ops/s interval lies wholly below its own, every "
      "earlier step growing (the next interval wholly above); overlapping intervals cannot "
      "decide";
};

// The words the stored document and the reports use: "grows", "falls", "overlaps"; "reached",
// "not reached", "cannot be decided".
const char* scale_step_name(ScaleStep step);
const char* scale_knee_status_name(ScaleKnee::Status status);

}  // namespace clonebench
