#pragma once
// The sweep's cost model on a real workload: each fork-like creation of a census predicted from
// its parent's size (RSS in 4 KiB pages, VMAs), against what it measured, in total and by the
// census's parent-size buckets, and whether the model explains each bucket. Pure: a census and
// a model in, a typed prediction out (docs/trace.md "The sweep's model against the workload").
// Only successful fork-like creations are predicted: a fork model says nothing about vfork (no
// address space is copied) or threads.

#include <cstdint>
#include <string>
#include <vector>

#include "sweep/cost_model.hpp"
#include "trace/trace_census.hpp"

namespace clonebench {

// How the forks of a bucket sit against their own 95 % prediction intervals.
enum class ModelVerdict {
  kNoForks,       // nothing to compare
  kInconclusive,  // most forks' intervals reach down to zero: the model cannot tell them apart
                  // from nothing, so being inside them says nothing
  kExplained,     // at least 80 % of the forks inside their interval
  kSlower,        // fewer inside, and at least twice as many above as below
  kFaster,        // fewer inside, and at least twice as many below as above
  kScattered,     // fewer inside, outside on both sides
};
// "no forks", "inconclusive", "explained", "slower than the model", "faster than the model",
// "scattered beyond the model".
const char* model_verdict_text(ModelVerdict verdict) noexcept;

// The share of a bucket's forks that must fall inside their 95 % prediction interval for the
// model to explain it.
inline constexpr double kExplainedShare = 0.8;

// `uninformative`: forks whose prediction interval reaches down to zero or below (counted among
// below, inside and above too).
ModelVerdict model_verdict(std::size_t below, std::size_t inside, std::size_t above,
                           std::size_t uninformative = 0) noexcept;

struct ForkPredictionRow {
  std::string label;                      // the bucket's, or "all forks"
  std::uint64_t low_kb = 0, high_kb = 0;  // high_kb 0: no upper end
  std::size_t forks = 0;
  double measured_total_ns = 0, measured_p50_ns = 0;
  // The sum of the forks' predicted costs, and its 95 % interval from the model's coefficients
  // (the uncertainty of the mean cost; one fork's own scatter not included).
  double predicted_total_ns = 0, predicted_total_lo_ns = 0, predicted_total_hi_ns = 0;
  // One fork from the bucket's average parent: its predicted cost and 95 % prediction interval.
  double predicted_one_ns = 0, one_lo_ns = 0, one_hi_ns = 0;
  // Forks whose measured time is below, inside or above their own 95 % prediction interval.
  std::size_t below = 0, inside = 0, above = 0;
  std::size_t uninformative = 0;  // forks whose prediction interval reaches down to zero
  std::size_t extrapolated = 0;   // parents outside the span the sweep measured
  ModelVerdict verdict = ModelVerdict::kNoForks;
};

struct ForkPrediction {
  std::string source;       // of the model
  bool folio_term = false;  // the model has a per-folio term: folios assumed = pages (4 KiB)
  bool vma_term = false;
  std::size_t runs = 0;  // traced runs whose forks are pooled
  std::vector<ForkPredictionRow> buckets;
  ForkPredictionRow all;
  // Creations a fork model does not predict.
  std::size_t vfork_like = 0, threads = 0, other_clones = 0, failed = 0;
};

// The model's regressors for a parent: its RSS in 4 KiB pages, its VMAs, and as many folios as
// pages (the census does not know the folio sizes; base pages are assumed).
ShapeX fork_shape(const ParentSize& parent);

// Every traced run's successful fork-like creations, predicted with `model`.
ForkPrediction predict_forks(const TraceCensus& census, const ForkCostModel& model);

}  // namespace clonebench
