#include <fmt/core.h>

#include <algorithm>

#include "compare/per_op_change.hpp"
#include "compare/renderers.hpp"
#include "compare/text_columns.hpp"
#include "compare/wording.hpp"

namespace clonebench {
namespace {

std::vector<std::string> metric_row(const MetricComparison& metric) {
  const Effect& e = metric.effect;
  return {metric.name,
          median_text(metric.a, metric.info.unit),
          median_text(metric.b, metric.info.unit),
          change_text(e.estimate_pct, e.ci_low_pct, e.ci_high_pct),
          per_op_change(metric).value_or("-"),
          format_ci(metric),
          e.p_holm < 0.001 ? "<0.001" : fmt::format("{:.3f}", e.p_holm),
          verdict_text(metric)};
}

// The primary metrics' rows, then the secondary ones under a line that says what they are; one
// set of columns for both, so that the numbers stay aligned.
std::string metric_rows(const ComparisonResult& report) {
  std::vector<std::vector<std::string>> rows = {
      {"metric", "A median", "B median", "Δ (B vs A)", "per op", "95% CI of Δ", "p", "verdict"}};
  std::size_t primaries = 0;
  for (const bool primary : {true, false}) {
    for (const MetricComparison& metric : report.metrics) {
      if (is_primary(metric) == primary) {
        rows.push_back(metric_row(metric));
        primaries += primary ? 1 : 0;
      }
    }
  }
  const std::string table =
      render_columns(rows, {false, true, true, true, true, true, true, false}, "  ");
  const std::string note = secondary_note(report);
  if (note.empty()) {
    return table;
  }
  // After the header and the primary rows, one line each.
  std::size_t at = 0;
  for (std::size_t line = 0; line < 1 + primaries; ++line) {
    at = table.find('\n', at) + 1;
  }
  return table.substr(0, at) + "  " + note + ":\n" + table.substr(at);
}

}  // namespace

std::string render_compare_table(const ComparisonResult& report) {
  std::string out = fmt::format("compare  A = {}   B = {}\n", report.a_name, report.b_name);
  const bool several = std::count_if(report.metrics.begin(), report.metrics.end(), is_primary) > 1;
  out += fmt::format("design   {}; threshold ±{:g} %, α = {:g}{}\n\n",
                     report.paired ? "paired (Wilcoxon signed-rank, HL of pair differences)"
                                   : "unpaired (Mann–Whitney U, HL of all differences)",
                     report.options.threshold * 100, report.options.alpha,
                     several ? ", p Holm-adjusted across metrics" : "");
  out += metric_rows(report);
  out += "\n";
  // The noise and boots of the primary metrics: the secondary rows are described, not judged.
  for (const MetricComparison& metric : report.metrics) {
    if (is_primary(metric)) {
      out += "noise    " + noise_line(metric, report) + "\n";
    }
  }
  for (const MetricComparison& metric : report.metrics) {
    if (metric.boots && is_primary(metric)) {
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
