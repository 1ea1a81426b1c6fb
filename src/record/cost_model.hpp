#pragma once
// A sweep's cost model under the names its fit and its readers use (sweep/cost_model_fit.hpp fits
// it and predicts with it; a trace census carries its "create" phase). The types are the stored
// ones of record/sweep_summary.hpp: what the fit produces is what a sweep stores and what
// `trace --model` reads back. Its one JSON codec is sweep_summary_json.hpp's
// (cost_model_json.hpp names the source in errors).

#include "record/sweep_summary.hpp"

namespace clonebench {

using ShapeX = SweepShape;  // the regressors of one run (or of a shape to predict)
using CostCoefficient = SweepModelTerm;
using PointMisfit = SweepPointMisfit;
using PhaseCostModel = SweepPhaseModel;
using CostModel = SweepModel;

}  // namespace clonebench
