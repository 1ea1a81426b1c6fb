#include "ab/hvo_key_analysis.hpp"

#include <fmt/core.h>
#include <fmt/format.h>

#include <cmath>

#include "compare/metric_selection.hpp"
#include "compare/verdict.hpp"
#include "core/number_text.hpp"
#include "stats/hodges_lehmann.hpp"

namespace clonebench {
namespace {

constexpr double kHvoPageBytes = 4096;

std::optional<double> finite_or_none(double value) {
  return std::isfinite(value) ? std::optional<double>(value) : std::nullopt;
}

std::optional<double> ns_per_op(const RunObservation& run) {
  const auto found = run.metrics.find(kHvoKeySlopeMetric);
  if (found == run.metrics.end() || !(found->second > 0)) {
    return std::nullopt;
  }
  return 1e9 / found->second;
}

}  // namespace

bool interval_excludes_zero(const SummaryInterval& ci) {
  return ci.bounded() && (*ci.lo > 0 || *ci.hi < 0);
}

const HvoKeySlope* find_per_page(const HvoKeySummary& summary, const std::string& name) {
  for (const HvoKeySlope& slope : summary.per_page) {
    if (slope.name == name) {
      return &slope;
    }
  }
  return nullptr;
}

std::string hvo_key_attribution(const HvoKeySummary& summary, std::size_t rounds_needed,
                                double threshold_pct) {
  std::vector<std::string> differences;
  if (interval_excludes_zero(summary.control.ci_pct)) {
    differences.push_back(fmt::format(
        "control vs off {}", estimate_text(summary.control.estimate_pct, *summary.control.ci_pct.lo,
                                           *summary.control.ci_pct.hi, "%", NumberSign::kAlways)));
  }
  const HvoKeySlope* control_cost = find_per_page(summary, "control - off");
  if (control_cost != nullptr && interval_excludes_zero(control_cost->ci_ns)) {
    differences.push_back(
        fmt::format("control - off {} per page",
                    estimate_text(control_cost->estimate_ns, *control_cost->ci_ns.lo,
                                  *control_cost->ci_ns.hi, "ns", NumberSign::kAlways)));
  }
  if (!differences.empty()) {
    return fmt::format(
        "not attributable: the control differs from off ({}) although its key is off, so "
        "something the on and control arms share besides the key (the HugeTLB pages taken from "
        "the allocator, the sysctl writes, the machine drifting between arms) moves the result; "
        "this machine cannot attribute any difference to the key",
        fmt::join(differences, "; "));
  }
  if (!summary.control.ci_pct.bounded()) {
    return "inconclusive: the control has too few rounds to be judged (a 95 % interval needs 6)";
  }
  if (!interval_excludes_zero(summary.key.ci_pct)) {
    std::string text = "inconclusive: the key's own effect is not resolved (its CI includes 0)";
    if (rounds_needed > summary.rounds) {
      text += fmt::format("; ≈{} more rounds would resolve ±{:g} %", rounds_needed - summary.rounds,
                          threshold_pct);
    } else if (rounds_needed > 0) {
      text += fmt::format("; {} rounds usually resolve ±{:g} %: the change is probably close to it",
                          rounds_needed, threshold_pct);
    }
    return text;
  }
  return "attributed to the key";
}

std::vector<double> per_page_slopes_ns(const std::vector<RunObservation>& small,
                                       const std::vector<RunObservation>& large, double small_pages,
                                       double large_pages) {
  std::vector<double> slopes;
  for (std::size_t i = 0; i < small.size() && i < large.size(); ++i) {
    const std::optional<double> small_ns = ns_per_op(small[i]);
    const std::optional<double> large_ns = ns_per_op(large[i]);
    if (small_ns && large_ns && large_pages > small_pages) {
      slopes.push_back((*large_ns - *small_ns) / (large_pages - small_pages));
    }
  }
  return slopes;
}

HvoKeySlope summarise_slopes(const std::string& name, const std::vector<double>& values,
                             double alpha) {
  HvoKeySlope slope;
  slope.name = name;
  slope.rounds = values.size();
  if (values.empty()) {
    return slope;
  }
  const ShiftEstimate estimate = hodges_lehmann_paired(values, alpha);
  slope.estimate_ns = estimate.estimate;
  slope.ci_ns = {finite_or_none(estimate.ci_low), finite_or_none(estimate.ci_high)};
  return slope;
}

HvoKeyComparison paired_effect(const std::vector<RunObservation>& a,
                               const std::vector<RunObservation>& b,
                               const std::vector<std::string>& metrics,
                               const CompareOptions& options) {
  const SampleSet side_a{"key off", "ab", a};
  const SampleSet side_b{"key on", "ab", b};
  const ComparisonResult result =
      analyze_paired(select_metrics(side_a, side_b, metrics, std::nullopt), options);
  const MetricComparison& metric = result.metrics.front();
  HvoKeyEffect effect;
  effect.metric = metric.name;
  effect.verdict = std::string(verdict_name(metric.effect.verdict));
  effect.estimate_pct = metric.effect.estimate_pct;
  effect.ci_pct = {finite_or_none(metric.effect.ci_low_pct),
                   finite_or_none(metric.effect.ci_high_pct)};
  effect.p = metric.effect.p;
  effect.pairs = a.size();
  return {effect, metric.effect.runs_needed};
}

void analyse_hvo_key_rounds(const HvoKeyRounds& rounds, const HvoKeySizes& sizes,
                            const std::vector<std::string>& metrics, const CompareOptions& options,
                            HvoKeySummary& summary) {
  summary.rounds = rounds.size();
  summary.small_rss_bytes = sizes.small_rss_bytes;
  summary.large_rss_bytes = sizes.large_rss_bytes;
  const HvoKeyComparison key =
      paired_effect(rounds.of(HvoArm::kOff, 1), rounds.of(HvoArm::kOn, 1), metrics, options);
  summary.key = key.effect;
  summary.control =
      paired_effect(rounds.of(HvoArm::kOff, 1), rounds.of(HvoArm::kControl, 1), metrics, options)
          .effect;
  const double small_pages = static_cast<double>(sizes.small_rss_bytes) / kHvoPageBytes;
  const double large_pages = static_cast<double>(sizes.large_rss_bytes) / kHvoPageBytes;
  std::vector<double> slopes[3];
  for (HvoArm arm : kHvoArms) {
    slopes[static_cast<int>(arm)] =
        per_page_slopes_ns(rounds.of(arm, 0), rounds.of(arm, 1), small_pages, large_pages);
    summary.per_page.push_back(
        summarise_slopes(hvo_arm_name(arm), slopes[static_cast<int>(arm)], options.alpha));
  }
  for (HvoArm arm : {HvoArm::kOn, HvoArm::kControl}) {
    const std::vector<double>& these = slopes[static_cast<int>(arm)];
    const std::vector<double>& off = slopes[0];
    std::vector<double> differences;
    for (std::size_t i = 0; i < these.size() && i < off.size(); ++i) {
      differences.push_back(these[i] - off[i]);
    }
    summary.per_page.push_back(
        summarise_slopes(std::string(hvo_arm_name(arm)) + " - off", differences, options.alpha));
  }
  summary.attribution = hvo_key_attribution(summary, key.pairs_needed, options.threshold * 100);
}

}  // namespace clonebench
