// The markdown report: one section per kind of fact, each a table (report_renderers.hpp).

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <map>
#include <string_view>

#include "compare/comparison.hpp"
#include "compare/wording.hpp"
#include "core/text_safety.hpp"
#include "record/environment_json.hpp"
#include "record/kernels_summary_json.hpp"
#include "record/metric_table.hpp"
#include "report/experiment_sections.hpp"
#include "report/kernels_report.hpp"
#include "report/markdown_text.hpp"
#include "report/report_facts.hpp"
#include "report/report_renderers.hpp"
#include "report/trace_report.hpp"
#include "scale/scale_render.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

// The one effect size of a report, named wherever a change is shown.
constexpr const char* kEffectSize =
    "Δ: the Hodges–Lehmann estimate of the change of B against A (the median of all pairwise "
    "ratios B/A, in percent), as `clonebench compare` states it.";

std::string metric_or_dash(const RunObservation& observation, const std::string& name) {
  const auto found = observation.metrics.find(name);
  return found == observation.metrics.end() ? "–" : markdown_number(found->second);
}

std::string runs_section(const std::vector<StoredRun>& runs) {
  std::vector<std::vector<std::string>> rows, throughput;
  for (const StoredRun& run : runs) {
    const RunResult& r = run.record.result;
    const RunObservation o = observation_of(run.record, run.environment);
    rows.push_back({std::to_string(run.record.id), md_text(run.record.label), md_text(r.stressor),
                    std::to_string(r.instances), md_text(run.record.started_at),
                    markdown_number(r.ops_per_sec_real()), markdown_number(r.ops_per_sec_cpu()),
                    metric_or_dash(o, "latency_us.create.p50"),
                    metric_or_dash(o, "latency_us.start.p50"),
                    metric_or_dash(o, "latency_us.reap.p50"), std::to_string(r.max_rss_kb)});
    std::vector<double> rates;
    for (std::uint64_t ops : r.intervals.ops) {
      rates.push_back(r.intervals.interval_s > 0 ? static_cast<double>(ops) / r.intervals.interval_s
                                                 : 0.0);
    }
    if (rates.size() > 1) {
      rates.pop_back();  // the last interval is shorter
    }
    if (!rates.empty()) {
      const auto [lo, hi] = std::minmax_element(rates.begin(), rates.end());
      throughput.push_back({std::to_string(run.record.id), markdown_number(r.intervals.interval_s),
                            std::to_string(r.intervals.ops.size()), markdown_number(*lo),
                            markdown_number(median(rates)), markdown_number(*hi),
                            fmt::format("{:+.2f}", drift_of(rates).rho)});
    }
  }
  std::string out =
      "## Runs\n\n" +
      md_table({"run", "label", "stressor", "instances", "started (UTC)", "ops/s (real)",
                "ops/s (usr+sys)", "create p50 µs", "start p50 µs", "reap p50 µs", "max RSS KiB"},
               rows);
  if (!throughput.empty()) {
    out +=
        "## Throughput over time\n\nOps/s per interval (all instances), the last, shorter "
        "interval left out; ρ is Spearman's rank correlation with time (drift).\n\n" +
        md_table({"run", "interval s", "intervals", "min ops/s", "median ops/s", "max ops/s", "ρ"},
                 throughput);
  }
  return out;
}

// The change of `rates` against `first` as the comparison states it (Hodges–Lehmann estimate of
// the shift of the log rates), so that a report has one effect size; "n/a" when it cannot.
std::string shift_vs_first(const std::vector<double>& first, const std::vector<double>& rates) {
  try {
    const ComparisonResult shift =
        analyze_unpaired({{"ops_per_sec_real", metric_info("ops_per_sec_real"), first, rates}}, {});
    return format_pct(shift.metrics.front().effect.estimate_pct);
  } catch (const std::exception&) {
    return "n/a";  // a rate of zero: no ratio
  }
}

std::string trend_section(const std::vector<LabelGroup>& groups) {
  std::vector<std::vector<std::string>> rows;
  for (const std::string& stressor : stressors_of(groups)) {
    std::vector<double> first;
    for (const LabelGroup& group : groups) {
      const std::vector<double> rates = rates_of(group, stressor);
      if (rates.empty()) {
        continue;
      }
      const ValueInterval ci = median_interval(rates, 0.95);
      const bool is_first = first.empty();
      if (is_first) {
        first = rates;
      }
      rows.push_back({md_text(stressor), md_text(group.label), std::to_string(rates.size()),
                      markdown_number(median(rates)),
                      std::isfinite(ci.lo) && std::isfinite(ci.hi)
                          ? fmt::format("[{}, {}]", markdown_number(ci.lo), markdown_number(ci.hi))
                          : "needs ≥ 6 runs",
                      is_first ? "–" : shift_vs_first(first, rates)});
    }
  }
  return "## Trend of ops/s (real) across labels\n\n" + std::string(kEffectSize) + "\n\n" +
         md_table({"stressor", "label", "n", "median ops/s", "95% CI of the median", "Δ vs first"},
                  rows);
}

