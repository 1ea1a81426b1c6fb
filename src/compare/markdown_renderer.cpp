#include <fmt/core.h>

#include "compare/per_op_change.hpp"
#include "compare/renderers.hpp"
#include "compare/wording.hpp"

namespace clonebench {
namespace {

std::string escape_cell(std::string text) {
  std::string escaped;
  for (char c : text) {
    if (c == '|') {
      escaped += '\\';
    }
    escaped += c;
  }
  return escaped;
}

std::string metric_table(const ComparisonResult& report, bool primary) {
  std::string out =
      "| Metric | A median | B median | Δ (B vs A) | Per op | 95 % CI of Δ | p | Verdict |\n"
      "|:---|---:|---:|---:|---:|---:|---:|:---|\n";
  for (const MetricComparison& metric : report.metrics) {
    if (is_primary(metric) != primary) {
      continue;
    }
    const Effect& e = metric.effect;
    out += fmt::format("| `{}` | {} | {} | {} | {} | {} | {} | {} |\n", escape_cell(metric.name),
                       median_text(metric.a, metric.info.unit),
                       median_text(metric.b, metric.info.unit),
                       change_text(e.estimate_pct, e.ci_low_pct, e.ci_high_pct),
                       per_op_change(metric).value_or("-"), format_ci(metric),
                       e.p_holm < 0.001 ? "<0.001" : fmt::format("{:.3f}", e.p_holm),
                       escape_cell(verdict_text(metric)));
  }
  return out;
}

}  // namespace

std::string render_compare_markdown(const ComparisonResult& report) {
  std::string out = fmt::format("A = `{}`, B = `{}` ({}, threshold ±{:g} %, α = {:g})\n\n",
                                escape_cell(report.a_name), escape_cell(report.b_name),
                                report.paired ? "paired" : "unpaired",
                                report.options.threshold * 100, report.options.alpha);
  out += metric_table(report, true) + "\n";
  if (const std::string note = secondary_note(report); !note.empty()) {
    // First letter up: the note opens a paragraph here.
    out += "S" + escape_cell(note.substr(1)) + ":\n\n" + metric_table(report, false) + "\n";
  }
  for (const MetricComparison& metric : report.metrics) {
    if (metric.boots && is_primary(metric)) {
      out += "Boots: " + escape_cell(boot_line(metric, report)) + "\n\n";
    }
  }
  for (const std::string& warning : report.warnings) {
    out += "> **Warning:** " + escape_cell(warning) + "\n\n";
  }
  out += summary_sentence(report) + "\n";
  return out;
}

}  // namespace clonebench
