#include <fmt/core.h>

#include "compare/per_op_change.hpp"
#include "compare/renderers.hpp"
#include "compare/text_columns.hpp"
#include "compare/wording.hpp"

namespace clonebench {

std::string render_compare_table(const ComparisonResult& report) {
  std::string out = fmt::format("compare  A = {}   B = {}\n", report.a_name, report.b_name);
  out += fmt::format("design   {}; threshold ±{:g} %, α = {:g}{}\n\n",
                     report.paired ? "paired (Wilcoxon signed-rank, HL of pair differences)"
                                   : "unpaired (Mann–Whitney U, HL of all differences)",
                     report.options.threshold * 100, report.options.alpha,
                     report.metrics.size() > 1 ? ", p Holm-adjusted across metrics" : "");
  std::vector<std::vector<std::string>> rows = {
      {"metric", "A median", "B median", "Δ (B vs A)", "per op", "95% CI of Δ", "p", "verdict"}};
  for (const MetricComparison& metric : report.metrics) {
    const Effect& e = metric.effect;
    rows.push_back({metric.name, format_value(metric.a.median, metric.info.unit),
                    format_value(metric.b.median, metric.info.unit), format_pct(e.estimate_pct),
                    per_op_change(metric).value_or("-"), format_ci(metric),
                    e.p_holm < 0.001 ? "<0.001" : fmt::format("{:.3f}", e.p_holm),
                    verdict_text(metric)});
  }
  out += render_columns(rows, {false, true, true, true, true, true, true, false}, "  ");
  out += "\n";
  for (const MetricComparison& metric : report.metrics) {
    out += "noise    " + noise_line(metric, report) + "\n";
  }
  for (const MetricComparison& metric : report.metrics) {
    if (metric.boots) {
      out += "boots    " + boot_line(metric, report) + "\n";
    }
  }
  for (const std::string& warning : report.warnings) {
    out += "warning  " + warning + "\n";
  }
  out += "summary  " + summary_sentence(report) + "\n";
  return out;
}

}  // namespace clonebench
