#include "compare/wording.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/number_text.hpp"

namespace clonebench {
namespace {

bool boots_are_units(const MetricComparison& metric) {
  return metric.boots && metric.boots->design == BootDesign::kBootLevel;
}

std::string sizes(const MetricComparison& metric, const ComparisonResult& report) {
  if (report.paired) {
    return fmt::format("{} pairs", metric.a.n);
  }
  if (boots_are_units(metric)) {
    return fmt::format("{} vs {} boots, {} vs {} runs", metric.boots->a.boots,
                       metric.boots->b.boots, metric.a.n, metric.b.n);
  }
  return fmt::format("{} vs {} runs", metric.a.n, metric.b.n);
}

std::string interval(double low, double high, const char* level) {
  return fmt::format("{} CI {} to {}", level, change_text(low, low, high),
                     change_text(high, low, high));
}

std::string percent_text(double pct) {
  return significant_text(pct) + " %";
}

std::string outlier_text(const OutlierCounts& counts) {
  if (counts.total() == 0) {
    return "none";
  }
  std::string text;
  auto add = [&text](std::size_t count, const char* what) {
    if (count > 0) {
      text += fmt::format("{}{} {}", text.empty() ? "" : ", ", count, what);
    }
  };
  add(counts.low_severe, "low-severe");
  add(counts.low_mild, "low-mild");
  add(counts.high_mild, "high-mild");
  add(counts.high_severe, "high-severe");
  return text;
}

std::string threshold_text(const ComparisonResult& report) {
  return fmt::format("±{:g} %", report.options.threshold * 100);
}

}  // namespace

std::string format_pct(double pct) {
  if (std::isinf(pct)) {
    return pct > 0 ? "+∞ %" : "-∞ %";
  }
  return fmt::format("{:+.2f} %", pct);
}

std::string change_text(double pct, double low, double high) {
  if (std::isinf(pct)) {
    return format_pct(pct);
  }
  return number_in_interval(pct, low, high, NumberSign::kAlways) + " %";
}

std::string change_interval_text(double low, double high) {
  return fmt::format("[{}, {}]", change_text(low, low, high), change_text(high, low, high));
}

std::string median_text(const SideSummary& side, const std::string& unit) {
  const std::string number = number_in_interval(side.median, side.median_ci.lo, side.median_ci.hi);
  return unit.empty() ? number : number + " " + unit;
}

std::string format_ci(const MetricComparison& metric) {
  const Effect& effect = metric.effect;
  if (!effect.enough_samples) {
    return boots_are_units(metric) ? "n/a (too few boots)" : "n/a (too few runs)";
  }
  return change_interval_text(effect.ci_low_pct, effect.ci_high_pct);
}

std::string format_p(double p) {
  return p < 0.001 ? std::string("p < 0.001") : fmt::format("p = {:.3f}", p);
}

std::string plain_number(double value) {
  if (!std::isfinite(value) || value == 0) {
    return fmt::format("{:g}", value);
  }
  // Digits after the point that keep five significant ones, none below the units.
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  const int decimals = std::max(0, 4 - magnitude);
  std::string text = fmt::format("{:.{}f}", value, decimals);
  if (decimals > 0) {  // as {:g}: no trailing zeros
    text.erase(text.find_last_not_of('0') + 1);
    if (text.ends_with('.')) {
      text.pop_back();
    }
  }
  return text;
}

std::string format_value(double value, const std::string& unit) {
  const std::string number = plain_number(value);
  return unit.empty() ? number : number + " " + unit;
}

namespace {

std::string run_sentence(const MetricComparison& metric, const ComparisonResult& report) {
  const Effect& e = metric.effect;
  const std::string change = fmt::format(
      "{} {} ({}, {}, {})", metric.name, change_text(e.estimate_pct, e.ci_low_pct, e.ci_high_pct),
      interval(e.ci_low_pct, e.ci_high_pct, "95 %"), format_p(e.p_holm), sizes(metric, report));
  const std::string theta = threshold_text(report);
  const bool inside = e.ci_low_pct > -report.options.threshold * 100 &&
                      e.ci_high_pct < report.options.threshold * 100;
  // A count of instructions is neither a time nor a speed: B executes fewer or more of them.
  const bool counts = counts_instructions(metric.info);
  // Of a metric whose direction nobody knows, "faster" was decided as "higher" (comparison.cpp).
  const bool known = metric.direction_known;
  const char* better = !known   ? "B is higher than A (direction unknown)"
                       : counts ? "B executes fewer instructions than A"
                                : "B is faster than A";
  const char* worse = !known   ? "B is lower than A (direction unknown)"
                      : counts ? "B executes more instructions than A"
                               : "B is slower than A";
  switch (e.verdict) {
    case Verdict::kFaster:
      return fmt::format("{} beyond the {} threshold: {}.", better, theta, change);
    case Verdict::kSlower:
      return fmt::format("{} beyond the {} threshold: {}.", worse, theta, change);
    case Verdict::kFasterSmall:
      return fmt::format("{}, {} {}: {}.", better,
                         inside ? "by less than" : "though possibly by less than", theta, change);
    case Verdict::kSlowerSmall:
      return fmt::format("{}, {} {}: {}.", worse,
                         inside ? "by less than" : "though possibly by less than", theta, change);
    case Verdict::kEquivalent:
      return fmt::format("A and B are equivalent within {}: {} {} ({}).", theta, metric.name,
                         change_text(e.estimate_pct, e.ci90_low_pct, e.ci90_high_pct),
                         interval(e.ci90_low_pct, e.ci90_high_pct, "90 %"));
    case Verdict::kInconclusive:
      break;
  }
  const bool boots = boots_are_units(metric);
  const char* units = report.paired ? "pairs" : boots ? "boots" : "runs";
  const std::string unit = report.paired ? "pairs" : std::string(units) + " per side";
  if (!e.enough_samples) {
    return fmt::format(
        "Too few {} to decide about {}: a rank test needs at least {} {} to reach α = {:g} "
        "({} given), so no verdict is possible.",
        units, metric.name, e.min_runs, unit, report.options.alpha, sizes(metric, report));
  }
  const std::size_t have = boots ? std::min(metric.boots->a.boots, metric.boots->b.boots)
                                 : std::min(metric.a.n, metric.b.n);
  const bool one_boot = metric.boots && metric.boots->design == BootDesign::kOneBootPerSide;
  const std::string advice =
      one_boot ? std::string("more runs within the same boots cannot settle it")
      : e.runs_needed > have
          ? fmt::format("≈{} more {} would resolve {}", e.runs_needed - have, unit, theta)
          : fmt::format("{} {} usually resolve {}; the change is probably close to it",
                        e.runs_needed, unit, theta);
  if (e.p < report.options.alpha && e.p_holm >= report.options.alpha) {
    return fmt::format(
        "No difference shown: {}; alone its p = {:.3f} would be below α = {:g}, but Holm's "
        "correction for the {} metrics compared raises it to {:.3f}; {}.",
        change, e.p, report.options.alpha,
        std::count_if(report.metrics.begin(), report.metrics.end(), is_primary), e.p_holm, advice);
  }
  return fmt::format("No difference shown: {}; {}.", change, advice);
}

}  // namespace

std::string metric_sentence(const MetricComparison& metric, const ComparisonResult& report) {
  const std::string caveat = boot_caveat(metric, report);
  if (caveat.empty()) {
    return run_sentence(metric, report);
  }
  // Capped: what the runs alone say, in the words of their own verdict.
  MetricComparison within_one_boot = metric;
  within_one_boot.effect.verdict = metric.boots->run_level_verdict;
  return caveat + " " + run_sentence(within_one_boot, report);
}

std::string summary_sentence(const ComparisonResult& report) {
  const auto first = std::find_if(report.metrics.begin(), report.metrics.end(), is_primary);
  if (first == report.metrics.end()) {
    return "Nothing to compare.";
  }
  const std::string sentence = metric_sentence(*first, report);
  const auto primaries = std::count_if(report.metrics.begin(), report.metrics.end(), is_primary);
  if (primaries == 1) {
    return sentence;
  }
  const auto changed =
      std::count_if(report.metrics.begin(), report.metrics.end(), [](const MetricComparison& m) {
        return is_primary(m) && m.effect.verdict != Verdict::kEquivalent &&
               m.effect.verdict != Verdict::kInconclusive;
      });
  return fmt::format("{} of {} metrics differ (Holm-adjusted, α = {:g}). {}", changed, primaries,
                     report.options.alpha, sentence);
}

std::string secondary_note(const ComparisonResult& report) {
  if (std::all_of(report.metrics.begin(), report.metrics.end(), is_primary)) {
    return "";
  }
  return "secondary metrics, described only: each p is its own (not Holm-adjusted with the "
         "verdict's), no exit code depends on them; name one with --metric to test it";
}

std::string noise_line(const MetricComparison& metric, const ComparisonResult& report) {
  // One run shows no spread and three are the fewest a rank correlation can order: below that
  // a 0.00 % would read as perfect precision, so the figure is n/a.
  const auto cv = [](const SideSummary& side) {
    return side.n < 2 ? std::string("n/a (1 run)")
                      : fmt::format("{} (robust {})", percent_text(side.cv * 100),
                                    percent_text(side.robust_cv * 100));
  };
  const bool counts = counts_instructions(metric.info);
  const auto drift = [counts](const SideSummary& side) {
    if (counts) {
      return std::string("n/a (a count of instructions does not drift)");
    }
    return side.n < 3 ? fmt::format("n/a ({} run{})", side.n, side.n == 1 ? "" : "s")
                      : fmt::format("ρ = {:+.2f} (p = {:.3f})", side.drift.rho, side.drift.p);
  };
  std::string resolution = "none (the noise is unbounded)";
  if (std::min(metric.a.n, metric.b.n) < 2) {
    resolution = "n/a (one run shows no noise)";
  } else if (std::isfinite(metric.effect.mde_pct)) {
    resolution = percent_text(metric.effect.mde_pct);
  }
  return fmt::format(
      "{}: CV(A) = {}, CV(B) = {}; outliers A: {}, B: {} (kept); drift A: {}, B: {}; {} (80 % "
      "power): {}",
      metric.name, cv(metric.a), cv(metric.b), outlier_text(metric.a.outliers),
      outlier_text(metric.b.outliers), drift(metric.a), drift(metric.b),
      report.paired ? "paired resolution" : "resolution", resolution);
}

}  // namespace clonebench
