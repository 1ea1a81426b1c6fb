// benchstat's layout (golang.org/x/perf/cmd/benchstat; docs/statistics.md, "Output formats" and
// "Test vectors"): per side the median and its order-statistic CI as "± x%", then the change of
// medians or "~" when p > alpha, with p and n; "± ∞ ¹" and "² need >= 4 samples" footnotes as
// benchstat prints them.

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "compare/renderers.hpp"
#include "compare/text_columns.hpp"

namespace clonebench {
namespace {

struct Scaled {
  double factor = 1;
  std::string unit;
};

// benchstat normalizes units: times in seconds, sizes in bytes.
Scaled base_unit(const std::string& unit) {
  if (unit == "µs") {
    return {1e-6, "sec"};
  }
  if (unit == "KiB") {
    return {1024, "B"};
  }
  return {1, unit};
}

// Four significant digits with an SI prefix, as benchstat's unit scaler: 1.718µ, 100.0n, 2.071k.
std::string si_value(double value) {
  static constexpr struct {
    double scale;
    const char* prefix;
  } kPrefixes[] = {{1e12, "T"}, {1e9, "G"},  {1e6, "M"},  {1e3, "k"},  {1, ""},
                   {1e-3, "m"}, {1e-6, "µ"}, {1e-9, "n"}, {1e-12, "p"}};
  const double magnitude = std::fabs(value);
  for (const auto& prefix : kPrefixes) {
    if (magnitude >= prefix.scale || prefix.scale == 1e-12) {
      const double scaled = value / prefix.scale;
      const double abs_scaled = std::fabs(scaled);
      const int decimals = abs_scaled >= 100 ? 1 : abs_scaled >= 10 ? 2 : 3;
      return fmt::format("{:.{}f}{}", scaled, decimals, prefix.prefix);
    }
  }
  return fmt::format("{}", value);
}

bool has_finite_ci(const SideSummary& side) {
  return std::isfinite(side.median_ci.lo) && std::isfinite(side.median_ci.hi);
}

std::string centre_cell(const SideSummary& side, double factor) {
  const std::string centre = si_value(side.median * factor);
  if (!has_finite_ci(side)) {
    return centre + " ± ∞ ¹";
  }
  const double spread =
      std::max(side.median_ci.hi / side.median - 1, 1 - side.median_ci.lo / side.median);
  return fmt::format("{} ± {:.0f}%", centre, spread * 100);
}

std::string delta_cell(const MetricComparison& metric, double alpha) {
  const Effect& e = metric.effect;
  const std::string n = metric.a.n == metric.b.n ? fmt::format("n={}", metric.a.n)
                                                 : fmt::format("n={}+{}", metric.a.n, metric.b.n);
  std::string delta = "~";
  if (e.p <= alpha && metric.a.median != 0) {
    delta = metric.a.median == metric.b.median
                ? "0.00%"
                : fmt::format("{:+.2f}%", (metric.b.median / metric.a.median - 1) * 100);
  }
  return fmt::format("{} (p={:.3f} {}){}", delta, e.p, n, e.enough_samples ? "" : " ²");
}

// One benchstat table: metrics sharing a unit.
std::string render_unit_table(const ComparisonResult& report,
                              const std::vector<const MetricComparison*>& metrics,
                              const std::string& unit_label) {
  std::vector<std::vector<std::string>> rows;
  for (const MetricComparison* metric : metrics) {
    const Scaled scaled = base_unit(metric->info.unit);
    rows.push_back({metric->name, centre_cell(metric->a, scaled.factor),
                    centre_cell(metric->b, scaled.factor),
                    delta_cell(*metric, report.options.alpha)});
  }
  std::size_t name_width = 0, a_width = 0, b_width = 0, delta_width = 0;
  for (const auto& row : rows) {
    name_width = std::max(name_width, display_width(row[0]));
    a_width = std::max(a_width, display_width(row[1]));
    b_width = std::max(b_width, display_width(row[2]));
    delta_width = std::max(delta_width, display_width(row[3]));
  }
  const std::size_t a_region = std::max(a_width + 2, display_width(report.a_name) + 2);
  const std::size_t b_region = std::max(b_width + 2 + 2 + std::max<std::size_t>(delta_width, 7),
                                        display_width(report.b_name) + 2);
  const std::string indent(name_width + 1, ' ');
  std::string out = indent + "│" + centre(report.a_name, a_region) + "│" +
                    centre(report.b_name, b_region) + "│\n";
  out += indent + "│" + centre(unit_label, a_region) + "│" +
         pad_right(centre(unit_label, b_width + 2) + "  vs base", b_region) + "│\n";
  for (const auto& row : rows) {
    out += pad_right(row[0], name_width + 1) + " " + pad_left(row[1], a_region - 1) + " " +
           pad_left(row[2], b_width + 2) + "  " + pad_left(row[3], delta_width) + "\n";
  }
  return out;
}

}  // namespace

std::string render_compare_benchstat(const ComparisonResult& report) {
  // benchstat prints one table per unit, in order of first appearance.
  std::vector<std::string> units;
  for (const MetricComparison& metric : report.metrics) {
    const std::string unit = base_unit(metric.info.unit).unit;
    if (std::find(units.begin(), units.end(), unit) == units.end()) {
      units.push_back(unit);
    }
  }
  std::string out;
  bool need_ci_note = false, need_test_note = false;
  std::size_t min_runs = 0;
  for (const std::string& unit : units) {
    std::vector<const MetricComparison*> metrics;
    for (const MetricComparison& metric : report.metrics) {
      if (base_unit(metric.info.unit).unit == unit) {
        metrics.push_back(&metric);
        need_ci_note = need_ci_note || !has_finite_ci(metric.a) || !has_finite_ci(metric.b);
        need_test_note = need_test_note || !metric.effect.enough_samples;
        min_runs = std::max(min_runs, metric.effect.min_runs);
      }
    }
    out += (out.empty() ? "" : "\n") + render_unit_table(report, metrics, unit);
  }
  if (need_ci_note) {
    out += fmt::format("¹ need >= 6 samples for confidence interval at level {:g}\n",
                       1 - report.options.alpha);
  }
  if (need_test_note) {
    out += fmt::format("² need >= {} samples to detect a difference at alpha level {:g}\n",
                       min_runs, report.options.alpha);
  }
  return out;
}

}  // namespace clonebench
