#include "record/experiment_summary.hpp"

#include "core/text_safety.hpp"
#include "record/hvo_key_summary_json.hpp"
#include "record/kernels_summary_json.hpp"
#include "record/trace_summary_json.hpp"

namespace clonebench {

void check_experiment_summary(const std::string& kind, const nlohmann::json& summary) {
  if (kind == "sweep") {
    sweep_summary_from_json(summary);
  } else if (kind == "scale") {
    scale_summary_from_json(summary);
  } else if (kind == "ab") {
    ab_summary_from_json(summary);
  } else if (kind == "kernels") {
    kernels_summary_from_json(summary);
  } else if (kind == "trace" && !summary.empty()) {
    trace_census_from_json(summary);  // a trace stopped before its command ended stores {}
  } else if (kind == "hvo-key") {
    if (!summary.empty()) {
      hvo_key_summary_from_json(summary);  // an interrupted experiment stores {}
    }
  } else if (kind != "trace") {
    throw SummaryError("kind", "'" + shortened(kind, kQuotedChars) + "' is no kind of experiment");
  }
}

}  // namespace clonebench
