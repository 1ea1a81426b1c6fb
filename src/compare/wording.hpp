#pragma once
// The words of a comparison, in one place: the sentence per metric, the one-sentence summary
// and the noise line, shared by every renderer so that table, markdown and JSON say the same.

#include <string>

#include "compare/comparison.hpp"

namespace clonebench {

// "+2.41 %", "-0.30 %", "-∞ %", "+∞ %".
std::string format_pct(double pct);
// "p < 0.001" or "p = 0.021".
std::string format_p(double p);
// "[low, high]" of the 95 % interval, or "n/a (too few runs)" when the runs are too few for an
// interval at this α (its bounds would be -100 % and +∞ %): "n/a (too few boots)" where boots are
// the units.
std::string format_ci(const MetricComparison& metric);
// Five significant digits, never in scientific notation: "557840", "61.234", "0.00012346"
// (a reader compares reap 557840 µs with create 45.78 µs at a glance; 5.5784e+05 hides that).
std::string plain_number(double value);
// "5.123 µs"-style: plain_number() and the unit.
std::string format_value(double value, const std::string& unit);

// The verdict as shown: its name, with "(one boot per side)" when one boot per side capped it
// and "(no boot effect assumed)" when --assume-no-boot-effect lifted the cap.
std::string verdict_text(const MetricComparison& metric);
// Boots and runs per side and the within- and between-boot spreads; empty without boots.
std::string boot_line(const MetricComparison& metric, const ComparisonResult& report);
// What one boot per side means for the verdict (or that it was assumed away), with the boots
// per side that would resolve the threshold; empty unless a side had one boot. metric_sentence
// starts with it.
std::string boot_caveat(const MetricComparison& metric, const ComparisonResult& report);

std::string metric_sentence(const MetricComparison& metric, const ComparisonResult& report);
std::string summary_sentence(const ComparisonResult& report);
// CV, robust CV, outliers, drift and the resolution, for one metric.
std::string noise_line(const MetricComparison& metric, const ComparisonResult& report);

}  // namespace clonebench
