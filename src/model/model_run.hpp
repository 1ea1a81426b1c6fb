#pragma once
// Running the model: build the simulated vmemmap and page tables once, then run every selected
// variant's copy and zap walk once per round, the variants in a fresh random order each round
// (interleaved, never all of one then the next), and summarize per-round ns per entry.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "model/page_table.hpp"
#include "model/variant.hpp"

namespace clonebench::model {

inline constexpr double kConfidenceLevel = 0.95;

// A median with its distribution-free interval: the order statistics stats/median_interval.hpp
// chooses on Binomial(n, 1/2), whatever the distribution (timing samples are skewed: a round can
// be arbitrarily slow, never faster than its floor).
struct MedianInterval {
  double estimate = 0;  // sample median
  double low = 0;
  double high = 0;
  double coverage = 0;  // coverage of [low, high]: >= the requested level when n allows
};

// With too few samples for any interval to reach `level` (fewer than 6 at 95 %), min..max and
// what it covers, 1 - 2 / 2^n. Throws std::invalid_argument for an empty sample.
MedianInterval median_interval(std::span<const double> samples, double level);

struct ModelOptions {
  std::uint64_t memory_bytes = std::uint64_t{4} << 30;    // simulated physical memory
  std::uint64_t region_bytes = std::uint64_t{128} << 20;  // the parent's populated anon region
  Layout layout = Layout::kRandom;
  unsigned large_folio_pct = 0;
  unsigned rounds = 15;
  std::vector<const Variant*> variants;  // empty: all; baselines are added when missing
  std::uint64_t hugetlb_folios = 8;      // HVO'd 2 MiB HugeTLB folios: they turn the key on
  std::uint64_t seed = 1;
};

struct VariantResult {
  const Variant* variant = nullptr;
  std::vector<double> copy_ns_per_pte;  // one per round
  std::vector<double> zap_ns_per_pte;
  MedianInterval copy;
  MedianInterval zap;
};

// numerator / denominator, paired by round (both ran in the same round, close in time), so
// slow drifts of the machine cancel; summarized like the times themselves.
struct Comparison {
  const Variant* numerator = nullptr;
  const Variant* denominator = nullptr;
  MedianInterval copy;
  MedianInterval zap;
  MedianInterval total;  // copy + zap: one fork and one exit
};

struct ModelResult {
  ModelOptions options;
  std::uint64_t nr_ptes = 0;
  std::uint64_t small_pages = 0;
  std::uint64_t large_folios = 0;
  std::uint64_t large_batches_per_walk = 0;
  double coverage = 0;  // coverage of every interval (same n everywhere)
  double elapsed_s = 0;
  std::vector<VariantResult> variants;  // in all_variants() order
};

// Called before each round with the round about to run (1-based), the rounds planned, the
// seconds since run_model began and the seconds of those spent before the first round
// (building the simulated memory, the warm-up walk): progress for a terminal, kept out of the
// model so that it prints nothing itself.
using RoundObserver =
    std::function<void(unsigned round, unsigned rounds, double elapsed_s, double setup_s)>;

// Throws RuntimeError when the simulated memory cannot be built or a walk leaves the state
// inconsistent (a bug in a variant: the check is cheap, so it is always on).
ModelResult run_model(const ModelOptions& options, const RoundObserver& before_round = {});

Comparison compare_variants(const VariantResult& numerator, const VariantResult& denominator);

// The result of `variant`, or nullptr when it was not run.
const VariantResult* find_result(const ModelResult& result, const Variant& variant);

// The selection plus the baseline of each selected variant, in all_variants() order; a variant
// that is not in all_variants() comes last.
std::vector<const Variant*> with_baselines(const std::vector<const Variant*>& selected);

}  // namespace clonebench::model
