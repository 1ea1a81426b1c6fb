#pragma once
// The stored result of `ab --preset hvo-key` (experiment kind "hvo-key"), typed; its one JSON
// codec is hvo_key_summary_json.hpp.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "record/summary_interval.hpp"

namespace clonebench {

// One paired comparison at the large size: B (key on, or control) relative to A (key off).
struct HvoKeyEffect {
  std::string metric, verdict;  // verdict_name() words
  double estimate_pct = 0;
  SummaryInterval ci_pct;  // null ends: too few pairs
  double p = 1;
  std::uint64_t pairs = 0;
};

// A per-page cost in ns: the HL estimate of the per-round slopes and its signed-rank CI.
struct HvoKeySlope {
  std::string name;  // "off", "on", "control", "on - off", "control - off"
  double estimate_ns = 0;
  SummaryInterval ci_ns;
  std::uint64_t rounds = 0;
};

struct HvoKeyDiscards {
  std::string arm;          // "off" | "on" | "control"
  std::uint64_t runs = 0;   // runs whose state was wrong before or after them
  std::string last_reason;  // what the last one found
};

struct HvoKeySummary {
  std::string spec;  // SPEC as typed
  std::uint64_t small_rss_bytes = 0, large_rss_bytes = 0;
  std::uint64_t hugetlb_pages = 0, hugetlb_page_kb = 0;
  HvoKeyEffect key, control;
  // "attributed to the key" | "not attributed: the control also differs" | "inconclusive: ..."
  std::string attribution;
  std::vector<HvoKeySlope> per_page;  // off, on, control, on - off, control - off
  std::vector<HvoKeyDiscards> discarded;
  std::uint64_t rounds = 0;  // complete rounds analysed
  std::string stop_reason;
  double elapsed_s = 0;
  std::uint64_t seed = 0;
  std::vector<std::string> warnings;
};

}  // namespace clonebench
