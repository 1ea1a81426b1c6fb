#pragma once
// The human report of a scale, rendered from its summary alone, so that `show` can re-render a
// stored scale exactly as it was printed.

#include <string>

#include "record/scale_summary.hpp"

namespace clonebench {

// The sentence (with its newline) about where throughput stops growing: reached at a count, not
// reached, or cannot be decided. `report` prints the same.
std::string scale_knee_text(const ScaleKnee& knee);

// A point's median by the number rule (core/number_text.hpp): the digits of its interval, three
// significant ones when the rounds are too few for one ("12300", "0.94").
std::string scale_estimate_number(const ScaleSummaryEstimate& estimate);

// Its interval in words with the same digits, "12000 to 12800", or "n/a (too few runs)".
std::string scale_interval_words(const ScaleSummaryEstimate& estimate);

// A table per instance count (ops/s and efficiency with their intervals), the verdict of each
// step and the sentence about where throughput stops growing. Throws UsageError when `summary`
// is the empty one of an unfinished scale.
std::string render_scale(const ScaleSummary& summary);

}  // namespace clonebench
