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

// JSON has no infinity: an interval the rounds cannot bound is null.
nlohmann::json scale_estimate_json(const ScaleEstimate& estimate) {
  return {{"median", estimate.median},
          {"ci",
           estimate.finite() ? nlohmann::json{estimate.lo, estimate.hi} : nlohmann::json(nullptr)}};
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

nlohmann::json scale_point_json(const ScaleSettings& settings, std::size_t point,
                                const std::vector<ScaleSample>& samples,
                                const std::map<std::uint32_t, double>& single_rates,
                                ScaleEstimate& ops_estimate) {
  const double instances = settings.instances.at(point);
  std::vector<double> rates, efficiencies;
  nlohmann::json runs = nlohmann::json::array();
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
    runs.push_back({{"round", sample.round},
                    {"order", sample.position},
                    {"ops_per_s", rates.back()},
                    {"efficiency", efficiencies.back()},
                    {"bogo_ops", sample.bogo_ops},
                    {"real_time_s", sample.real_time_s}});
  }
  ops_estimate = scale_estimate(rates, kScaleConfidence);
  return {{"instances", settings.instances.at(point)},
          {"n", rates.size()},
          {"ops_per_s", scale_estimate_json(ops_estimate)},
          {"efficiency", scale_estimate_json(scale_estimate(efficiencies, kScaleConfidence))},
          {"ci_confidence", median_order_interval(rates.size(), kScaleConfidence).confidence},
          {"runs", runs}};
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

const char* scale_knee_status_name(ScaleKnee::Status status) {
  switch (status) {
    case ScaleKnee::Status::kReached:
      return "reached";
    case ScaleKnee::Status::kNotReached:
      return "not reached";
    case ScaleKnee::Status::kUndecided:
      return "cannot be decided";
  }
  return "";
}

const char* scale_step_name(ScaleStep step) {
  switch (step) {
    case ScaleStep::kGrows:
      return "grows";
    case ScaleStep::kFalls:
      return "falls";
    case ScaleStep::kOverlaps:
      return "overlaps";
  }
  return "";
}

nlohmann::json analyze_scale(const ScaleSettings& settings, const std::vector<ScaleSample>& samples,
                             double elapsed_s) {
  const std::map<std::uint32_t, double> single_rates =
      scale_single_instance_rates(settings, samples);
  nlohmann::json points = nlohmann::json::array();
  std::vector<ScaleEstimate> ops(settings.instances.size());
  for (std::size_t point = 0; point < settings.instances.size(); ++point) {
    points.push_back(scale_point_json(settings, point, samples, single_rates, ops[point]));
  }
  nlohmann::json steps = nlohmann::json::array();
  for (std::size_t point = 0; point + 1 < ops.size(); ++point) {
    steps.push_back({{"from", settings.instances[point]},
                     {"to", settings.instances[point + 1]},
                     {"verdict", scale_step_name(scale_step(ops[point], ops[point + 1]))}});
  }
  const ScaleKnee knee = find_scale_knee(settings.instances, ops);
  return {
      {"stressor", settings.stressor},
      {"workload", settings.workload},
      {"instances", settings.instances},
      {"rounds", settings.rounds},
      {"timeout_s", settings.timeout_s},
      {"seed", settings.seed},
      {"elapsed_s", elapsed_s},
      {"order", "a seeded permutation of the counts, rotated by one position each round"},
      {"confidence", kScaleConfidence},
      {"ops_per_s_definition", "bogo ops of all instances / mean loop time of an instance"},
      {"efficiency_definition",
       "per round: (ops/s / instances) / ops/s of that round's 1-instance run"},
      {"points", points},
      {"steps", steps},
      {"knee",
       {{"status", scale_knee_status_name(knee.status)},
        {"instances", knee.instances},
        {"next_instances",
         knee.next_instances == 0 ? nlohmann::json(nullptr) : nlohmann::json(knee.next_instances)},
        {"definition",
         "the smallest count whose next count's ops/s interval lies wholly below its own, every "
         "earlier step growing (the next interval wholly above); overlapping intervals cannot "
         "decide"}}}};
}

}  // namespace clonebench
