#pragma once
// `clonebench scale` once its options are read: the scale stored as one experiment, its report
// on stdout or its JSON document (environment, scale) in --json.

#include <string>

#include "experiment/experiment_session.hpp"
#include "record/job.hpp"
#include "scale/scale_analysis.hpp"

namespace clonebench {

struct ScalePlan {
  StressorJob job;  // the template of every run; its instance count is each point's
  ScaleSettings settings;
};

int run_scale_experiment(const ScalePlan& plan, const StorageOptions& storage,
                         const std::string& json_path, bool quiet);

}  // namespace clonebench
