// libFuzzer harness: stored experiment summaries (sweep, scale, ab), as `report` and `pull` read
// them from a store that anyone may have written. The decoder may refuse a summary only with
// SummaryError naming a field; what it accepts holds finite numbers, two-ended intervals and
// known sweep phases only.
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <optional>

#include "fuzz_support.hpp"
#include "record/experiment_summary.hpp"

namespace {

using namespace clonebench;

void require_finite(double value) {
  fuzz::require(std::isfinite(value));
}

void require_finite(const std::optional<double>& value) {
  fuzz::require(!value || std::isfinite(*value));
}

void check_sweep(const SweepSummary& sweep) {
  for (const SweepFit& fit : sweep.fits) {
    fuzz::require(std::any_of(std::begin(kSweepPhases), std::end(kSweepPhases),
                              [&](const char* phase) { return fit.phase == phase; }));
    for (const SweepEstimate* estimate : {&fit.per_page_ns, &fit.fixed_us}) {
      require_finite(estimate->estimate);
      require_finite(estimate->lo);
      require_finite(estimate->hi);
    }
  }
  for (const StoredSweepPoint& point : sweep.points) {
    for (const StoredSweepRun& run : point.runs) {
      require_finite(run.pages);
      require_finite(run.cost_us("create"));
    }
  }
}

void check_ab(const AbSummary& ab) {
  for (const AbSummaryMetric& metric : ab.metrics) {
    require_finite(metric.ci_pct.lo);
    require_finite(metric.ci_pct.hi);
    require_finite(metric.estimate_pct);
  }
}

void check_scale(const ScaleSummary& scale) {
  for (const ScaleSummaryPoint& point : scale.points) {
    if (point.ops_per_s.ci) {
      require_finite(point.ops_per_s.ci->lo);
    }
    require_finite(point.efficiency.median);
  }
  if (scale.knee && scale.knee->status != ScaleKnee::Status::kNotReached) {
    fuzz::require(scale.knee->next_instances != 0);
  }
}

template <typename Decode>
void decode_soundly(Decode&& decode) {
  try {
    decode();
  } catch (const SummaryError& refused) {
    fuzz::require(is_valid_utf8(refused.what()));
    fuzz::require(std::string(refused.what()).find('\n') == std::string::npos);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text = fuzz::text_of(data, size);
  const nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  if (json.is_discarded()) {
    return 0;  // the store refuses text that is no JSON before any decoder sees it
  }
  decode_soundly([&] { check_sweep(sweep_summary_from_json(json)); });
  decode_soundly([&] { check_ab(ab_summary_from_json(json)); });
  decode_soundly([&] { check_scale(scale_summary_from_json(json)); });
  // What the store does with any row: its kind's decoder, through the one codec of every kind.
  for (const ExperimentKind kind : experiment_kinds()) {
    decode_soundly([&] { experiment_summary_from_json(kind, json); });
  }
  return 0;
}
