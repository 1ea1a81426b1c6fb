#pragma once
// The analysis of `ab --preset hvo-key` (docs/ab.md, "The HVO static key experiment"): pure
// functions of the complete rounds. Each round ran every arm (off, on, control) at a small and a
// large --rss, in a shuffled order. The two comparisons pair the large runs of a round (paired
// Wilcoxon signed-rank and HL, compare/); the per-page costs are, per round, the slope between
// the two sizes of the time per operation, summarised by the HL estimate of those slopes with the
// signed-rank CI, so that "on − off" is the cost per PTE of the fake-head test with a CI at the
// level where the variance lives (the round).

#include <cstdint>
#include <string>
#include <vector>

#include "ab/hvo_key_switch.hpp"
#include "compare/comparison.hpp"
#include "compare/sample_set.hpp"
#include "record/hvo_key_summary.hpp"

namespace clonebench {

// The measured runs of the complete rounds: runs[arm][size][round], size 0 small, 1 large.
struct HvoKeyRounds {
  std::vector<RunObservation> runs[3][2];
  std::size_t size() const noexcept { return runs[0][0].size(); }
  const std::vector<RunObservation>& of(HvoArm arm, int size) const {
    return runs[static_cast<int>(arm)][size];
  }
};

// The metric whose per-operation time gives the per-page slope.
inline constexpr const char* kHvoKeySlopeMetric = "ops_per_sec_real";

// What the rounds allow to be said about the key, judged in this order:
// - "not attributable: ..." when the control differs from off (its comparison's CI, or that of
//   its per-page "control - off", excludes 0): the control's key is off, so a difference there
//   comes from what the on and control arms share besides the key, and no difference can be put
//   on the key; the sentence names the interval and gives that reason;
// - "inconclusive: the control ..." when the control has too few rounds for an interval;
// - "inconclusive: the key's own effect is not resolved ..." when the key's CI includes 0, with
//   the rounds that would resolve ±threshold (`rounds_needed`, compare's figure) when known;
// - "attributed to the key" otherwise.
// `summary` holds the comparisons and the per-page costs; `threshold_pct` is --threshold in %.
std::string hvo_key_attribution(const HvoKeySummary& summary, std::size_t rounds_needed,
                                double threshold_pct);

// The "name" entry of summary.per_page ("on - off", "control - off"), or nullptr.
const HvoKeySlope* find_per_page(const HvoKeySummary& summary, const std::string& name);

// True when both ends of `ci` are known and 0 lies outside it.
bool interval_excludes_zero(const SummaryInterval& ci);

// Per round, (ns per operation at the large size − at the small) / (pages large − small), from
// ops_per_sec_real. Rounds whose runs lack the metric are skipped.
std::vector<double> per_page_slopes_ns(const std::vector<RunObservation>& small,
                                       const std::vector<RunObservation>& large, double small_pages,
                                       double large_pages);

// The HL estimate of `values` (one per round) with its signed-rank CI at 1 − alpha.
HvoKeySlope summarise_slopes(const std::string& name, const std::vector<double>& values,
                             double alpha);

// The first selected metric's paired effect of `b` relative to `a`, and the pairs compare would
// ask for to resolve ±threshold (its runs_needed).
struct HvoKeyComparison {
  HvoKeyEffect effect;
  std::size_t pairs_needed = 0;
};
HvoKeyComparison paired_effect(const std::vector<RunObservation>& a,
                               const std::vector<RunObservation>& b,
                               const std::vector<std::string>& metrics,
                               const CompareOptions& options);

struct HvoKeySizes {
  std::uint64_t small_rss_bytes = 0, large_rss_bytes = 0;
};

// Fills the comparisons, the attribution and the per-page costs of `summary`.
void analyse_hvo_key_rounds(const HvoKeyRounds& rounds, const HvoKeySizes& sizes,
                            const std::vector<std::string>& metrics, const CompareOptions& options,
                            HvoKeySummary& summary);

}  // namespace clonebench
