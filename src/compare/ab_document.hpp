#pragma once
// The clonebench-compare/1 document of an `ab` experiment: compare's document plus the design
// (spec, per-arm options and setup commands, pairs, order of each pair, seed, warm-ups) under
// "ab". The stored run ids are in report.a_source / b_source ("run_ids").

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "compare/pair_order.hpp"

namespace clonebench {

struct AbDesign {
  std::string spec, a_options, b_options;  // as given: SPEC, --a, --b
  std::string setup_a, setup_b, restore;   // shell commands; empty = none
  std::size_t warmups = 0;                 // warm-up pairs (one run per arm each), discarded
  std::vector<PairOrder> orders;           // measured pairs only, in the order run
  std::uint64_t seed = 0;
  std::string experiment;  // stored experiment tag; empty = not stored
};

// The design alone, the "ab" object of the document.
nlohmann::ordered_json ab_design_json(const AbDesign& design);

// compare_to_json(report) with "ab": ab_design_json(design) added.
nlohmann::ordered_json ab_compare_json(const ComparisonReport& report, const AbDesign& design);

}  // namespace clonebench
