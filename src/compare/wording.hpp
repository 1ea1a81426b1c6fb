#pragma once
// The words of a comparison, in one place: the sentence per metric, the one-sentence summary
// and the noise line, shared by every renderer so that table, markdown and JSON say the same.

#include <string>

#include "compare/comparison.hpp"

namespace clonebench {

// "+2.41 %", "-0.30 %", "-∞ %", "+∞ %": two decimals, as the report's older tables write them
// (src/report); compare's own text writes changes by the number rule (change_text()).
std::string format_pct(double pct);
// A change in percent by the number rule (core/number_text.hpp): with the digits the interval
// from `low` to `high` vouches for, three significant ones without a finite width; "+∞ %" and
// "-∞ %" for an unbounded value. "+3.1 %", "-0.30 %".
std::string change_text(double pct, double low, double high);
// "[+2.9 %, +3.3 %]": an interval of a change by the same rule.
std::string change_interval_text(double low, double high);
// A side's median with its unit, with the digits of its order-statistic interval (three
// significant ones when the runs are too few for one): "8410 ops/s", "115.4 µs".
std::string median_text(const SideSummary& side, const std::string& unit);
// "p < 0.001" or "p = 0.021".
std::string format_p(double p);
// "[low, high]" of the 95 % interval, or "n/a (too few runs)" when the runs are too few for an
// interval at this α (its bounds would be -100 % and +∞ %): "n/a (too few boots)" where boots are
// the units.
std::string format_ci(const MetricComparison& metric);
// Five significant digits, never in scientific notation: "557840", "61.234", "0.00012346"
// (a reader compares reap 557840 µs with create 45.78 µs at a glance; 5.5784e+05 hides that).
// The report's older tables use it; compare's output follows the number rule instead.
std::string plain_number(double value);
// "5.123 µs"-style: plain_number() and the unit.
std::string format_value(double value, const std::string& unit);

// The verdict's word for `metric`: verdict_word(), or change_word() ("higher", "lower") when its
// direction is unknown.
std::string_view metric_verdict_word(const MetricComparison& metric, Verdict verdict);
// The verdict as shown: its word, with " (direction unknown)" when nobody says which way is
// better, with "(one boot per side)" when one boot per side capped it
// and "(no boot effect assumed)" when --assume-no-boot-effect lifted the cap.
std::string verdict_text(const MetricComparison& metric);
// Boots and runs per side and the within- and between-boot spreads; empty without boots.
std::string boot_line(const MetricComparison& metric, const ComparisonResult& report);
// What one boot per side means for the verdict (or that it was assumed away), with the boots
// per side that would resolve the threshold; empty unless a side had one boot. metric_sentence
// starts with it.
std::string boot_caveat(const MetricComparison& metric, const ComparisonResult& report);

std::string metric_sentence(const MetricComparison& metric, const ComparisonResult& report);
// About the primary metrics (MetricRole): how many differ and the first one's sentence.
std::string summary_sentence(const ComparisonResult& report);
// What the secondary rows are, for the line that introduces them; empty when there are none.
std::string secondary_note(const ComparisonResult& report);
// CV, robust CV, outliers, drift and the resolution, for one metric.
std::string noise_line(const MetricComparison& metric, const ComparisonResult& report);

}  // namespace clonebench
