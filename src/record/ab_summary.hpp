#pragma once
// The stored analysis of an `ab` as typed structs; its checked decoder is ab_summary_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/summary_interval.hpp"

namespace clonebench {

struct AbSummarySide {
  double median = 0, cv_pct = 0;
  std::uint64_t n = 0;
};
struct AbSummaryMetric {
  std::string name, sentence, verdict;
  AbSummarySide a, b;
  double estimate_pct = 0, p_holm = 1;
  SummaryInterval ci_pct;         // "ci_pct": exactly two entries, numbers or null
  std::optional<double> mde_pct;  // null when not computable
  std::uint64_t runs_needed = 0;
};
struct AbSummary {
  std::vector<AbSummaryMetric> metrics;
  std::vector<std::string> warnings;
  std::string summary;
  double threshold_pct = 1;
  // The ab design ("ab" object), as stored; absent in summaries stored without it.
  std::optional<std::string> spec, a_options, b_options;  // SPEC, --a, --b
  std::optional<std::string> setup_a, setup_b, restore;   // shell commands, text as stored
  std::optional<std::uint64_t> pairs, warmups_per_arm, seed;
  std::optional<std::string> seed_hex;  // the seed as `ab` printed it
};

}  // namespace clonebench
