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
#include "record/metric_table.hpp"
#include "report/kernels_report.hpp"
#include "report/report_facts.hpp"
#include "report/report_renderers.hpp"
#include "report/trace_report.hpp"
#include "scale/scale_render.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

// Stored text (labels, names, sentences holding them) as Markdown text: printable(), with every
// character that would start Markdown syntax backslash-escaped, so it is shown as typed and never
// rendered ("![i](http://…)" stays text, not an image). '|' is left to cell(); '_' only matters
// beside a non-word character (CommonMark: no emphasis inside a word).
std::string md_text(std::string_view text) {
  const std::string safe = printable(text);
  const auto word = [&](std::size_t i) {
    return i < safe.size() && (std::isalnum(static_cast<unsigned char>(safe[i])) != 0 ||
                               static_cast<unsigned char>(safe[i]) >= 0x80);
  };
  std::string out;
  for (std::size_t i = 0; i < safe.size(); ++i) {
    const char c = safe[i];
    const bool special = std::string_view("\\`*[]<>!~&#").find(c) != std::string_view::npos;
    const bool underscore = c == '_' && !(i > 0 && word(i - 1) && word(i + 1));
    if (special || underscore) {
      out += '\\';
    }
    out += c;
  }
  return out;
}

// A fenced code block of one stored text: printable() leaves no line break, and the fence is
// longer than any run of backticks inside, so nothing in it can end the block.
std::string code_block(const std::string& text) {
  const std::string safe = printable(text);
  std::size_t longest = 0, run = 0;
  for (const char c : safe) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  const std::string fence(std::max<std::size_t>(3, longest + 1), '`');
  return fence + "\n" + safe + "\n" + fence + "\n";
}

// The one effect size of a report, named wherever a change is shown.
constexpr const char* kEffectSize =
    "Δ: the Hodges–Lehmann estimate of the change of B against A (the median of all pairwise "
    "ratios B/A, in percent), as `clonebench compare` states it.";

std::string cell(std::string text) {
  std::string out;
  for (char c : text) {
    out += c == '|' ? std::string("\\|") : std::string(1, c);
  }
  return out;
}

std::string row(const std::vector<std::string>& cells) {
  std::string line = "|";
  for (const std::string& text : cells) {
    line += " " + cell(text) + " |";
  }
  return line + "\n";
}

bool is_numeric(const std::string& text) {
  if (text.starts_with('[')) {
    return true;  // an interval
  }
  double value = 0;
  const std::size_t end = text.find(' ');  // "+1.20 %"
  const std::string number_part = text.substr(0, end);
  const char* first = number_part.data() + (number_part.starts_with('+') ? 1 : 0);
  const auto [last, error] = std::from_chars(first, number_part.data() + number_part.size(), value);
  return !number_part.empty() && error == std::errc() &&
         last == number_part.data() + number_part.size();
}

// Columns whose cells are all numbers align right; text columns align left.
std::string table(const std::vector<std::string>& header,
                  const std::vector<std::vector<std::string>>& rows) {
  std::string out = row(header) + "|";
  for (std::size_t i = 0; i < header.size(); ++i) {
    const bool numeric = !rows.empty() && std::all_of(rows.begin(), rows.end(), [i](const auto& r) {
      return i < r.size() && is_numeric(r[i]);
    });
    out += numeric ? " ---: |" : " --- |";
  }
  out += "\n";
  for (const auto& cells : rows) {
    out += row(cells);
  }
  return out + "\n";
}

