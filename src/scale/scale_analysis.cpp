#include "scale/scale_analysis.hpp"

#include <fmt/core.h>

#include <cmath>
#include <map>

#include "core/error.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"

namespace clonebench {
namespace {

constexpr double kScaleConfidence = 0.95;

double scale_ops_per_s(const ScaleSample& sample) {
  return sample.real_time_s > 0 ? static_cast<double>(sample.bogo_ops) / sample.real_time_s : 0;
}

ScaleSummaryEstimate scale_summary_estimate(const ScaleEstimate& estimate) {
  ScaleSummaryEstimate summary{estimate.median, std::nullopt};
  if (estimate.finite()) {
    summary.ci = ScaleInterval{estimate.lo, estimate.hi};
  }
  return summary;
}

// ops/s of every round's 1-instance run, the denominator of that round's efficiencies.
std::map<std::uint32_t, double> scale_single_instance_rates(
    const ScaleSettings& settings, const std::vector<ScaleSample>& samples) {
  std::map<std::uint32_t, double> rates;
  for (const ScaleSample& sample : samples) {
    if (sample.bogo_ops == 0 || sample.real_time_s <= 0) {
      throw RuntimeError(fmt::format(
          "scale: the run with {} instance(s) (round {}) made no operation; nothing to analyse",
          settings.instances.at(sample.point), sample.round + 1));
    }
    if (sample.point == 0) {
      rates[sample.round] = scale_ops_per_s(sample);
    }
  }
  return rates;
}

ScaleSummaryPoint scale_point(const ScaleSettings& settings, std::size_t point,
                              const std::vector<ScaleSample>& samples,
                              const std::map<std::uint32_t, double>& single_rates,
                              ScaleEstimate& ops_estimate) {
  const double instances = settings.instances.at(point);
  std::vector<double> rates, efficiencies;
  std::vector<ScaleSummaryRun> runs;
  for (const ScaleSample& sample : samples) {
    if (sample.point != point) {
      continue;
    }
    const auto single = single_rates.find(sample.round);
    if (single == single_rates.end()) {
      throw RuntimeError(
          fmt::format("scale: round {} has no 1-instance run; its efficiencies cannot be computed",
                      sample.round + 1));
    }
    rates.push_back(scale_ops_per_s(sample));
    efficiencies.push_back(rates.back() / instances / single->second);
    runs.push_back({sample.round, sample.position, rates.back(), efficiencies.back(),
                    sample.bogo_ops, sample.real_time_s});
  }
  ops_estimate = scale_estimate(rates, kScaleConfidence);
  return {settings.instances.at(point),
          rates.size(),
          scale_summary_estimate(ops_estimate),
          scale_summary_estimate(scale_estimate(efficiencies, kScaleConfidence)),
          median_order_interval(rates.size(), kScaleConfidence).confidence,
          std::move(runs)};
}

}  // namespace

bool ScaleEstimate::finite() const {
  return std::isfinite(lo) && std::isfinite(hi);
}

ScaleEstimate scale_estimate(std::vector<double> values, double confidence) {
  const ValueInterval interval = median_interval(values, confidence);
  return ScaleEstimate{median(values), interval.lo, interval.hi};
}

ScaleStep scale_step(const ScaleEstimate& from, const ScaleEstimate& to) {
  if (to.lo > from.hi) {
    return ScaleStep::kGrows;
  }
  if (to.hi < from.lo) {
    return ScaleStep::kFalls;
  }
  return ScaleStep::kOverlaps;  // also when an interval is unbounded towards the other
}

ScaleKnee find_scale_knee(const std::vector<std::uint32_t>& instances,
                          const std::vector<ScaleEstimate>& ops_per_s) {
  for (std::size_t point = 0; point + 1 < instances.size(); ++point) {
    const ScaleStep step = scale_step(ops_per_s.at(point), ops_per_s.at(point + 1));
    if (step == ScaleStep::kGrows) {
      continue;
    }
    const auto status =
        step == ScaleStep::kFalls ? ScaleKnee::Status::kReached : ScaleKnee::Status::kUndecided;
    return ScaleKnee{status, instances[point], instances[point + 1]};
  }
  return ScaleKnee{ScaleKnee::Status::kNotReached, instances.back(), 0};
}

ScaleSummary analyze_scale(const ScaleSettings& settings, const std::vector<ScaleSample>& samples,
                           double elapsed_s) {
  const std::map<std::uint32_t, double> single_rates =
      scale_single_instance_rates(settings, samples);
  ScaleSummary summary;
  summary.settings = settings;
  summary.elapsed_s = elapsed_s;
  summary.confidence = kScaleConfidence;
  std::vector<ScaleEstimate> ops(settings.instances.size());
  for (std::size_t point = 0; point < settings.instances.size(); ++point) {
    summary.points.push_back(scale_point(settings, point, samples, single_rates, ops[point]));
  }
  for (std::size_t point = 0; point + 1 < ops.size(); ++point) {
    summary.steps.push_back({settings.instances[point], settings.instances[point + 1],
                             scale_step(ops[point], ops[point + 1])});
  }
  summary.knee = find_scale_knee(settings.instances, ops);
  return summary;
}

}  // namespace clonebench
