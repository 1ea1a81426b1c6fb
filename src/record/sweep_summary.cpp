#include "record/sweep_summary.hpp"

#include <algorithm>
#include <cmath>

#include "stats/normal_distribution.hpp"

namespace clonebench {

std::optional<double> StoredSweepRun::cost_us(const std::string& phase) const {
  return phase == "create" ? create_us : phase == "reap" ? reap_us : total_us;
}

double sweep_regressor(const SweepShape& shape, const std::string& term) {
  if (term == "per_page_ns") {
    return shape.pages;
  }
  if (term == "per_vma_ns") {
    return shape.vmas;
  }
  if (term == "per_folio_ns") {
    return shape.folios;
  }
  return 1.0;  // fixed_ns
}

const SweepModelTerm* SweepPhaseModel::term(const std::string& name) const {
  const auto found = std::find_if(coefficients.begin(), coefficients.end(),
                                  [&](const SweepModelTerm& t) { return t.term == name; });
  return found == coefficients.end() ? nullptr : &*found;
}

SweepModelPrediction SweepPhaseModel::predict(const SweepShape& shape) const {
  std::vector<double> row;
  SweepModelPrediction prediction;
  for (const SweepModelTerm& t : coefficients) {
    row.push_back(sweep_regressor(shape, t.term));
    prediction.estimate_ns += t.estimate * row.back();
  }
  double variance = 0;
  for (std::size_t j = 0; j < row.size() && j < covariance.size(); ++j) {
    for (std::size_t k = 0; k < row.size() && k < covariance[j].size(); ++k) {
      variance += row[j] * covariance[j][k] * row[k];
    }
  }
  // A two-sided 95 % normal interval: the model's own (docs/sweep.md, "The cost model").
  prediction.half_width_ns = kNormalQuantile975 * std::sqrt(std::max(variance, 0.0));
  prediction.lo_ns = prediction.estimate_ns - prediction.half_width_ns;
  prediction.hi_ns = prediction.estimate_ns + prediction.half_width_ns;
  return prediction;
}

}  // namespace clonebench