std::string markdown_number(double value) {
  return plain_number(value);
}

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
  std::string out = "## Runs\n\n" + table({"run", "label", "stressor", "instances", "started (UTC)",
                                           "ops/s (real)", "ops/s (usr+sys)", "create p50 µs",
                                           "start p50 µs", "reap p50 µs", "max RSS KiB"},
                                          rows);
  if (!throughput.empty()) {
    out +=
        "## Throughput over time\n\nOps/s per interval (all instances), the last, shorter "
        "interval left out; ρ is Spearman's rank correlation with time (drift).\n\n" +
        table({"run", "interval s", "intervals", "min ops/s", "median ops/s", "max ops/s", "ρ"},
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
         table({"stressor", "label", "n", "median ops/s", "95% CI of the median", "Δ vs first"},
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
         (columns.size() > 1 ? "Rows that differ are in bold.\n\n" : "") + table(header, rows);
}

std::string ab_section(const Experiment& experiment) {
  const nlohmann::json& s = experiment.summary;
  std::vector<std::vector<std::string>> rows;
  std::string sentences;
  for (const auto& m : s.value("metrics", nlohmann::json::array())) {
    const auto& effect = m.at("effect");
    const auto& ci = effect.at("ci_pct");
    rows.push_back({md_text(m.value("name", "")), markdown_number(m.at("a").value("median", 0.0)),
                    markdown_number(m.at("b").value("median", 0.0)),
                    std::to_string(m.at("a").value("n", 0)),
                    format_pct(effect.value("estimate_pct", 0.0)),
                    ci[0].is_number() && ci[1].is_number()
                        ? fmt::format("[{}, {}]", format_pct(ci[0].get<double>()),
                                      format_pct(ci[1].get<double>()))
                        : "unbounded",
                    p_column(effect.value("p_holm", 1.0)), effect.value("verdict", "")});
    sentences += "- " + md_text(m.value("sentence", "")) + "\n";
  }
  std::string out = fmt::format("## A/B experiment {} ({}, {})\n\n{}\n", md_text(experiment.tag),
                                md_text(experiment.status), md_text(experiment.created_at),
                                code_block(ab_command(s)));
  out +=
      "Δ: the Hodges–Lehmann estimate of the paired change of B against A (the median of the "
      "Walsh averages of the pairs' log ratios B/A, in percent).\n\n";
  out += table({"metric", "A median", "B median", "pairs", "Δ (B vs A)", "95% CI", "p", "verdict"},
               rows);
  out += sentences;
  for (const auto& warning : s.value("warnings", nlohmann::json::array())) {
    out += "- warning: " + md_text(warning.get<std::string>()) + "\n";
  }
  return out + "\n**" + md_text(s.value("summary", "")) + "**\n\n";
}

std::string estimate_text(const nlohmann::json& estimate) {
  const auto& ci = estimate.at("ci");
  return fmt::format("{} [{}, {}]", markdown_number(estimate.value("estimate", 0.0)),
                     markdown_number(ci[0].get<double>()), markdown_number(ci[1].get<double>()));
}

std::string sweep_section(const Experiment& experiment) {
  const nlohmann::json& s = experiment.summary;
  std::vector<std::vector<std::string>> fits, points;
  for (const auto& fit : s.value("fits", nlohmann::json::array())) {
    // As `clonebench sweep` words it: "curved" (a bend, whatever R² says), "poor fit" (low R²).
    std::string verdict;
    for (const auto& flag : fit.value("flags", nlohmann::json::array())) {
      const std::string word = flag == "nonlinear" ? "curved"
                               : flag == "low_r2"  ? "poor fit"
                                                   : printable(flag.get<std::string>());
      verdict += (verdict.empty() ? "" : ", ") + word;
    }
    fits.push_back({fit.value("phase", ""), estimate_text(fit.at("per_page_ns")),
                    estimate_text(fit.at("fixed_us")), markdown_number(fit.value("r2", 0.0)),
                    std::to_string(fit.value("n", 0)), verdict.empty() ? "ok" : verdict});
  }
  for (const auto& point : s.value("points", nlohmann::json::array())) {
    points.push_back({cli_size(point.value("rss_bytes", std::uint64_t{0})),
                      markdown_number(point.value("pages", 0.0)),
                      markdown_number(point.value("create_us", 0.0)),
                      markdown_number(point.value("reap_us", 0.0)),
                      markdown_number(point.value("total_us", 0.0)),
                      std::to_string(point.value("runs", nlohmann::json::array()).size())});
  }
  return fmt::format("## Sweep {} ({}, {})\n\n{}\n", md_text(experiment.tag),
                     md_text(experiment.status), md_text(experiment.created_at),
                     code_block(sweep_command(s))) +
         "Fits (Theil–Sen, 95% CIs): cost = fixed + per page × pages.\n\n" +
         table({"phase", "per page ns [95% CI]", "fixed µs [95% CI]", "R²", "n", "fit"}, fits) +
         "Medians per size.\n\n" +
         table({"rss", "pages", "create µs", "reap µs", "total µs", "runs"}, points);
}

// The points of a scale with their intervals, each step's verdict, and where throughput stops
// growing, in the words `clonebench scale` printed.
std::string scale_section(const Experiment& experiment, const std::vector<StoredRun>& runs) {
  const nlohmann::json& s = experiment.summary;
  std::vector<std::vector<std::string>> points;
  for (const auto& point : s.value("points", nlohmann::json::array())) {
    const nlohmann::json& ops = point.at("ops_per_s");
    const nlohmann::json& efficiency = point.at("efficiency");
    points.push_back(
        {std::to_string(point.value("instances", 0U)), markdown_number(ops.value("median", 0.0)),
         scale_ci_text(ops, "[{:.5g}, {:.5g}]"),
         fmt::format("{:.3f}", efficiency.value("median", 0.0)),
         scale_ci_text(efficiency, "[{:.3f}, {:.3f}]"), std::to_string(point.value("n", 0U))});
  }
  std::string out =
      fmt::format("## Scale {} ({}, {})\n\n{}\n", md_text(experiment.tag),
                  md_text(experiment.status), md_text(experiment.created_at),
                  code_block(scale_command(
                      s, runs.empty() ? nlohmann::json() : runs.front().record.result.options)));
  out +=
      "Medians over rounds with their 95% CIs; efficiency = (ops/s ÷ instances) ÷ ops/s of the "
      "same round's 1-instance run.\n\n" +
      table({"instances", "ops/s (median)", "95% CI", "efficiency (median)", "95% CI", "n"},
            points);
  for (const auto& step : s.value("steps", nlohmann::json::array())) {
    out += fmt::format("- {} → {} instances: {}\n", step.value("from", 0U), step.value("to", 0U),
                       md_text(step.value("verdict", "")));
  }
  if (s.contains("knee")) {
    std::string knee = scale_knee_text(s.at("knee"));
    knee.pop_back();  // its newline
    out += "\n**" + md_text(knee) + "**\n";
  }
  return out + "\n";
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
    const std::string census = trace_markdown_report(*input.experiment);
    parts.lead = printable_lines(census.substr(census.find('\n') + 1));
    return parts;
  }
  const std::vector<LabelGroup> groups = group_by_label(input.runs);
  // The answer first: the experiment's analysis, or the comparison of the first and last label.
  if (input.experiment && input.experiment->kind == "ab") {
    parts.lead = ab_section(*input.experiment);
  } else if (input.experiment && input.experiment->kind == "kernels") {
    parts.lead = kernels_markdown_section(kernels_report_facts(*input.experiment, groups));
  } else if (input.experiment && input.experiment->kind == "scale") {
    parts.lead = scale_section(*input.experiment, input.runs);
  } else if (input.experiment) {
    parts.lead = sweep_section(*input.experiment);
  }
  if (!input.experiment && groups.size() > 1) {
    parts.lead = comparison_section(compare_first_and_last(groups));
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
