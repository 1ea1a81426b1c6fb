#include "sweep/cost_model_fit.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <set>
#include <stdexcept>
#include <string>

namespace clonebench {
namespace {

constexpr double kHuberTuning = 1.345;              // 95 % efficiency at normal noise
constexpr double kMadToSigma = 0.6744897501960817;  // the normal's 75 % quantile
constexpr int kMaxIterations = 200;
// A point's median residual counts as a misfit beyond 3 standard errors and 5 % of the cost.
constexpr double kMisfitErrors = 3.0, kMisfitShare = 0.05;
constexpr double kSpreadGrowth = 3.0;  // ratio of the largest to the smallest point's spread

using Matrix = std::vector<std::vector<double>>;

// Solves the weighted least-squares problem for columns scaled to at most 1 (the regressors
// span 1 to 10^5), by Gaussian elimination with partial pivoting on the normal equations.
std::vector<double> weighted_least_squares(const Matrix& x, const std::vector<double>& y,
                                           const std::vector<double>& w) {
  const std::size_t p = x.empty() ? 0 : x[0].size();
  std::vector<double> scale(p, 0.0);
  for (const auto& row : x) {
    for (std::size_t j = 0; j < p; ++j) {
      scale[j] = std::max(scale[j], std::abs(row[j]));
    }
  }
  Matrix a(p, std::vector<double>(p + 1, 0.0));
  for (std::size_t i = 0; i < x.size(); ++i) {
    for (std::size_t j = 0; j < p; ++j) {
      const double xj = x[i][j] / scale[j];
      for (std::size_t k = 0; k < p; ++k) {
        a[j][k] += w[i] * xj * x[i][k] / scale[k];
      }
      a[j][p] += w[i] * xj * y[i];
    }
  }
  for (std::size_t col = 0; col < p; ++col) {
    std::size_t pivot = col;
    for (std::size_t row = col + 1; row < p; ++row) {
      if (std::abs(a[row][col]) > std::abs(a[pivot][col])) {
        pivot = row;
      }
    }
    if (std::abs(a[pivot][col]) < 1e-12) {
      throw std::invalid_argument("cost model: the design cannot separate its terms");
    }
    std::swap(a[col], a[pivot]);
    for (std::size_t row = 0; row < p; ++row) {
      if (row != col) {
        const double factor = a[row][col] / a[col][col];
        for (std::size_t k = col; k <= p; ++k) {
          a[row][k] -= factor * a[col][k];
        }
      }
    }
  }
  std::vector<double> beta(p);
  for (std::size_t j = 0; j < p; ++j) {
    beta[j] = a[j][p] / a[j][j] / scale[j];
  }
  return beta;
}

double model_median(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  const std::size_t middle = values.size() / 2;
  return values.size() % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2;
}

// Type-7 quantile (linear between order statistics), as numpy's default.
double model_quantile(std::vector<double> values, double q) {
  std::sort(values.begin(), values.end());
  const double position = q * static_cast<double>(values.size() - 1);
  const auto below = static_cast<std::size_t>(std::floor(position));
  const std::size_t above = std::min(below + 1, values.size() - 1);
  return values[below] + (position - static_cast<double>(below)) * (values[above] - values[below]);
}

std::vector<double> residuals_of(const Matrix& x, const std::vector<double>& y,
                                 const std::vector<double>& beta) {
  std::vector<double> residuals(y.size());
  for (std::size_t i = 0; i < y.size(); ++i) {
    double fitted = 0;
    for (std::size_t j = 0; j < beta.size(); ++j) {
      fitted += beta[j] * x[i][j];
    }
    residuals[i] = y[i] - fitted;
  }
  return residuals;
}

double mad_scale(const std::vector<double>& residuals) {
  std::vector<double> absolute(residuals.size());
  std::transform(residuals.begin(), residuals.end(), absolute.begin(),
                 [](double r) { return std::abs(r); });
  return model_median(absolute) / kMadToSigma;
}

// Huber IRLS from the least-squares start, the scale re-estimated at every step (the fixed
// point statsmodels' RLM(HuberT(), scale_est='mad') reaches).
std::vector<double> huber_irls(const Matrix& x, const std::vector<double>& y) {
  std::vector<double> weights(y.size(), 1.0);
  std::vector<double> beta = weighted_least_squares(x, y, weights);
  for (int iteration = 0; iteration < kMaxIterations; ++iteration) {
    const std::vector<double> residuals = residuals_of(x, y, beta);
    const double scale = mad_scale(residuals);
    if (scale <= 0) {
      break;  // more than half the runs on the plane: nothing to down-weight
    }
    for (std::size_t i = 0; i < y.size(); ++i) {
      const double u = std::abs(residuals[i]) / scale;
      weights[i] = u <= kHuberTuning ? 1.0 : kHuberTuning / u;
    }
    const std::vector<double> next = weighted_least_squares(x, y, weights);
    double change = 0;
    for (std::size_t j = 0; j < beta.size(); ++j) {
      change = std::max(change, std::abs(next[j] - beta[j]) / std::max(std::abs(beta[j]), 1e-9));
    }
    beta = next;
    if (change < 1e-12) {
      break;
    }
  }
  return beta;
}

Matrix design_of(const std::vector<CostObservation>& observations,
                 const std::vector<std::string>& terms) {
  Matrix x;
  x.reserve(observations.size());
  for (const CostObservation& observation : observations) {
    std::vector<double> row;
    for (const std::string& term : terms) {
      row.push_back(sweep_regressor(observation.x, term));
    }
    x.push_back(std::move(row));
  }
  return x;
}

std::vector<double> costs_of(const std::vector<CostObservation>& observations) {
  std::vector<double> y;
  for (const CostObservation& observation : observations) {
    y.push_back(observation.cost_ns);
  }
  return y;
}

}  // namespace

std::vector<std::string> model_terms(bool vmas_axis, bool folio_axis) {
  std::vector<std::string> terms = {"fixed_ns", "per_page_ns"};
  if (vmas_axis) {
    terms.push_back("per_vma_ns");
  }
  if (folio_axis) {
    terms.push_back("per_folio_ns");
  }
  return terms;
}

std::vector<double> huber_fit(const std::vector<CostObservation>& observations,
                              const std::vector<std::string>& terms) {
  return huber_irls(design_of(observations, terms), costs_of(observations));
}

namespace {

// Resamples runs within each design point, so that every point keeps its share of the design.
std::vector<std::vector<double>> bootstrap_draws(const std::vector<CostObservation>& observations,
                                                 const std::vector<std::string>& terms,
                                                 std::uint64_t seed, std::uint32_t count) {
  std::map<std::size_t, std::vector<std::size_t>> by_point;
  for (std::size_t i = 0; i < observations.size(); ++i) {
    by_point[observations[i].point].push_back(i);
  }
  std::mt19937_64 rng(seed);
  std::vector<std::vector<double>> draws;
  std::vector<CostObservation> resample;
  for (std::uint32_t b = 0; b < count; ++b) {
    resample.clear();
    for (const auto& [point, members] : by_point) {
      std::uniform_int_distribution<std::size_t> pick(0, members.size() - 1);
      for (std::size_t k = 0; k < members.size(); ++k) {
        resample.push_back(observations[members[pick(rng)]]);
      }
    }
    try {
      draws.push_back(huber_fit(resample, terms));
    } catch (const std::invalid_argument&) {
      // a resample that cannot separate the terms (a point drawn as one value) is left out
    }
  }
  return draws;
}

Matrix covariance_of(const std::vector<std::vector<double>>& draws, std::size_t p) {
  std::vector<double> mean(p, 0.0);
  for (const auto& draw : draws) {
    for (std::size_t j = 0; j < p; ++j) {
      mean[j] += draw[j] / static_cast<double>(draws.size());
    }
  }
  Matrix covariance(p, std::vector<double>(p, 0.0));
  for (const auto& draw : draws) {
    for (std::size_t j = 0; j < p; ++j) {
      for (std::size_t k = 0; k < p; ++k) {
        covariance[j][k] +=
            (draw[j] - mean[j]) * (draw[k] - mean[k]) / static_cast<double>(draws.size() - 1);
      }
    }
  }
  return covariance;
}

// The points whose median residual the plane misses by more than its noise explains.
void check_residuals(const std::vector<CostObservation>& observations,
                     const std::vector<double>& residuals, PhaseCostModel& model) {
  std::map<std::size_t, std::vector<std::size_t>> by_point;
  for (std::size_t i = 0; i < observations.size(); ++i) {
    by_point[observations[i].point].push_back(i);
  }
  double smallest_cost = INFINITY, largest_cost = -INFINITY, spread_small = 0, spread_large = 0;
  for (const auto& [point, members] : by_point) {
    std::vector<double> point_residuals, absolute;
    for (const std::size_t i : members) {
      point_residuals.push_back(residuals[i]);
      absolute.push_back(std::abs(residuals[i]));
    }
    const double predicted = observations[members[0]].cost_ns - residuals[members[0]];
    const double median_residual = model_median(point_residuals);
    // The standard error of a median of normal noise: sqrt(pi / 2) sigma / sqrt(n).
    const double error = 1.2533 * model.residual_scale_ns / std::sqrt(double(members.size()));
    if (std::abs(median_residual) > kMisfitErrors * error &&
        std::abs(median_residual) > kMisfitShare * std::abs(predicted)) {
      model.misfits.push_back(PointMisfit{point, predicted, median_residual, error});
    }
    if (members.size() >= 3 && predicted < smallest_cost) {
      smallest_cost = predicted;
      spread_small = model_median(absolute);
    }
    if (members.size() >= 3 && predicted > largest_cost) {
      largest_cost = predicted;
      spread_large = model_median(absolute);
    }
  }
  std::sort(model.misfits.begin(), model.misfits.end(), [](const auto& a, const auto& b) {
    return std::abs(a.median_residual_ns / a.standard_error_ns) >
           std::abs(b.median_residual_ns / b.standard_error_ns);
  });
  if (!model.misfits.empty()) {
    model.flags.push_back("nonlinear");
  }
  if (spread_large > kSpreadGrowth * std::max(spread_small, 1e-9 * largest_cost) &&
      spread_large > 0 && largest_cost > smallest_cost) {
    model.flags.push_back("spread_grows");
  }
}

void record_spans(const std::vector<CostObservation>& observations, PhaseCostModel& model) {
  for (std::size_t j = 1; j < model.coefficients.size(); ++j) {
    double low = INFINITY, high = -INFINITY;
    for (const CostObservation& observation : observations) {
      const double value = sweep_regressor(observation.x, model.coefficients[j].term);
      low = std::min(low, value);
      high = std::max(high, value);
    }
    model.x_min.push_back(low);
    model.x_max.push_back(high);
  }
}

}  // namespace

PhaseCostModel fit_phase_model(const std::string& phase,
                               const std::vector<CostObservation>& observations,
                               const std::vector<std::string>& terms, std::uint64_t seed,
                               std::uint32_t bootstrap) {
  std::map<std::size_t, std::size_t> runs_per_point;
  for (const CostObservation& observation : observations) {
    ++runs_per_point[observation.point];
  }
  std::size_t fewest_runs = observations.size();
  for (const auto& [point, runs] : runs_per_point) {
    fewest_runs = std::min(fewest_runs, runs);
  }
  fewest_runs = std::max<std::size_t>(fewest_runs, 2);
  if (observations.size() <= terms.size() || runs_per_point.size() < 2) {
    throw std::invalid_argument("cost model: needs more runs than terms and two design points");
  }
  const Matrix x = design_of(observations, terms);
  const std::vector<double> y = costs_of(observations);
  const std::vector<double> beta = huber_irls(x, y);
  const std::vector<double> residuals = residuals_of(x, y, beta);
  PhaseCostModel model;
  model.phase = phase;
  model.n = observations.size();
  model.points = runs_per_point.size();
  model.residual_scale_ns = mad_scale(residuals);
  // In-sample residuals are smaller than a new run's: widened by sqrt(n / (n - p)).
  const double widen = std::sqrt(double(model.n) / double(model.n - terms.size()));
  model.residual_lo_ns = model_quantile(residuals, 0.025) * widen;
  model.residual_hi_ns = model_quantile(residuals, 0.975) * widen;
  const std::vector<std::vector<double>> draws =
      bootstrap_draws(observations, terms, seed, bootstrap);
  if (draws.size() < 2) {
    throw std::invalid_argument("cost model: no bootstrap resample could be fitted");
  }
  model.bootstrap = static_cast<std::uint32_t>(draws.size());
  // Resampling m runs of a point with replacement has (m - 1) / m of the variance of m new
  // runs: with 3 to 5 rounds the plain percentile interval is too narrow, so each side is
  // widened by sqrt(m / (m - 1)) (m: the fewest runs of a point, at least 2).
  const double inflate = std::sqrt(double(fewest_runs) / double(fewest_runs - 1));
  for (std::size_t j = 0; j < terms.size(); ++j) {
    std::vector<double> values;
    for (const auto& draw : draws) {
      values.push_back(draw[j]);
    }
    const double lo = model_quantile(values, 0.025), hi = model_quantile(values, 0.975);
    model.coefficients.push_back(CostCoefficient{terms[j], beta[j],
                                                 beta[j] - inflate * std::max(beta[j] - lo, 0.0),
                                                 beta[j] + inflate * std::max(hi - beta[j], 0.0)});
  }
  model.covariance = covariance_of(draws, terms.size());
  for (auto& row : model.covariance) {
    for (double& value : row) {
      value *= inflate * inflate;
    }
  }
  check_residuals(observations, residuals, model);
  record_spans(observations, model);
  return model;
}

CostPrediction predict_cost(const PhaseCostModel& model, const ShapeX& shape) {
  const SweepModelPrediction mean = model.predict(shape);
  CostPrediction prediction;
  prediction.estimate_ns = mean.estimate_ns;
  prediction.mean_lo_ns = mean.lo_ns;
  prediction.mean_hi_ns = mean.hi_ns;
  const double mean_half = mean.half_width_ns;
  prediction.run_lo_ns =
      prediction.estimate_ns - std::hypot(mean_half, std::min(model.residual_lo_ns, 0.0));
  prediction.run_hi_ns =
      prediction.estimate_ns + std::hypot(mean_half, std::max(model.residual_hi_ns, 0.0));
  std::vector<double> row;
  for (const CostCoefficient& coefficient : model.coefficients) {
    row.push_back(sweep_regressor(shape, coefficient.term));
  }
  for (std::size_t j = 1; j < row.size() && j - 1 < model.x_min.size(); ++j) {
    const double margin = 1e-9 * std::max(1.0, model.x_max[j - 1]);
    if (row[j] < model.x_min[j - 1] - margin || row[j] > model.x_max[j - 1] + margin) {
      prediction.extrapolated = true;
    }
  }
  return prediction;
}

}  // namespace clonebench
