#pragma once
// One cost model per phase over every axis of a sweep:
//   cost = fixed + per_page * pages + per_vma * vmas + per_folio * folios
// (a term enters only when its axis takes at least two values; otherwise it is not separable
// from the others). Fitted by Huber M-estimation (iteratively reweighted least squares, scale by
// the median absolute residual, tuning 1.345), with 95 % intervals for every coefficient from a
// bootstrap that resamples runs within each design point, a prediction interval for one future
// run of any parent shape, and a residual check that names the point the plane misses
// (docs/sweep.md "The cost model" says why this estimator).

#include <cstdint>
#include <string>
#include <vector>

#include "record/cost_model.hpp"

namespace clonebench {

struct CostObservation {
  ShapeX x;
  double cost_ns = 0;
  std::size_t point = 0;  // design point, the stratum of the bootstrap
};

struct CostPrediction {
  double estimate_ns = 0;
  double mean_lo_ns = 0, mean_hi_ns = 0;  // 95 % confidence interval of the mean cost
  double run_lo_ns = 0, run_hi_ns = 0;    // 95 % prediction interval of one run
  bool extrapolated = false;              // outside the span the sweep measured
};

// The terms of a sweep's model: fixed and per page always, per VMA and per folio when the sweep
// varied that axis (a constant axis cannot be told apart from the fixed cost).
std::vector<std::string> model_terms(bool vmas_axis, bool folio_axis);

// The Huber fit alone (no intervals) for `terms`. Throws std::invalid_argument when the design
// cannot separate them.
std::vector<double> huber_fit(const std::vector<CostObservation>& observations,
                              const std::vector<std::string>& terms);

// Fit, bootstrap (`bootstrap` resamples, seeded) and residual check. Needs more observations
// than terms and at least two design points (std::invalid_argument otherwise).
PhaseCostModel fit_phase_model(const std::string& phase,
                               const std::vector<CostObservation>& observations,
                               const std::vector<std::string>& terms, std::uint64_t seed,
                               std::uint32_t bootstrap = 400);

// The mean's interval is the model's own (SweepPhaseModel::predict); this adds the interval of
// one run (from the residual quantiles) and whether `shape` lies outside the span measured.
CostPrediction predict_cost(const PhaseCostModel& model, const ShapeX& shape);

}  // namespace clonebench
