#pragma once
// The cost model as text: a coefficient table per phase with what the residual check found,
// and a prediction for one parent shape. Pure: structs in, text out.

#include <string>

#include "sweep/cost_model_fit.hpp"

namespace clonebench {

std::string render_cost_model(const CostModel& model);

// `shape_text` is what the user typed (printed back as given, after the caller checked it).
std::string render_prediction(const CostModel& model, const ShapeX& shape,
                              const std::string& shape_text);

}  // namespace clonebench
