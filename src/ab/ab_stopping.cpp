#include "ab/ab_stopping.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "compare/metric_selection.hpp"
#include "stats/hodges_lehmann.hpp"

namespace clonebench {

namespace {

constexpr std::size_t kAbMinimumPairs = 2;  // the paired analysis needs two

// ln b − ln a per pair; empty when a value is not positive (the final analysis says which).
std::vector<double> ab_log_differences(const MetricSamples& samples) {
  std::vector<double> differences;
  for (std::size_t i = 0; i < samples.a.size() && i < samples.b.size(); ++i) {
    if (!(samples.a[i] > 0) || !(samples.b[i] > 0)) {
      return {};
    }
    differences.push_back(std::log(samples.b[i]) - std::log(samples.a[i]));
  }
  return differences;
}

}  // namespace

const char* ab_stop_reason_name(AbStopReason reason) noexcept {
  switch (reason) {
    case AbStopReason::kPrecision:
      return "precision";
    case AbStopReason::kMaxTime:
      return "max-time";
    case AbStopReason::kPairs:
      break;
  }
  return "pairs";
}

AbStopping::AbStopping(AbStopRule rule) : rule_(std::move(rule)) {}

AbLook AbStopping::look(const std::vector<RunObservation>& a,
                        const std::vector<RunObservation>& b) const {
  const std::vector<MetricSamples> selected = select_metrics(
      SampleSet{"arm a", "ab", a}, SampleSet{"arm b", "ab", b}, rule_.metrics, std::nullopt);
  AbLook widest{a.size(), "", -1};
  for (const MetricSamples& samples : selected) {
    const std::vector<double> differences = ab_log_differences(samples);
    const double half_width = differences.empty() ? std::numeric_limits<double>::infinity()
                                                  : relative_half_width(differences, rule_.alpha);
    if (half_width > widest.half_width) {
      widest = AbLook{a.size(), samples.name, half_width, 0, 0, 0};
      if (std::isfinite(half_width)) {
        const ShiftEstimate shift = hodges_lehmann_paired(differences, rule_.alpha);
        widest.estimate_pct = std::expm1(shift.estimate) * 100;
        widest.ci_low_pct = std::expm1(shift.ci_low) * 100;
        widest.ci_high_pct = std::expm1(shift.ci_high) * 100;
      }
    }
  }
  return widest;
}

bool AbStopping::after_pair(const std::vector<RunObservation>& a,
                            const std::vector<RunObservation>& b, double elapsed_s,
                            double last_pair_s) {
  const std::size_t pairs = std::min(a.size(), b.size());
  if (rule_.precision && is_look(pairs, *rule_.precision)) {
    last_look_ = look(a, b);
    if (last_look_->half_width <= rule_.precision->half_width) {
      reason_ = AbStopReason::kPrecision;
      return true;
    }
  }
  if (pairs >= rule_.max_pairs) {
    reason_ = AbStopReason::kPairs;
    return true;
  }
  if (pairs >= kAbMinimumPairs && rule_.max_time_s && elapsed_s + last_pair_s > *rule_.max_time_s) {
    reason_ = AbStopReason::kMaxTime;
    return true;
  }
  return false;
}

std::optional<std::size_t> AbStopping::expected_pairs() const {
  if (!rule_.precision || !last_look_ || !std::isfinite(last_look_->half_width)) {
    return std::nullopt;
  }
  const double ratio = last_look_->half_width / rule_.precision->half_width;
  const double needed = std::ceil(static_cast<double>(last_look_->pairs) * ratio * ratio);
  return std::max(last_look_->pairs, static_cast<std::size_t>(needed));
}

}  // namespace clonebench
