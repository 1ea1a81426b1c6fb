#include "compare/boot_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "stats/descriptive.hpp"
#include "stats/sample_size.hpp"

namespace clonebench {
namespace {

// The boots in order of first appearance, each with the positions of its runs.
std::vector<std::vector<std::size_t>> runs_by_boot(std::span<const std::string> boots) {
  std::vector<std::string> seen;
  std::vector<std::vector<std::size_t>> groups;
  for (std::size_t i = 0; i < boots.size(); ++i) {
    const auto found = std::find(seen.begin(), seen.end(), boots[i]);
    if (found == seen.end()) {
      seen.push_back(boots[i]);
      groups.push_back({i});
    } else {
      groups[static_cast<std::size_t>(found - seen.begin())].push_back(i);
    }
  }
  return groups;
}

std::vector<std::string> distinct(std::span<const std::string> boots) {
  std::vector<std::string> names(boots.begin(), boots.end());
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

BootDesign design_of(const MetricSamples& samples) {
  const std::vector<std::string> a = distinct(samples.a_boots);
  const std::vector<std::string> b = distinct(samples.b_boots);
  if (a.size() >= 2 && b.size() >= 2) {
    return BootDesign::kBootLevel;
  }
  if (a.size() == 1 && a == b) {
    return BootDesign::kSameBoot;
  }
  return BootDesign::kOneBootPerSide;
}

bool has_boots(const MetricSamples& samples) {
  return !samples.a_boots.empty() && samples.a_boots.size() == samples.a.size() &&
         samples.b_boots.size() == samples.b.size();
}

std::vector<double> logs_of_values(std::span<const double> values) {
  std::vector<double> logs;
  logs.reserve(values.size());
  for (double value : values) {
    logs.push_back(std::log(value));
  }
  return logs;
}

double runs_per_boot(const BootSpread& spread) {
  return spread.boots == 0 ? 1.0
                           : static_cast<double>(spread.runs) / static_cast<double>(spread.boots);
}

// One boot per side: the boots per side that would resolve the threshold, from a side of this
// comparison with ≥ 2 boots or else from a stored label of the same host and stressor.
void plan_boots(BootAnalysis& boots, const MetricSamples& samples, const CompareOptions& options,
                const BootOptions& boot_options) {
  const double runs = std::max(1.0, std::min(runs_per_boot(boots.a), runs_per_boot(boots.b)));
  for (const auto& [spread, side] : {std::pair{&boots.a, "A"}, std::pair{&boots.b, "B"}}) {
    if (spread->boots >= 2 && std::isfinite(spread->between_sd_log)) {
      const double within = std::isfinite(spread->within_sd_log) ? spread->within_sd_log : 0;
      boots.boots_needed = boots_needed_per_side(spread->between_sd_log, within, runs,
                                                 options.threshold, options.alpha);
      boots.spread_source = std::string("side ") + side + "'s own boots";
      return;
    }
  }
  const auto known = boot_options.known_spread.find(samples.name);
  if (known != boot_options.known_spread.end()) {
    boots.boots_needed =
        boots_needed_per_side(known->second.between_sd_log, known->second.within_sd_log, runs,
                              options.threshold, options.alpha);
    boots.spread_source = known->second.source;
  }
}

}  // namespace

BootSpread boot_spread(std::span<const double> logs, std::span<const std::string> boots) {
  if (logs.empty() || logs.size() != boots.size()) {
    throw std::invalid_argument("boot_spread: one boot per value, and at least one value");
  }
  BootSpread spread;
  spread.runs = logs.size();
  const auto groups = runs_by_boot(boots);
  spread.boots = groups.size();
  double within_squares = 0;
  std::size_t within_df = 0;
  std::vector<double> boot_means;
  for (const auto& group : groups) {
    double sum = 0;
    for (std::size_t i : group) {
      sum += logs[i];
    }
    const double boot_mean = sum / static_cast<double>(group.size());
    boot_means.push_back(boot_mean);
    for (std::size_t i : group) {
      within_squares += (logs[i] - boot_mean) * (logs[i] - boot_mean);
    }
    within_df += group.size() - 1;
  }
  if (within_df > 0) {
    spread.within_sd_log = std::sqrt(within_squares / static_cast<double>(within_df));
  }
  if (boot_means.size() >= 2) {
    const double means_sd = standard_deviation(boot_means);
    const double within = within_df > 0 ? spread.within_sd_log : 0;
    const double variance = means_sd * means_sd - within * within / runs_per_boot(spread);
    spread.between_sd_log = std::sqrt(std::max(0.0, variance));
    spread.between_within_noise = variance <= 0 && within > 0;
  }
  return spread;
}

std::vector<double> boot_summaries(std::span<const double> values,
                                   std::span<const std::string> boots) {
  if (values.empty() || values.size() != boots.size()) {
    throw std::invalid_argument("boot_summaries: one boot per value, and at least one value");
  }
  std::vector<double> summaries;
  for (const auto& group : runs_by_boot(boots)) {
    std::vector<double> logs;
    for (std::size_t i : group) {
      logs.push_back(std::log(values[i]));
    }
    summaries.push_back(std::exp(median(logs)));
  }
  return summaries;
}

std::size_t boots_needed_per_side(double between_sd_log, double within_sd_log, double runs_per_boot,
                                  double threshold, double alpha) {
  const double unit_variance =
      between_sd_log * between_sd_log + within_sd_log * within_sd_log / runs_per_boot;
  return runs_needed_per_side(std::sqrt(unit_variance), std::log1p(threshold), alpha);
}

ComparisonResult analyze_with_boots(const std::vector<MetricSamples>& metrics,
                                    const CompareOptions& options, const BootOptions& boots) {
  std::vector<MetricSamples> units = metrics;
  std::vector<std::optional<BootDesign>> designs;
  for (MetricSamples& unit : units) {
    designs.push_back(has_boots(unit) ? std::optional(design_of(unit)) : std::nullopt);
    if (designs.back() == BootDesign::kBootLevel) {
      unit.a = boot_summaries(unit.a, unit.a_boots);
      unit.b = boot_summaries(unit.b, unit.b_boots);
    }
  }
  ComparisonResult report = analyze_unpaired(units, options);
  // Side summaries, noise and drift describe the runs, whatever the level of the change.
  const ComparisonResult by_run = analyze_unpaired(metrics, options);
  report.warnings = by_run.warnings;
  for (std::size_t i = 0; i < metrics.size(); ++i) {
    if (!designs[i]) {
      continue;
    }
    MetricComparison& metric = report.metrics[i];
    metric.a = by_run.metrics[i].a;
    metric.b = by_run.metrics[i].b;
    BootAnalysis analysis;
    analysis.design = *designs[i];
    analysis.a = boot_spread(logs_of_values(metrics[i].a), metrics[i].a_boots);
    analysis.b = boot_spread(logs_of_values(metrics[i].b), metrics[i].b_boots);
    if (analysis.design == BootDesign::kOneBootPerSide) {
      analysis.run_level_verdict = metric.effect.verdict;
      analysis.assumed_no_boot_effect = boots.assume_no_boot_effect;
      if (!boots.assume_no_boot_effect) {
        metric.effect.verdict = Verdict::kInconclusive;
      }
      plan_boots(analysis, metrics[i], options, boots);
    } else if (analysis.design == BootDesign::kBootLevel) {
      analysis.boots_needed = metric.effect.runs_needed;
      analysis.spread_source = "the boots compared";
    }
    metric.boots = analysis;
  }
  return report;
}

}  // namespace clonebench
