#pragma once
// The cost model as text: a coefficient table per phase with what the residual check found,
// and a prediction for one parent shape. Pure: structs in, text out.

#include <string>

#include "sweep/cost_model_fit.hpp"

namespace clonebench {

std::string render_cost_model(const CostModel& model);

// One line per phase, per page and fixed cost with what the residual check found: the model as
// the cross-check of a sweep whose figures come from the line fit (sweep_headline.hpp).
std::string render_cost_model_cross_check(const CostModel& model);

// `shape_text` is what the user typed (printed back as given, after the caller checked it).
std::string render_prediction(const CostModel& model, const ShapeX& shape,
                              const std::string& shape_text);

}  // namespace clonebench
