#pragma once
// Which sweep cost model `clonebench trace` predicts the workload's forks with: --model ID|FILE,
// else the newest stored sweep measured on this host and kernel, else none (said in one line).

#include <optional>
#include <string>

#include "trace/trace_census.hpp"

namespace clonebench {

struct ForkModelChoice {
  std::optional<ForkCostModel> model;
  std::string note;  // why there is none, when there is none
};

// `model_arg`: a JSON file (a sweep summary with its "model", or a cost model object) or the id
// of a stored sweep experiment; empty: look for the newest complete sweep of `host` and
// `kernel_release` in the database. A bad --model value is a UsageError naming the flag.
ForkModelChoice choose_fork_model(const std::string& model_arg, const std::string& db_path,
                                  const std::string& host, const std::string& kernel_release);

}  // namespace clonebench
