#pragma once
// The clonebench-compare/1 document of an `ab` experiment: compare's document plus the design
// (spec, per-arm options and setup commands, pairs, order of each pair, seed, warm-ups) under
// "ab", with why the pairs ended under "ab.stop". The stored run ids are in report.a_source /
// b_source ("run_ids").

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "compare/comparison.hpp"
#include "compare/pair_order.hpp"
#include "core/kernel_profile.hpp"

namespace clonebench {

// Why the measured pairs ended (`ab --precision`, `--max-time`), and the widest interval at the
// last look.
struct AbStop {
  std::string reason = "pairs";  // pairs | precision | max-time
  std::optional<double> precision_pct, max_time_s;
  std::optional<std::size_t> pairs_cap;  // --pairs as a cap, with --precision or --max-time
  std::string widest_metric;             // at the last look; empty: no look was taken
  double widest_half_width_pct = 0;
  double elapsed_s = 0;  // warm-ups included
};

struct AbDesign {
  std::string spec, a_options, b_options;  // as given: SPEC, --a, --b
  std::string setup_a, setup_b, restore;   // shell commands; empty = none
  std::size_t warmups = 0;                 // warm-up pairs (one run per arm each), discarded
  std::vector<PairOrder> orders;           // measured pairs only, in the order run
  std::uint64_t seed = 0;
  std::string experiment;  // stored experiment tag; empty = not stored
  AbStop stop;
};

// The design alone, the "ab" object of the document.
nlohmann::ordered_json ab_design_json(const AbDesign& design);

// compare_to_json(report) with "ab": ab_design_json(design) added.
// The compare document with the design under "ab" and, when runs were profiled, each arm's
// profile under "profiles"; its keys sorted, as `ab --json` and the stored summary have them.
nlohmann::json ab_compare_json(const ComparisonResult& report, const AbDesign& design,
                               const std::vector<LabelledProfile>& profiles = {});

}  // namespace clonebench
