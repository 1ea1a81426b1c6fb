#include "record/run_options.hpp"

namespace clonebench {

Workload workload_of(const RunOptions& options) noexcept {
  return options.workload && std::holds_alternative<StressNgWorkloadOptions>(*options.workload)
             ? Workload::kStressNg
             : Workload::kClean;
}

const StressNgWorkloadOptions* stress_ng_options_of(const RunOptions& options) noexcept {
  return options.workload ? std::get_if<StressNgWorkloadOptions>(&*options.workload) : nullptr;
}

RunOptions comparable_options(RunOptions options) {
  options.seed.reset();
  options.command_line.reset();
  return options;
}

}  // namespace clonebench
