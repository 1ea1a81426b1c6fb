#include "record/experiment_summary.hpp"

#include "core/text_safety.hpp"
#include "record/hvo_key_summary_json.hpp"
#include "record/kernels_summary_json.hpp"
#include "record/trace_summary_json.hpp"

namespace clonebench {

std::optional<ExperimentSummary> experiment_summary_from_json(ExperimentKind kind,
                                                              const nlohmann::json& summary) {
  if (summary.is_null() || (summary.is_object() && summary.empty())) {
    return std::nullopt;
  }
  switch (kind) {
    case ExperimentKind::kAb:
      return ab_summary_from_json(summary);
    case ExperimentKind::kSweep:
      return sweep_summary_from_json(summary);
    case ExperimentKind::kScale:
      return scale_summary_from_json(summary);
    case ExperimentKind::kTrace:
      return trace_census_from_json(summary);
    case ExperimentKind::kKernels:
      return kernels_summary_from_json(summary);
    case ExperimentKind::kHvoKey:
      return hvo_key_summary_from_json(summary);
  }
  return std::nullopt;  // not reached: every kind has its case
}

}  // namespace clonebench
