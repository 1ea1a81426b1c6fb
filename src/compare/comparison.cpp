#include "compare/comparison.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/error.hpp"
#include "stats/hodges_lehmann.hpp"
#include "stats/mann_whitney.hpp"
#include "stats/multiple_testing.hpp"
#include "stats/sample_size.hpp"
#include "stats/signed_rank.hpp"

namespace clonebench {
namespace {

std::vector<double> logs_of(const std::vector<double>& values, const std::string& metric,
                            const char* side) {
  if (values.empty()) {
    throw UsageError(fmt::format("metric {}: side {} has no values", metric, side));
  }
  std::vector<double> logs;
  logs.reserve(values.size());
  for (double v : values) {
    if (!(v > 0) || !std::isfinite(v)) {
      throw UsageError(fmt::format(
          "metric {}: side {} has the value {} but changes are measured as ratios, which need "
          "positive values",
          metric, side, v));
    }
    logs.push_back(std::log(v));
  }
  return logs;
}

SideSummary summarize_side(const std::vector<double>& values, double alpha) {
  SideSummary side;
  side.n = values.size();
  side.median = median(values);
  side.mean = mean(values);
  side.median_ci = median_interval(values, 1 - alpha);
  side.cv = log_cv(values);
  side.robust_cv = robust_cv(values);
  side.outliers = count_outliers(values);
  side.drift = drift_of(values);
  return side;
}

// The noise of log values for planning: 1.4826·MAD (robust to the occasional disturbed run,
// as the rank tests are), falling back to the SD when over half the values are equal.
double noise_of(const std::vector<double>& logs) {
  const double robust = 1.4826 * median_absolute_deviation(logs);
  return robust > 0 ? robust : standard_deviation(logs);
}

double to_pct(double log_change) {
  return std::expm1(log_change) * 100;
}

// A finite change that no double can hold as a percentage (B above 10^306 times A) would print
// as "+∞ %", which means "unbounded" elsewhere: refuse it instead.
double checked_pct(double log_change, const std::string& metric) {
  const double pct = to_pct(log_change);
  if (std::isfinite(log_change) && !std::isfinite(pct)) {
    throw UsageError(fmt::format(
        "metric {}: B and A differ by a factor of about 10^{:.0f}, beyond the range of a "
        "percentage in double precision; values this far apart cannot be compared",
        metric, log_change / std::log(10.0)));
  }
  return pct;
}

void fill_interval(Effect& effect, const ShiftEstimate& ci95, const ShiftEstimate& ci90,
                   const std::string& metric) {
  effect.estimate_pct = checked_pct(ci95.estimate, metric);
  effect.ci_low_pct = checked_pct(ci95.ci_low, metric);
  effect.ci_high_pct = checked_pct(ci95.ci_high, metric);
  effect.ci90_low_pct = checked_pct(ci90.ci_low, metric);
  effect.ci90_high_pct = checked_pct(ci90.ci_high, metric);
  effect.exact = ci95.exact;
}

// The two sides summarised; the effect is the caller's to fill.
MetricComparison sides_compared(const MetricSamples& samples, const CompareOptions& options) {
  return {samples.name,
          samples.info,
          summarize_side(samples.a, options.alpha),
          summarize_side(samples.b, options.alpha),
          {},
          std::nullopt,
          samples.role,
          samples.direction_known};
}

MetricComparison compare_unpaired(const MetricSamples& samples, const CompareOptions& options) {
  const std::vector<double> log_a = logs_of(samples.a, samples.name, "A");
  const std::vector<double> log_b = logs_of(samples.b, samples.name, "B");
  MetricComparison result = sides_compared(samples, options);
  Effect& effect = result.effect;
  fill_interval(effect, hodges_lehmann_unpaired(log_a, log_b, options.alpha),
                hodges_lehmann_unpaired(log_a, log_b, 2 * options.alpha), samples.name);
  const MannWhitneyResult test = mann_whitney_u(log_a, log_b);
  effect.p = test.p;
  effect.exact = effect.exact && test.exact;
  effect.enough_samples = mann_whitney_min_p(log_a.size(), log_b.size()) <= options.alpha;
  effect.min_runs = min_runs_per_side_for_alpha(options.alpha);
  const double sigma_a = noise_of(log_a);
  const double sigma_b = noise_of(log_b);
  effect.sigma_log = std::sqrt((sigma_a * sigma_a + sigma_b * sigma_b) / 2);
  effect.runs_needed =
      runs_needed_per_side(effect.sigma_log, std::log1p(options.threshold), options.alpha);
  effect.mde_pct = to_pct(minimum_detectable_effect_unpaired(effect.sigma_log, log_a.size(),
                                                             log_b.size(), options.alpha));
  return result;
}

MetricComparison compare_paired(const MetricSamples& samples, const CompareOptions& options) {
  if (samples.a.size() != samples.b.size()) {
    throw UsageError(fmt::format("metric {}: {} A values but {} B values; pairs need both",
                                 samples.name, samples.a.size(), samples.b.size()));
  }
  const std::vector<double> log_a = logs_of(samples.a, samples.name, "A");
  const std::vector<double> log_b = logs_of(samples.b, samples.name, "B");
  std::vector<double> differences(log_a.size());
  for (std::size_t i = 0; i < log_a.size(); ++i) {
    differences[i] = log_b[i] - log_a[i];
  }
  MetricComparison result = sides_compared(samples, options);
  Effect& effect = result.effect;
  fill_interval(effect, hodges_lehmann_paired(differences, options.alpha),
                hodges_lehmann_paired(differences, 2 * options.alpha), samples.name);
  const SignedRankResult test = wilcoxon_signed_rank(differences);
  effect.p = test.p;
  effect.exact = effect.exact && test.exact;
  effect.enough_samples = signed_rank_min_p(differences.size()) <= options.alpha;
  effect.min_runs = min_pairs_for_alpha(options.alpha);
  effect.sigma_log = noise_of(differences);
  effect.runs_needed = pairs_needed(effect.sigma_log, std::log1p(options.threshold), options.alpha);
  effect.mde_pct =
      to_pct(minimum_detectable_effect_paired(effect.sigma_log, differences.size(), options.alpha));
  return result;
}

// Holm across the primary metrics of one report (a secondary one keeps its own p), then the
// verdicts (which depend on the adjusted p).
void adjust_p_values(ComparisonResult& report) {
  std::vector<double> p_values;
  for (const MetricComparison& metric : report.metrics) {
    if (is_primary(metric)) {
      p_values.push_back(metric.effect.p);
    }
  }
  const std::vector<double> adjusted = holm_adjust(p_values);
  std::size_t next = 0;
  for (MetricComparison& metric : report.metrics) {
    metric.effect.p_holm = is_primary(metric) ? adjusted[next++] : metric.effect.p;
  }
}

void decide(ComparisonResult& report) {
  adjust_p_values(report);
  for (std::size_t i = 0; i < report.metrics.size(); ++i) {
    Effect& effect = report.metrics[i].effect;
    VerdictInput input;
    input.ci_low_pct = effect.ci_low_pct;
    input.ci_high_pct = effect.ci_high_pct;
    input.ci90_low_pct = effect.ci90_low_pct;
    input.ci90_high_pct = effect.ci90_high_pct;
    input.significant =
        effect.p_holm < report.options.alpha && (effect.ci_low_pct > 0 || effect.ci_high_pct < 0);
    input.enough_samples = effect.enough_samples;
    input.threshold_pct = report.options.threshold * 100;
    // A metric of unknown direction is decided as if higher were better, so that its "faster"
    // reads "higher" (verdict_text), never a claim about speed.
    input.direction = report.metrics[i].direction_known ? report.metrics[i].info.direction
                                                        : Direction::kHigherIsBetter;
    effect.verdict = decide_verdict(input);
  }
}

// A drift is worth a warning when it could move the verdict: a trend whose whole spread is below
// a tenth of the threshold (an instruction count that creeps by 0.05 % under a 1 % threshold)
// is ordered, so the rank correlation finds it, but it is no noise the interval must carry.
constexpr double kDriftShareOfThreshold = 0.1;

void warn_about_drift(ComparisonResult& report) {
  const double smallest_cv = report.options.threshold * kDriftShareOfThreshold;
  for (const MetricComparison& metric : report.metrics) {
    if (!is_primary(metric)) {
      continue;  // a described row warns about nothing; the primary metric's runs are the same
    }
    for (const auto& [side, name] : {std::pair{&metric.a, "A"}, std::pair{&metric.b, "B"}}) {
      // An instruction count does not depend on when it was taken: its order is chance.
      if (side->n >= 3 && side->drift.p < 0.05 && side->cv >= smallest_cv &&
          !counts_instructions(metric.info)) {
        report.warnings.push_back(fmt::format(
            "{} of {} drifted while it was measured (Spearman ρ = {:+.2f}, p = {:.3f}); {}",
            metric.name, name, side->drift.rho, side->drift.p,
            report.paired                ? "the paired analysis compensates"
            : report.options.interleaved ? "A and B alternated, so the drift is balanced "
                                           "between them, but it widens the interval"
                                         : "an unpaired comparison does not compensate: "
                                           "interleave A and B (clonebench ab)"));
      }
    }
  }
}

using MetricComparer = MetricComparison (*)(const MetricSamples&, const CompareOptions&);

ComparisonResult analyze_each_metric(const std::vector<MetricSamples>& metrics,
                                     const CompareOptions& options, bool paired,
                                     MetricComparer compare_metric) {
  ComparisonResult report;
  report.options = options;
  report.paired = paired;
  for (const MetricSamples& samples : metrics) {
    report.metrics.push_back(compare_metric(samples, options));
  }
  decide(report);
  warn_about_drift(report);
  return report;
}

}  // namespace

bool is_primary(const MetricComparison& metric) noexcept {
  return metric.role == MetricRole::kPrimary;
}

ComparisonResult analyze_unpaired(const std::vector<MetricSamples>& metrics,
                                  const CompareOptions& options) {
  return analyze_each_metric(metrics, options, false, compare_unpaired);
}

ComparisonResult analyze_paired(const std::vector<MetricSamples>& metrics,
                                const CompareOptions& options) {
  return analyze_each_metric(metrics, options, true, compare_paired);
}

}  // namespace clonebench
