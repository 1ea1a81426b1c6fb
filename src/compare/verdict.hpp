#pragma once
// The verdict of one comparison, decided in one place from the confidence interval of the
// change, the threshold the user cares about (--threshold, default 1 %) and the metric's
// direction. See docs/statistics.md for what each verdict promises.

#include <string>
#include <string_view>

#include "record/metric_table.hpp"

namespace clonebench {

enum class Verdict {
  kFaster,        // B better, the whole 95 % CI beyond the threshold
  kSlower,        // B worse, the whole 95 % CI beyond the threshold
  kFasterSmall,   // B better (CI excludes 0), but a change below the threshold is plausible
  kSlowerSmall,   // B worse (CI excludes 0), but a change below the threshold is plausible
  kEquivalent,    // no difference shown and the 90 % CI lies inside ±threshold (TOST)
  kInconclusive,  // no difference shown, and a change beyond the threshold is not ruled out
};

std::string_view verdict_name(Verdict verdict);

// The verdict in the words of `info`'s metric: verdict_name() for times and rates; for a count
// of guest instructions (record/instruction_metrics.hpp), which is no time and no speed, "fewer",
// "more", "fewer-small", "more-small" (B executes fewer or more instructions than A).
std::string_view verdict_word(Verdict verdict, const MetricInfo& info);

// The verdict of a metric whose direction nobody knows, decided as if higher were better:
// "higher", "lower", "higher-small", "lower-small", "equivalent", "inconclusive".
std::string_view change_word(Verdict verdict);

// True when `info` is a count of executed instructions.
bool counts_instructions(const MetricInfo& info);

// Percent changes of B relative to A, in the metric's own terms (+ means B's value is higher).
struct VerdictInput {
  double ci_low_pct = 0, ci_high_pct = 0;      // 95 % (1 − alpha) CI
  double ci90_low_pct = 0, ci90_high_pct = 0;  // 90 % (1 − 2·alpha) CI, for equivalence
  bool significant = false;                    // (Holm-adjusted) p < alpha and the CI excludes 0
  bool enough_samples = true;  // the rank test can reach alpha with these sample sizes
  double threshold_pct = 1;
  Direction direction = Direction::kLowerIsBetter;
};

Verdict decide_verdict(const VerdictInput& input);

// True for verdicts that say "B is worse": slower and slower-small.
bool is_regression(Verdict verdict);

}  // namespace clonebench
