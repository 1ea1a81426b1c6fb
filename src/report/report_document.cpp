// The report's document (report_renderers.hpp): one section per kind of fact, each filled with
// the facts as typed text and tables, written as Markdown or HTML by document.hpp's renderers.

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <map>

#include "compare/comparison.hpp"
#include "compare/wording.hpp"
#include "core/number_text.hpp"
#include "core/overloaded.hpp"
#include "core/text_safety.hpp"
#include "record/metric_table.hpp"
#include "record/run_group.hpp"
#include "report/document.hpp"
#include "report/experiment_sections.hpp"
#include "report/hvo_key_report.hpp"
#include "report/kernels_report.hpp"
#include "report/markdown_text.hpp"
#include "report/report_facts.hpp"
#include "report/report_renderers.hpp"
#include "report/run_quantity.hpp"
#include "report/trace_report.hpp"
#include "scale/scale_render.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

// The one effect size of a report, named wherever a change is shown.
Paragraph effect_size_paragraph() {
  return {{words("Δ: the Hodges–Lehmann estimate of the change of B against A (the median of all "
                 "pairwise ratios B/A, in percent), as "),
           code("clonebench compare"), words(" states it.")}};
}

std::string metric_or_dash(const RunObservation& observation, const std::string& name) {
  const auto found = observation.metrics.find(name);
  return found == observation.metrics.end() ? "–" : markdown_number(found->second);
}

std::vector<Inlines> run_row(const StoredRun& run, const RunQuantity& quantity) {
  const RunResult& r = run.record.result;
  const RunObservation o = observation_of(run.record, run.environment);
  std::vector<Inlines> row = {{words(std::to_string(run.record.id))},
                              {text(run.record.label)},
                              {text(run_group_name(run.record))},
                              {words(std::to_string(r.instances))},
                              {text(run.record.started_at)}};
  std::vector<std::string> metrics = {std::string(kInstructionsPerOp)};
  for (const LatencyPhase& phase : kLatencyPhases) {
    metrics.push_back(instruction_phase_metric_name(phase.name));
  }
  if (!quantity.counted()) {
    metrics = {"ops_per_sec_real", "ops_per_sec_cpu", "latency_us.create.p50",
               "latency_us.start.p50", "latency_us.reap.p50"};
  }
  for (const std::string& metric : metrics) {
    row.push_back({words(metric_or_dash(o, metric))});
  }
  row.push_back({words(std::to_string(r.max_rss_kb))});
  return row;
}

// The run table's header: rates and p50 times, or a counted run's instructions per operation
// and the mean instructions of each phase.
std::vector<std::string> runs_header(const RunQuantity& quantity) {
  std::vector<std::string> header = {"run", "label", "stressor (settings)", "instances",
                                     "started (UTC)"};
  if (quantity.counted()) {
    header.push_back("instructions/op");
    for (const LatencyPhase& phase : kLatencyPhases) {
      header.push_back(std::string(phase.name) + " mean instructions");
    }
  } else {
    header.insert(header.end(), {"ops/s (real)", "ops/s (usr+sys)", "create p50 µs", "start p50 µs",
                                 "reap p50 µs"});
  }
  header.push_back("max RSS KiB");
  return header;
}

// The headline per interval of a run, the last (shorter) one left out; none when it has no
// intervals.
std::vector<double> interval_values(const RunResult& r, const RunQuantity& quantity) {
  const std::size_t used = r.intervals.ops.size() - (r.intervals.ops.size() > 1 ? 1 : 0);
  std::vector<double> values;
  for (std::size_t i = 0; i < used; ++i) {
    if (const std::optional<double> value =
            quantity.per_interval(r.intervals.ops[i], r.intervals.interval_s)) {
      values.push_back(*value);
    }
  }
  return values;
}

Blocks over_time_section(const RunQuantity& quantity, std::vector<std::vector<Inlines>> rows) {
  if (quantity.counted()) {
    return {Heading{2, {words("Instructions per operation over each run")}},
            Paragraph{{words("Guest instructions per operation in each interval of the run (an "
                             "interval is 10^9 × its length in instructions), the last, shorter "
                             "interval left out, lower is better; ρ is Spearman's rank "
                             "correlation with the instructions executed (drift).")}},
            aligned_table({"run", "interval (instructions)", "intervals", "min instructions/op",
                           "median instructions/op", "max instructions/op", "ρ"},
                          std::move(rows))};
  }
  return {Heading{2, {words("Throughput over time")}},
          Paragraph{{words("Ops/s per interval (all instances), the last, shorter interval "
                           "left out; ρ is Spearman's rank correlation with time (drift).")}},
          aligned_table(
              {"run", "interval s", "intervals", "min ops/s", "median ops/s", "max ops/s", "ρ"},
              std::move(rows))};
}

