#pragma once
// When an `ab` experiment stops. Without --precision: after its --pairs. With --precision P: at
// the first look (after 30 pairs, then every 5) at which the paired interval of every selected
// metric is at most ±P, or when --max-time would be overrun by one more pair, or at the --pairs
// cap. The looks read only the intervals' widths (stats/precision_stop.hpp says why), and what
// each look saw is kept for the progress line and the stored design.

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "compare/sample_set.hpp"
#include "stats/precision_stop.hpp"

namespace clonebench {

enum class AbStopReason { kPairs, kPrecision, kMaxTime };

// "pairs" (the planned or capped number was run), "precision", "max-time".
const char* ab_stop_reason_name(AbStopReason reason) noexcept;

struct AbStopRule {
  std::size_t max_pairs = 20;  // --pairs: the plan, or the cap with --precision or --max-time
  std::optional<PrecisionTarget> precision;  // --precision
  std::optional<double> max_time_s;          // --max-time (warm-ups included)
  double alpha = 0.05;
  std::vector<std::string> metrics;  // --metric as given (empty: ab's default)
};

// The widest selected metric at the last look.
struct AbLook {
  std::size_t pairs = 0;
  std::string metric;
  double half_width = 0;  // relative: 0.01 is ±1 %; infinite when the pairs are too few
  double estimate_pct = 0, ci_low_pct = 0, ci_high_pct = 0;  // B relative to A
};

class AbStopping {
 public:
  explicit AbStopping(AbStopRule rule);

  // After each measured pair (a[i], b[i]), `elapsed_s` since the first run and the last pair's
  // duration: true when no further pair is to be run. At least two pairs are always run.
  bool after_pair(const std::vector<RunObservation>& a, const std::vector<RunObservation>& b,
                  double elapsed_s, double last_pair_s);

  AbStopReason reason() const noexcept { return reason_; }
  const std::optional<AbLook>& last_look() const noexcept { return last_look_; }
  const AbStopRule& rule() const noexcept { return rule_; }
  // Pairs the precision is expected to need, from the last look's width shrinking as 1/√n;
  // nullopt before the first look or when the width is not yet finite.
  std::optional<std::size_t> expected_pairs() const;

 private:
  AbLook look(const std::vector<RunObservation>& a, const std::vector<RunObservation>& b) const;

  AbStopRule rule_;
  AbStopReason reason_ = AbStopReason::kPairs;
  std::optional<AbLook> last_look_;
};

}  // namespace clonebench
