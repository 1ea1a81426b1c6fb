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

// "attributed to the key" when the key's CI excludes 0 and the control's includes it; "not
// attributed: the control also differs" when both exclude it; otherwise "inconclusive: ...".
std::string hvo_key_attribution(const HvoKeyEffect& key, const HvoKeyEffect& control);

// Per round, (ns per operation at the large size − at the small) / (pages large − small), from
// ops_per_sec_real. Rounds whose runs lack the metric are skipped.
std::vector<double> per_page_slopes_ns(const std::vector<RunObservation>& small,
                                       const std::vector<RunObservation>& large, double small_pages,
                                       double large_pages);

// The HL estimate of `values` (one per round) with its signed-rank CI at 1 − alpha.
HvoKeySlope summarise_slopes(const std::string& name, const std::vector<double>& values,
                             double alpha);

// The first selected metric's paired effect of `b` relative to `a`.
HvoKeyEffect paired_effect(const std::vector<RunObservation>& a,
                           const std::vector<RunObservation>& b,
                           const std::vector<std::string>& metrics, const CompareOptions& options);

struct HvoKeySizes {
  std::uint64_t small_rss_bytes = 0, large_rss_bytes = 0;
};

// Fills the comparisons, the attribution and the per-page costs of `summary`.
void analyse_hvo_key_rounds(const HvoKeyRounds& rounds, const HvoKeySizes& sizes,
                            const std::vector<std::string>& metrics, const CompareOptions& options,
                            HvoKeySummary& summary);

}  // namespace clonebench
