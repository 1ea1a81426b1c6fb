// The words about boots (docs/statistics.md, "Boots are the units"), shared by every renderer.

#include <fmt/core.h>

#include <cmath>

#include "compare/wording.hpp"
#include "core/number_text.hpp"

namespace clonebench {
namespace {

std::string spread_pct(double sd_log) {
  return std::isfinite(sd_log) ? significant_text(std::expm1(sd_log) * 100) + " %"
                               : std::string("n/a");
}

// A between-boot estimate floored at 0 is no measurement of 0 %: say what it is.
std::string between_pct(const BootSpread& spread) {
  return spread.between_within_noise ? std::string("not above the within-boot noise")
                                     : spread_pct(spread.between_sd_log);
}

std::string side_text(const char* side, const BootSpread& spread) {
  return fmt::format("{} {} boot{} ({} runs)", side, spread.boots, spread.boots == 1 ? "" : "s",
                     spread.runs);
}

const char* design_text(BootDesign design) {
  switch (design) {
    case BootDesign::kBootLevel:
      return "boots are the units (Hodges–Lehmann and Mann–Whitney U on the median of each boot)";
    case BootDesign::kSameBoot:
      return "A and B ran in the same boot: runs are the units";
    case BootDesign::kOneBootPerSide:
      return "one boot per side: the change below is within one boot";
  }
  return "";
}

std::string resolution_text(const BootAnalysis& boots, const ComparisonResult& report) {
  if (!boots.boots_needed) {
    return "no between-boot spread is known for this host and stressor (measure one label "
           "across 2 or more boots to learn it)";
  }
  return fmt::format("≈{} boots per side would resolve ±{:g} % (between-boot spread from {})",
                     *boots.boots_needed, report.options.threshold * 100, boots.spread_source);
}

}  // namespace

std::string_view metric_verdict_word(const MetricComparison& metric, Verdict verdict) {
  return metric.direction_known ? verdict_word(verdict, metric.info) : change_word(verdict);
}

std::string verdict_text(const MetricComparison& metric) {
  std::string text(metric_verdict_word(metric, metric.effect.verdict));
  if (!metric.direction_known) {
    text += " (direction unknown)";
  }
  if (!metric.boots || metric.boots->design != BootDesign::kOneBootPerSide) {
    return text;
  }
  return text + (metric.boots->assumed_no_boot_effect ? " (no boot effect assumed)"
                                                      : " (one boot per side)");
}

std::string boot_line(const MetricComparison& metric, const ComparisonResult& /*report*/) {
  if (!metric.boots) {
    return "";
  }
  const BootAnalysis& boots = *metric.boots;
  return fmt::format("{}: {}, {}; within-boot SD A {}, B {}; between-boot SD A {}, B {}; {}",
                     metric.name, side_text("A", boots.a), side_text("B", boots.b),
                     spread_pct(boots.a.within_sd_log), spread_pct(boots.b.within_sd_log),
                     between_pct(boots.a), between_pct(boots.b), design_text(boots.design));
}

std::string boot_caveat(const MetricComparison& metric, const ComparisonResult& report) {
  if (!metric.boots || metric.boots->design != BootDesign::kOneBootPerSide) {
    return "";
  }
  const BootAnalysis& boots = *metric.boots;
  if (boots.assumed_no_boot_effect) {
    return fmt::format(
        "No boot effect assumed (--assume-no-boot-effect): the verdict rests on the runs of one "
        "boot per side, which cannot tell a kernel effect from a boot effect; {}.",
        resolution_text(boots, report));
  }
  return fmt::format(
      "Inconclusive (one boot per side): runs of one boot cannot tell a kernel effect from a "
      "boot effect; {}. Within one boot the runs say:",
      resolution_text(boots, report));
}

}  // namespace clonebench