std::string comparison_section(const ComparisonResult& report) {
  std::string out = fmt::format("## {} vs {}\n\n{}\n\n", md_text(report.a_name),
                                md_text(report.b_name), kEffectSize);
  for (const MetricComparison& metric : report.metrics) {
    out += "- " + md_text(metric_sentence(metric, report)) + "\n";
    out += "- noise: " + md_text(noise_line(metric, report)) + "\n";
  }
  for (const std::string& warning : report.warnings) {
    out += "- warning: " + md_text(warning) + "\n";
  }
  return out + "\n";
}

std::string environment_section(const std::vector<LabelGroup>& groups) {
  std::vector<std::string> header = {"environment"};
  std::vector<std::vector<std::pair<std::string, std::string>>> columns;
  for (const LabelGroup& group : groups) {
    header.push_back(md_text(group.label));
    columns.push_back(environment_lines(environment_from_json(group.runs.front()->environment)));
  }
  std::map<std::string, std::vector<std::string>> values;
  std::vector<std::string> order;
  for (std::size_t c = 0; c < columns.size(); ++c) {
    for (const auto& [name, value] : columns[c]) {
      if (!values.contains(name)) {
        order.push_back(name);
        values[name] = std::vector<std::string>(columns.size(), "n/a");
      }
      values[name][c] = value;
    }
  }
  std::vector<std::vector<std::string>> rows;
  for (const std::string& name : order) {
    const std::vector<std::string>& cells = values[name];
    const bool differs =
        std::adjacent_find(cells.begin(), cells.end(), std::not_equal_to<>()) != cells.end();
    std::vector<std::string> line = {differs ? "**" + md_text(name) + "**" : md_text(name)};
    for (const std::string& value : cells) {
      line.push_back(differs ? "**" + md_text(value) + "**" : md_text(value));
    }
    rows.push_back(std::move(line));
  }
  return std::string("## Environment\n\n") +
         (columns.size() > 1 ? "Rows that differ are in bold.\n\n" : "") + md_table(header, rows);
}

}  // namespace

MarkdownParts markdown_parts(const ReportInput& input) {
  MarkdownParts parts;
  for (const std::string& word : input.selection) {
    parts.title += (parts.title.empty() ? "" : " ") + printable(word);
  }
  if (input.experiment) {
    parts.title = printable(input.experiment->tag);  // "ab", "sweep" or "scale" named the newest
  }
  if (input.experiment && input.experiment->kind == "trace") {
    // A census stands alone: its markdown, less its title line, is the answer.
    const std::string census =
        trace_markdown_report(input.experiment->tag, trace_census_of(*input.experiment));
    parts.lead = printable_lines(census.substr(census.find('\n') + 1));
    return parts;
  }
  const std::vector<LabelGroup> groups = group_by_label(input.runs);
  // The answer first: the experiment's analysis, or the comparison of the first and last label.
  if (input.experiment && input.experiment->kind == "ab") {
    parts.lead = ab_section(*input.experiment);
  } else if (input.experiment && input.experiment->kind == "kernels") {
    parts.lead = kernels_markdown_section(kernels_report_facts(
        kernels_summary_from_json(input.experiment->summary), groups, input.assume_no_boot_effect));
  } else if (input.experiment && input.experiment->kind == "scale") {
    parts.lead = scale_section(*input.experiment, input.runs);
  } else if (input.experiment) {
    parts.lead = sweep_section(*input.experiment);
  }
  if (!input.experiment && groups.size() > 1) {
    parts.lead = comparison_section(compare_first_and_last(groups, input.assume_no_boot_effect));
    parts.body += trend_section(groups);
  } else if (input.experiment == std::nullopt || input.experiment->kind != "ab") {
    // ab's summary says it among its warnings; a comparison among its own.
    for (const std::string& line : noisy_run_lines(groups)) {
      parts.lead += "- warning: " + line + "\n";
    }
    parts.lead += parts.lead.empty() || parts.lead.ends_with("\n\n") ? "" : "\n";
  }
  if (!input.runs.empty()) {
    parts.body += runs_section(input.runs) + environment_section(groups);
  }
  // No control character, whatever a section let through (the HTML is made from these too).
  parts.lead = printable_lines(parts.lead);
  parts.body = printable_lines(parts.body);
  return parts;
}

std::string render_markdown_report(const ReportInput& input) {
  const MarkdownParts parts = markdown_parts(input);
  return "# clonebench report: " + md_text(parts.title) + "\n\n" + parts.lead + parts.body;
}

}  // namespace clonebench
