// The markdown sections of the experiment kinds (experiment_sections.hpp).

#include "report/experiment_sections.hpp"

#include <fmt/core.h>

#include "compare/wording.hpp"
#include "core/text_safety.hpp"
#include "record/experiment_summary.hpp"
#include "report/markdown_text.hpp"
#include "report/report_facts.hpp"
#include "report/sweep_model_report.hpp"
#include "scale/scale_render.hpp"

namespace clonebench {

std::string ab_section(const Experiment& experiment) {
  const AbSummary s = ab_summary_from_json(experiment.summary);
  std::vector<std::vector<std::string>> rows;
  std::string sentences;
  for (const AbSummaryMetric& m : s.metrics) {
    rows.push_back({md_text(m.name), markdown_number(m.a.median), markdown_number(m.b.median),
                    std::to_string(m.a.n), format_pct(m.estimate_pct),
                    m.ci_pct.bounded() ? fmt::format("[{}, {}]", format_pct(*m.ci_pct.lo),
                                                     format_pct(*m.ci_pct.hi))
                                       : "unbounded",
                    p_column(m.p_holm), m.verdict});
    sentences += "- " + md_text(m.sentence) + "\n";
  }
  std::string out = fmt::format("## A/B experiment {} ({}, {})\n\n{}\n", md_text(experiment.tag),
                                md_text(experiment.status), md_text(experiment.created_at),
                                code_block(ab_command(s)));
  out +=
      "Δ: the Hodges–Lehmann estimate of the paired change of B against A (the median of the "
      "Walsh averages of the pairs' log ratios B/A, in percent).\n\n";
  out += md_table(
      {"metric", "A median", "B median", "pairs", "Δ (B vs A)", "95% CI", "p", "verdict"}, rows);
  out += sentences;
  for (const std::string& warning : s.warnings) {
    out += "- warning: " + md_text(warning) + "\n";
  }
  return out + "\n**" + md_text(s.summary) + "**\n\n";
}

std::string estimate_text(const SweepEstimate& estimate) {
  return fmt::format("{} [{}, {}]", markdown_number(estimate.estimate),
                     markdown_number(estimate.lo), markdown_number(estimate.hi));
}

// The cost model over every axis, when the sweep stored one: the coefficient table and what
// the panels hold the other axes at.
std::string sweep_model_section(const SweepSummary& s) {
  if (!s.model) {
    return s.model_note
               ? "Cost model over every axis: not fitted (" + md_text(*s.model_note) + ").\n\n"
               : std::string();
  }
  const SweepModelTable model = sweep_model_table(*s.model, "{} [{}, {}]");
  return "Cost model over every axis (" + md_text(s.model->estimator) +
         "), 95% CIs: cost = fixed + per page × pages + per VMA × VMAs + per folio × folios; "
         "\"–\": that axis took one value. The plots hold the other axes at " +
         md_text(sweep_model_reference(s)) + ".\n\n" + md_table(model.header, model.rows);
}

// The medians of each design point; VMA and folio columns only where the sweep varied them.
std::string sweep_points_table(const SweepSummary& s) {
  const bool vmas = s.vmas_list.size() >= 2, folio = !s.folio_list.empty();
  std::vector<std::string> header = {"rss"};
  if (vmas) {
    header.push_back("VMAs");
  }
  if (folio) {
    header.push_back("folio");
  }
  header.insert(header.end(), {"pages", "create µs", "reap µs", "total µs", "runs"});
  std::vector<std::vector<std::string>> points;
  for (const StoredSweepPoint& point : s.points) {
    std::vector<std::string> row = {cli_size(point.rss_bytes)};
    if (vmas) {
      row.push_back(std::to_string(point.vmas));
    }
    if (folio) {
      row.push_back(cli_size(std::max<std::uint64_t>(point.folio_bytes(), 4096)));
    }
    row.insert(row.end(), {markdown_number(point.pages), markdown_number(point.create_us),
                           markdown_number(point.reap_us), markdown_number(point.total_us),
                           std::to_string(point.runs.size())});
    points.push_back(std::move(row));
  }
  return std::string(vmas || folio ? "Medians per design point.\n\n" : "Medians per size.\n\n") +
         md_table(header, points);
}

std::string sweep_section(const Experiment& experiment) {
  const SweepSummary s = sweep_summary_from_json(experiment.summary);
  std::vector<std::vector<std::string>> fits;
  for (const SweepFit& fit : s.fits) {
    // As `clonebench sweep` words it: "curved" (a bend, whatever R² says), "poor fit" (low R²).
    std::string verdict;
    for (const std::string& flag : fit.flags) {
      const std::string word = flag == "nonlinear" ? "curved"
                               : flag == "low_r2"  ? "poor fit"
                                                   : printable(flag);
      verdict += (verdict.empty() ? "" : ", ") + word;
    }
    fits.push_back({fit.phase, estimate_text(fit.per_page_ns), estimate_text(fit.fixed_us),
                    markdown_number(fit.r2), std::to_string(fit.n),
                    verdict.empty() ? "ok" : verdict});
  }
  return fmt::format("## Sweep {} ({}, {})\n\n{}\n", md_text(experiment.tag),
                     md_text(experiment.status), md_text(experiment.created_at),
                     code_block(sweep_command(s))) +
         "Fits (Theil–Sen, 95% CIs): cost = fixed + per page × pages.\n\n" +
         md_table({"phase", "per page ns [95% CI]", "fixed µs [95% CI]", "R²", "n", "fit"}, fits) +
         sweep_model_section(s) + sweep_points_table(s);
}

// The points of a scale with their intervals, each step's verdict, and where throughput stops
// growing, in the words `clonebench scale` printed.
std::string scale_section(const Experiment& experiment, const std::vector<StoredRun>& runs) {
  const ScaleSummary s = scale_summary_from_json(experiment.summary);
  std::vector<std::vector<std::string>> points;
  for (const ScaleSummaryPoint& point : s.points) {
    points.push_back({std::to_string(point.instances), markdown_number(point.ops_per_s.median),
                      scale_ci_text(point.ops_per_s, "[{:.5g}, {:.5g}]"),
                      fmt::format("{:.3f}", point.efficiency.median),
                      scale_ci_text(point.efficiency, "[{:.3f}, {:.3f}]"),
                      std::to_string(point.n)});
  }
  std::string out = fmt::format("## Scale {} ({}, {})\n\n{}\n", md_text(experiment.tag),
                                md_text(experiment.status), md_text(experiment.created_at),
                                code_block(scale_command(s, scale_run_options(runs))));
  out +=
      "Medians over rounds with their 95% CIs; efficiency = (ops/s ÷ instances) ÷ ops/s of the "
      "same round's 1-instance run.\n\n" +
      md_table({"instances", "ops/s (median)", "95% CI", "efficiency (median)", "95% CI", "n"},
               points);
  for (const ScaleSummaryStep& step : s.steps) {
    out += fmt::format("- {} → {} instances: {}\n", step.from, step.to,
                       md_text(scale_step_name(step.verdict)));
  }
  if (s.knee) {
    std::string knee = scale_knee_text(*s.knee);
    knee.pop_back();  // its newline
    out += "\n**" + md_text(knee) + "**\n";
  }
  return out + "\n";
}

}  // namespace clonebench