Blocks runs_section(const std::vector<StoredRun>& runs) {
  const RunQuantity& quantity = run_quantity(runs);
  std::vector<std::vector<Inlines>> rows, over_time;
  for (const StoredRun& run : runs) {
    rows.push_back(run_row(run, quantity));
    const RunResult& r = run.record.result;
    const std::vector<double> values = interval_values(r, quantity);
    if (!values.empty()) {
      const auto [lo, hi] = std::minmax_element(values.begin(), values.end());
      over_time.push_back({{words(std::to_string(run.record.id))},
                           // A setting, not a measurement: as given ("0.5"), not by the rule.
                           {words(plain_number(quantity.counted() ? r.intervals.interval_s * 1e9
                                                                  : r.intervals.interval_s))},
                           {words(std::to_string(r.intervals.ops.size()))},
                           {words(markdown_number(*lo))},
                           {words(markdown_number(median(values)))},
                           {words(markdown_number(*hi))},
                           {words(fmt::format("{:+.2f}", drift_of(values).rho))}});
    }
  }
  Blocks out = {Heading{2, {words("Runs")}}, aligned_table(runs_header(quantity), std::move(rows))};
  if (!over_time.empty()) {
    Blocks section = over_time_section(quantity, std::move(over_time));
    out.insert(out.end(), std::make_move_iterator(section.begin()),
               std::make_move_iterator(section.end()));
  }
  return out;
}

// The change of `values` against `first` as the comparison states it (Hodges–Lehmann estimate of
// the shift of the logs), so that a report has one effect size; "n/a" when it cannot.
std::string shift_vs_first(const RunQuantity& quantity, const std::vector<double>& first,
                           const std::vector<double>& values) {
  const std::string metric(quantity.table->headline);
  try {
    const ComparisonResult shift =
        analyze_unpaired({{metric, metric_info(metric), first, values}}, {});
    const Effect& effect = shift.metrics.front().effect;
    return number_in_interval(effect.estimate_pct, effect.ci_low_pct, effect.ci_high_pct,
                              NumberSign::kAlways) +
           " %";
  } catch (const std::exception&) {
    return "n/a";  // a value of zero: no ratio
  }
}

// One row per label and run group (record/run_group.hpp): runs of different settings are never
// pooled into one figure. With one label it is the report's answer; with several, the trend.
Blocks trend_section(const std::vector<LabelGroup>& groups) {
  const RunQuantity& quantity = run_quantity(groups);
  const bool several = groups.size() > 1;
  std::vector<std::vector<Inlines>> rows;
  for (const std::string& run_group : run_groups_of(groups)) {
    std::vector<double> first;
    for (const LabelGroup& group : groups) {
      const std::vector<double> values = headline_values_of(quantity, group, run_group);
      if (values.empty()) {
        continue;
      }
      const ValueInterval ci = median_interval(values, 0.95);
      const bool is_first = first.empty();
      if (is_first) {
        first = values;
      }
      const bool bounded = std::isfinite(ci.lo) && std::isfinite(ci.hi);
      std::vector<Inlines> row = {
          {text(run_group)},
          {text(group.label)},
          {words(std::to_string(values.size()))},
          {words(bounded ? number_in_interval(median(values), ci.lo, ci.hi)
                         : markdown_number(median(values)))},
          {words(bounded ? interval_text_of(ci.lo, ci.hi) : "needs ≥ 6 runs")}};
      if (several) {
        row.push_back({words(is_first ? "–" : shift_vs_first(quantity, first, values))});
      }
      rows.push_back(std::move(row));
    }
  }
  std::vector<std::string> header = {"stressor (settings)", "label", "n",
                                     "median " + quantity.per_op, "95% CI of the median"};
  if (!several) {
    return {Heading{2, {words(quantity.name + " per stressor and settings" + quantity.better)}},
            Paragraph{{words("Runs of different settings are never pooled: one row per "
                             "stressor and the settings that change the work (docs/report.md).")}},
            aligned_table(header, std::move(rows))};
  }
  header.emplace_back("Δ vs first");
  return {Heading{2, {words("Trend of " + quantity.name + " across labels" + quantity.better)}},
          effect_size_paragraph(), aligned_table(header, std::move(rows))};
}

