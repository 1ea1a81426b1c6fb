#include "compare/per_op_change.hpp"

#include <cmath>

#include "core/number_text.hpp"
#include "record/instruction_metrics.hpp"

namespace clonebench {
namespace {

struct PerOp {
  std::string unit;  // empty: the metric's unit has no per-operation meaning
  double (*change)(double a, double ratio) = nullptr;
};

PerOp per_op_of(const MetricComparison& metric) {
  const std::string& unit = metric.info.unit;
  if (unit == "ops/s") {
    // The rate's reciprocal is the time of one operation: A's, then B's at the ratio.
    return {"µs/op", [](double a, double ratio) { return 1e6 / a / ratio - 1e6 / a; }};
  }
  if (unit == "µs") {
    return {"µs", [](double a, double ratio) { return a * (ratio - 1); }};
  }
  if (unit == kInstructionsUnit) {
    return {"instructions", [](double a, double ratio) { return a * (ratio - 1); }};
  }
  return {};
}

}  // namespace

std::optional<std::string> per_op_change(const MetricComparison& metric) {
  const PerOp per_op = per_op_of(metric);
  const double a = metric.a.median;
  const Effect& e = metric.effect;
  const auto at = [&](double pct) { return per_op.change(a, 1 + pct / 100); };  // B over A
  if (per_op.unit.empty() || !(a > 0) || !(1 + e.estimate_pct / 100 > 0)) {
    return std::nullopt;
  }
  const double change = at(e.estimate_pct);
  if (!std::isfinite(change)) {
    return std::nullopt;
  }
  // The digits of the change's own interval: the CI of Δ carried through the same formula (a
  // bound of -100 % has no per-operation time, and three significant digits stand instead).
  const double low = e.ci_low_pct > -100 ? at(e.ci_low_pct) : NAN;
  const double high = e.ci_high_pct > -100 ? at(e.ci_high_pct) : NAN;
  return number_in_interval(change, std::fmin(low, high), std::fmax(low, high),
                            NumberSign::kAlways) +
         " " + per_op.unit;
}

}  // namespace clonebench
