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

#include "sweep/cost_model_fit.hpp"
#include "trace/trace_census.hpp"

namespace clonebench {

// The share of a bucket's forks that must fall inside their 95 % prediction interval for the
// model to explain it.
inline constexpr double kExplainedShare = 0.8;

// `uninformative`: forks whose prediction interval reaches down to zero or below (counted among
// below, inside and above too).
ModelVerdict model_verdict(std::size_t below, std::size_t inside, std::size_t above,
                           std::size_t uninformative = 0) noexcept;

// The model's regressors for a parent: its RSS in 4 KiB pages, its VMAs, and as many folios as
// pages (the census does not know the folio sizes; base pages are assumed).
ShapeX fork_shape(const ParentSize& parent);

// Every traced run's successful fork-like creations, predicted with `model`.
ForkPrediction predict_forks(const TraceCensus& census, const ForkCostModel& model);

// Sets the census's fork_prediction from its fork_model (none without one): done once, when the
// census is taken, before it is stored or written; every reader takes the stored prediction.
void predict_census_forks(TraceCensus& census);

}  // namespace clonebench
