#pragma once
// The stored analysis of a `scale` as typed structs, and its checked decoder (summary_field.hpp).

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "record/summary_field.hpp"

namespace clonebench {

struct ScaleSummaryEstimate {
  double median = 0;
  SummaryInterval ci;  // both ends null when the rounds were too few
};
struct ScaleSummaryPoint {
  std::uint32_t instances = 0;
  std::uint64_t n = 0;
  ScaleSummaryEstimate ops_per_s, efficiency;
};
struct ScaleSummaryStep {
  std::uint32_t from = 0, to = 0;
  std::string verdict;  // "grows" | "falls" | "overlaps"
};
struct ScaleSummaryKnee {
  std::string status;  // "reached" | "not reached" | "cannot be decided"
  std::uint32_t instances = 0;
  std::optional<std::uint32_t> next_instances;  // set unless "not reached"
};
struct ScaleSummary {
  std::optional<double> confidence;
  std::vector<ScaleSummaryPoint> points;
  std::vector<ScaleSummaryStep> steps;
  std::optional<ScaleSummaryKnee> knee;
};

// Throws SummaryError naming the first malformed field.
ScaleSummary scale_summary_from_json(const nlohmann::json& summary);

}  // namespace clonebench
