#pragma once
// The `model` JSON document (docs/schema.md, "model"): the one codec of a ModelResult and its
// context, written by `clonebench model --json`.

#include <nlohmann/json.hpp>

#include "model/model_render.hpp"

namespace clonebench::model {

nlohmann::json model_json(const ModelResult& result, const ModelContext& context);

}  // namespace clonebench::model
