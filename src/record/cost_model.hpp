#pragma once
// A sweep's cost model as data (sweep/cost_model.hpp fits it and predicts with it): one model per
// phase, cost = fixed + per_page * pages + per_vma * vmas + per_folio * folios, with the 95 %
// intervals of its coefficients, their covariance and the span each regressor was measured over.
// It travels inside a sweep summary and inside a trace census (its "create" phase); its one
// JSON codec is cost_model_json.hpp.

#include <cstdint>
#include <string>
#include <vector>

namespace clonebench {

struct CostCoefficient {
  std::string term;  // "fixed_ns", "per_page_ns", "per_vma_ns", "per_folio_ns"
  double estimate = 0, lo = 0, hi = 0;
};

// A point whose runs sit away from the plane: its median residual, in units of the robust
// standard error of that median and relative to the prediction there.
struct PointMisfit {
  std::size_t point = 0;
  double predicted_ns = 0, median_residual_ns = 0, standard_error_ns = 0;
};

struct PhaseCostModel {
  std::string phase;  // create | reap | total
  std::vector<CostCoefficient> coefficients;
  std::vector<std::vector<double>> covariance;    // of the coefficients, from the bootstrap
  double residual_scale_ns = 0;                   // MAD of the residuals / 0.6745
  double residual_lo_ns = 0, residual_hi_ns = 0;  // 2.5 % and 97.5 % quantiles of the residuals
  std::size_t n = 0, points = 0;
  std::uint32_t bootstrap = 0;
  std::vector<std::string> flags;    // "nonlinear", "spread_grows"; empty = the plane fits
  std::vector<PointMisfit> misfits;  // the points behind "nonlinear", worst first
  std::vector<double> x_min, x_max;  // the span of each term's regressor (fixed excluded)
};

struct CostModel {
  std::string estimator;  // what fitted it, in words
  std::vector<PhaseCostModel> phases;
};

}  // namespace clonebench