Blocks comparison_section(const ComparisonResult& report) {
  Blocks out = {Heading{2, {text(report.a_name), words(" vs "), text(report.b_name)}},
                effect_size_paragraph()};
  BulletList lines;
  for (const MetricComparison& metric : report.metrics) {
    lines.items.push_back({text(metric_sentence(metric, report))});
    lines.items.push_back({words("noise: "), text(noise_line(metric, report))});
  }
  for (const std::string& warning : report.warnings) {
    lines.items.push_back({words("warning: "), text(warning)});
  }
  if (!lines.items.empty()) {
    out.push_back(std::move(lines));
  }
  return out;
}

Blocks environment_section(const std::vector<LabelGroup>& groups) {
  std::vector<std::string> header = {"environment"};
  std::vector<std::vector<std::pair<std::string, std::string>>> columns;
  for (const LabelGroup& group : groups) {
    header.push_back(group.label);
    columns.push_back(environment_lines(group.runs.front()->environment));
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
  std::vector<std::vector<Inlines>> rows;
  for (const std::string& name : order) {
    const std::vector<std::string>& cells = values[name];
    const bool differs =
        std::adjacent_find(cells.begin(), cells.end(), std::not_equal_to<>()) != cells.end();
    std::vector<Inlines> line = {{differs ? strong(name) : text(name)}};
    for (const std::string& value : cells) {
      line.push_back({differs ? strong(value) : text(value)});
    }
    rows.push_back(std::move(line));
  }
  Table table = aligned_table(header, std::move(rows));
  for (std::size_t i = 1; i < header.size(); ++i) {
    table.header[i] = {text(header[i])};  // the labels
  }
  Blocks out = {Heading{2, {words("Environment")}}};
  if (columns.size() > 1) {
    out.push_back(Paragraph{{words("Rows that differ are in bold.")}});
  }
  out.push_back(std::move(table));
  return out;
}

void append(Blocks& to, Blocks blocks) {
  to.insert(to.end(), std::make_move_iterator(blocks.begin()),
            std::make_move_iterator(blocks.end()));
}

// The experiment's analysis, one section per kind.
Blocks experiment_section(const ReportInput& input, const std::vector<LabelGroup>& groups) {
  const Experiment& experiment = *input.experiment;
  return std::visit(
      Overloaded{[&](const AbSummary& s) { return ab_section(experiment, s); },
                 [&](const SweepSummary& s) { return sweep_section(experiment, s); },
                 [&](const ScaleSummary& s) { return scale_section(experiment, s, input.runs); },
                 [&](const TraceCensus& s) { return trace_section(s); },
                 [&](const KernelsSummary& s) {
                   return kernels_section(
                       kernels_report_facts(s, groups, input.assume_no_boot_effect));
                 },
                 [&](const HvoKeySummary& s) { return hvo_key_section(experiment, s); }},
      *experiment.summary);
}

// The answer first: the experiment's analysis, or the comparison of the first and last label.
Blocks lead_of(const ReportInput& input, const std::vector<LabelGroup>& groups) {
  if (input.experiment) {
    return experiment_section(input, groups);
  }
  if (groups.size() > 1) {
    return comparison_section(compare_first_and_last(groups, input.assume_no_boot_effect));
  }
  return {};
}

}  // namespace

ReportDocument report_document(const ReportInput& input) {
  ReportDocument document;
  for (const std::string& word : input.selection) {
    document.title += (document.title.empty() ? "" : " ") + printable(word);
  }
  if (input.experiment) {
    document.title = printable(input.experiment->tag);  // a kind's word named the newest
  }
  const std::vector<LabelGroup> groups = group_by_label(input.runs);
  document.lead = lead_of(input, groups);
  if (input.experiment && input.experiment->kind == ExperimentKind::kTrace) {
    return document;  // a census stands alone: its document is the answer
  }
  if (!input.experiment && !groups.empty()) {
    // A row per label and run group: with the comparison, the answer the plots come after.
    append(document.lead, trend_section(groups));
  }
  const bool compared = !input.experiment && groups.size() > 1;
  if (!compared &&
      (input.experiment == std::nullopt || input.experiment->kind != ExperimentKind::kAb)) {
    // ab's summary says it among its warnings; a comparison among its own.
    BulletList warnings;
    for (const std::string& line : noisy_run_lines(groups)) {
      warnings.items.push_back({words("warning: "), text(line)});
    }
    if (!warnings.items.empty()) {
      document.lead.push_back(std::move(warnings));
    }
  }
  if (!input.runs.empty()) {
    append(document.body, runs_section(input.runs));
    append(document.body, environment_section(groups));
  }
  return document;
}

std::string render_markdown_report(const ReportInput& input) {
  return to_markdown(report_document(input));
}

}  // namespace clonebench
