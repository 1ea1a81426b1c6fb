#include "compare/per_op_change.hpp"

#include <cmath>

#include "core/number_text.hpp"
#include "record/instruction_metrics.hpp"

namespace clonebench {

std::optional<std::string> per_op_change(const MetricComparison& metric) {
  const double a = metric.a.median;
  const double ratio = 1 + metric.effect.estimate_pct / 100;  // B over A
  double change = NAN;
  std::string unit;
  if (metric.info.unit == "ops/s" && a > 0 && ratio > 0) {
    // The rate's reciprocal is the time of one operation: A's, then B's at the estimated ratio.
    const double a_us_per_op = 1e6 / a;
    change = a_us_per_op / ratio - a_us_per_op;
    unit = "µs/op";
  } else if (metric.info.unit == "µs") {
    change = a * (ratio - 1);
    unit = "µs";
  } else if (metric.info.unit == kInstructionsUnit) {
    change = a * (ratio - 1);
    unit = "instructions";
  }
  if (unit.empty() || !std::isfinite(change)) {
    return std::nullopt;
  }
  return significant_text(change, 2, NumberSign::kAlways) + " " + unit;
}

}  // namespace clonebench
