#include "record/cost_model_json.hpp"

#include <fmt/core.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

nlohmann::json phase_to_json(const PhaseCostModel& phase) {
  nlohmann::json coefficients = nlohmann::json::array();
  for (const CostCoefficient& coefficient : phase.coefficients) {
    coefficients.push_back({{"term", coefficient.term},
                            {"estimate", coefficient.estimate},
                            {"ci", {coefficient.lo, coefficient.hi}}});
  }
  nlohmann::json misfits = nlohmann::json::array();
  for (const PointMisfit& misfit : phase.misfits) {
    misfits.push_back({{"point", misfit.point},
                       {"predicted_ns", misfit.predicted_ns},
                       {"median_residual_ns", misfit.median_residual_ns},
                       {"standard_error_ns", misfit.standard_error_ns}});
  }
  return {{"phase", phase.phase},
          {"coefficients", coefficients},
          {"covariance", phase.covariance},
          {"residual_scale_ns", phase.residual_scale_ns},
          {"residual_quantiles_ns", {phase.residual_lo_ns, phase.residual_hi_ns}},
          {"n", phase.n},
          {"points", phase.points},
          {"bootstrap", phase.bootstrap},
          {"flags", phase.flags},
          {"misfits", misfits},
          {"x_min", phase.x_min},
          {"x_max", phase.x_max}};
}

PhaseCostModel phase_from_json(const nlohmann::json& json) {
  PhaseCostModel phase;
  phase.phase = json.at("phase").get<std::string>();
  for (const auto& coefficient : json.at("coefficients")) {
    phase.coefficients.push_back(CostCoefficient{
        coefficient.at("term").get<std::string>(), coefficient.at("estimate").get<double>(),
        coefficient.at("ci").at(0).get<double>(), coefficient.at("ci").at(1).get<double>()});
  }
  phase.covariance = json.at("covariance").get<std::vector<std::vector<double>>>();
  phase.residual_scale_ns = json.at("residual_scale_ns").get<double>();
  phase.residual_lo_ns = json.at("residual_quantiles_ns").at(0).get<double>();
  phase.residual_hi_ns = json.at("residual_quantiles_ns").at(1).get<double>();
  phase.n = json.at("n").get<std::size_t>();
  phase.points = json.at("points").get<std::size_t>();
  phase.bootstrap = json.at("bootstrap").get<std::uint32_t>();
  phase.flags = json.at("flags").get<std::vector<std::string>>();
  for (const auto& misfit : json.at("misfits")) {
    phase.misfits.push_back(PointMisfit{misfit.at("point").get<std::size_t>(),
                                        misfit.at("predicted_ns").get<double>(),
                                        misfit.at("median_residual_ns").get<double>(),
                                        misfit.at("standard_error_ns").get<double>()});
  }
  phase.x_min = json.at("x_min").get<std::vector<double>>();
  phase.x_max = json.at("x_max").get<std::vector<double>>();
  const std::size_t terms = phase.coefficients.size();
  if (terms == 0 || phase.covariance.size() != terms || phase.x_min.size() + 1 != terms ||
      phase.x_max.size() + 1 != terms) {
    throw std::invalid_argument("the sizes of coefficients, covariance and spans disagree");
  }
  for (const auto& row : phase.covariance) {
    if (row.size() != terms) {
      throw std::invalid_argument("the covariance is not square");
    }
  }
  return phase;
}

}  // namespace

nlohmann::json cost_model_to_json(const CostModel& model) {
  nlohmann::json phases = nlohmann::json::array();
  for (const PhaseCostModel& phase : model.phases) {
    phases.push_back(phase_to_json(phase));
  }
  return {{"estimator", model.estimator}, {"phases", phases}};
}

CostModel cost_model_from_json(const nlohmann::json& json, const std::string& source) {
  try {
    CostModel model;
    model.estimator = json.at("estimator").get<std::string>();
    for (const auto& phase : json.at("phases")) {
      model.phases.push_back(phase_from_json(phase));
    }
    return model;
  } catch (const std::exception& error) {
    throw UsageError(fmt::format("{}: not a sweep cost model: {}", source, error.what()));
  }
}

}  // namespace clonebench
