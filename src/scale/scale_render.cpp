#include "scale/scale_render.hpp"

#include <fmt/core.h>

#include <string>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

constexpr const char* kScaleTooFewRuns = "n/a (too few runs)";

// "12300 [12000, 12800]" by the number rule (core/number_text.hpp), or the median with three
// significant digits and "n/a (too few runs)" when the interval is unbounded.
std::string scale_interval_text(const ScaleSummaryEstimate& estimate) {
  if (!estimate.ci) {
    return significant_text(estimate.median) + " " + kScaleTooFewRuns;
  }
  return estimate_text(estimate.median, estimate.ci->lo, estimate.ci->hi);
}

std::string scale_points_table(const ScaleSummary& summary) {
  const int percent = static_cast<int>(summary.confidence * 100 + 0.5);
  std::string out = fmt::format("{:>9}  {:<36} {:<28} {:>6}\n", "instances",
                                fmt::format("ops/s [{} % CI]", percent),
                                fmt::format("efficiency [{} % CI]", percent), "rounds");
  for (const ScaleSummaryPoint& point : summary.points) {
    out += fmt::format("{:>9}  {:<36} {:<28} {:>6}\n", point.instances,
                       scale_interval_text(point.ops_per_s), scale_interval_text(point.efficiency),
                       point.n);
  }
  return out +
         "efficiency: the median over rounds of each round's (ops/s / instances) / that round's "
         "1-instance ops/s (paired by round, as its CI); it need not equal the ratio of the ops/s "
         "medians\n";
}

std::string scale_step_meaning(const ScaleSummaryStep& step) {
  switch (step.verdict) {
    case ScaleStep::kGrows:
      return fmt::format("{}'s interval lies wholly above {}'s", step.to, step.from);
    case ScaleStep::kFalls:
      return fmt::format("{}'s interval lies wholly below {}'s", step.to, step.from);
    case ScaleStep::kOverlaps:
      break;
  }
  return "the intervals overlap, so the data cannot tell";
}

std::string scale_steps_text(const ScaleSummary& summary) {
  std::string out;
  for (const ScaleSummaryStep& step : summary.steps) {
    out += fmt::format(
        "{} → {} instances: {} ({})\n", step.from, step.to,
        step.verdict == ScaleStep::kOverlaps ? "undecided" : scale_step_name(step.verdict),
        scale_step_meaning(step));
  }
  return out;
}

}  // namespace

std::string scale_knee_text(const ScaleKnee& knee) {
  const char* noun = knee.instances == 1 ? "instance" : "instances";
  switch (knee.status) {
    case ScaleKnee::Status::kReached:
      return fmt::format(
          "throughput stops growing at {} {}: the ops/s interval at {} lies below it\n",
          knee.instances, noun, knee.next_instances);
    case ScaleKnee::Status::kNotReached:
      return fmt::format(
          "throughput stops growing: not reached (it grows at every step, up to {} {})\n",
          knee.instances, noun);
    case ScaleKnee::Status::kUndecided:
      break;
  }
  const std::string grown =
      knee.instances == 1 ? "" : fmt::format("it grows up to {} instances; ", knee.instances);
  return fmt::format(
      "throughput stops growing: cannot be decided ({}the intervals at {} and {} overlap)\n", grown,
      knee.instances, knee.next_instances);
}

std::string scale_estimate_number(const ScaleSummaryEstimate& estimate) {
  return estimate.ci ? number_in_interval(estimate.median, estimate.ci->lo, estimate.ci->hi)
                     : significant_text(estimate.median);
}

std::string scale_interval_words(const ScaleSummaryEstimate& estimate) {
  if (!estimate.ci) {
    return kScaleTooFewRuns;
  }
  const double low = estimate.ci->lo, high = estimate.ci->hi;
  return number_in_interval(low, low, high) + " to " + number_in_interval(high, low, high);
}

std::string render_scale(const ScaleSummary& summary) {
  if (!summary.knee) {
    throw UsageError("scale summary: not a scale object (no points/knee)");
  }
  const ScaleSettings& settings = summary.settings;
  return fmt::format("scale {} --workload {}: {} rounds, {:g} s per run, seed {}, {:.1f} s\n\n",
                     printable(settings.stressor), printable(settings.workload), settings.rounds,
                     settings.timeout_s, settings.seed, summary.elapsed_s) +
         scale_points_table(summary) + "\n" + scale_steps_text(summary) +
         scale_knee_text(*summary.knee);
}

}  // namespace clonebench
