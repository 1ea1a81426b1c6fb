// The report sections of the experiment kinds (experiment_sections.hpp).

#include "report/experiment_sections.hpp"

#include <fmt/core.h>

#include "compare/wording.hpp"
#include "core/text_safety.hpp"
#include "report/markdown_text.hpp"
#include "report/report_facts.hpp"
#include "report/sweep_model_report.hpp"
#include "scale/scale_render.hpp"

namespace clonebench {
namespace {

std::vector<Inlines> ab_row(const AbSummaryMetric& m) {
  return {{text(m.name)},
          {words(markdown_number(m.a.median))},
          {words(markdown_number(m.b.median))},
          {words(std::to_string(m.a.n))},
          {words(format_pct(m.estimate_pct))},
          {words(m.ci_pct.bounded()
                     ? fmt::format("[{}, {}]", format_pct(*m.ci_pct.lo), format_pct(*m.ci_pct.hi))
                     : "unbounded")},
          {words(p_column(m.p_holm))},
          {text(m.verdict)}};
}

std::string estimate_text(const SweepEstimate& estimate) {
  return fmt::format("{} [{}, {}]", markdown_number(estimate.estimate),
                     markdown_number(estimate.lo), markdown_number(estimate.hi));
}

// The cost model over every axis, when the sweep stored one: the coefficient table and what
// the panels hold the other axes at.
Blocks sweep_model_section(const SweepSummary& s) {
  if (!s.model) {
    if (!s.model_note) {
      return {};
    }
    return {Paragraph{
        {words("Cost model over every axis: not fitted ("), text(*s.model_note), words(").")}}};
  }
  const SweepModelTable model = sweep_model_table(*s.model, "{} [{}, {}]");
  std::vector<std::vector<Inlines>> rows;
  for (const std::vector<std::string>& row : model.rows) {
    rows.emplace_back();
    for (const std::string& cell : row) {
      rows.back().push_back({rows.back().empty() ? text(cell) : words(cell)});  // phase, numbers
    }
  }
  return {Paragraph{{words("Cost model over every axis ("), text(s.model->estimator),
                     words("), 95% CIs: cost = fixed + per page × pages + per VMA × VMAs + per "
                           "folio × folios; \"–\": that axis took one value. The plots hold the "
                           "other axes at "),
                     text(sweep_model_reference(s)), words(".")}},
          aligned_table(model.header, std::move(rows))};
}

// The medians of each design point; VMA and folio columns only where the sweep varied them.
Blocks sweep_points_table(const SweepSummary& s) {
  const bool vmas = s.vmas_list.size() >= 2, folio = !s.folio_list.empty();
  std::vector<std::string> header = {"rss"};
  if (vmas) {
    header.push_back("VMAs");
  }
  if (folio) {
    header.push_back("folio");
  }
  header.insert(header.end(), {"pages", "create µs", "reap µs", "total µs", "runs"});
  std::vector<std::vector<Inlines>> points;
  for (const StoredSweepPoint& point : s.points) {
    std::vector<Inlines> row = {{words(cli_size(point.rss_bytes))}};
    if (vmas) {
      row.push_back({words(std::to_string(point.vmas))});
    }
    if (folio) {
      row.push_back({words(cli_size(std::max<std::uint64_t>(point.folio_bytes(), 4096)))});
    }
    for (const double value : {point.pages, point.create_us, point.reap_us, point.total_us}) {
      row.push_back({words(markdown_number(value))});
    }
    row.push_back({words(std::to_string(point.runs.size()))});
    points.push_back(std::move(row));
  }
  return {Paragraph{{words(vmas || folio ? "Medians per design point." : "Medians per size.")}},
          aligned_table(header, std::move(points))};
}

// As `clonebench sweep` words a fit: "curved" (a bend, whatever R² says), "poor fit" (low R²).
std::string fit_verdict(const SweepFit& fit) {
  std::string verdict;
  for (const std::string& flag : fit.flags) {
    const std::string word = flag == "nonlinear" ? "curved"
                             : flag == "low_r2"  ? "poor fit"
                                                 : printable(flag);
    verdict += (verdict.empty() ? "" : ", ") + word;
  }
  return verdict.empty() ? "ok" : verdict;
}

}  // namespace

Heading experiment_heading(const char* what, const Experiment& experiment) {
  return {2,
          {words(std::string(what) + " "), text(experiment.tag), words(" ("),
           text(experiment.status), words(", "), text(experiment.created_at), words(")")}};
}

Blocks ab_section(const Experiment& experiment, const AbSummary& s) {
  std::vector<std::vector<Inlines>> rows;
  BulletList sentences;
  for (const AbSummaryMetric& m : s.metrics) {
    rows.push_back(ab_row(m));
    sentences.items.push_back({text(m.sentence)});
  }
  for (const std::string& warning : s.warnings) {
    sentences.items.push_back({words("warning: "), text(warning)});
  }
  Blocks out = {
      experiment_heading("A/B experiment", experiment), CodeBlock{ab_command(s)},
      Paragraph{{words("Δ: the Hodges–Lehmann estimate of the paired change of B against A (the "
                       "median of the Walsh averages of the pairs' log ratios B/A, in percent).")}},
      aligned_table(
          {"metric", "A median", "B median", "pairs", "Δ (B vs A)", "95% CI", "p", "verdict"},
          std::move(rows))};
  if (!sentences.items.empty()) {
    out.push_back(std::move(sentences));
  }
  out.push_back(Paragraph{{strong(s.summary)}});
  return out;
}

Blocks sweep_section(const Experiment& experiment, const SweepSummary& s) {
  std::vector<std::vector<Inlines>> fits;
  for (const SweepFit& fit : s.fits) {
    fits.push_back({{text(fit.phase)},
                    {words(estimate_text(fit.per_page_ns))},
                    {words(estimate_text(fit.fixed_us))},
                    {words(markdown_number(fit.r2))},
                    {words(std::to_string(fit.n))},
                    {text(fit_verdict(fit))}});
  }
  Blocks out = {
      experiment_heading("Sweep", experiment), CodeBlock{sweep_command(s)},
      Paragraph{{words("Fits (Theil–Sen, 95% CIs): cost = fixed + per page × pages.")}},
      aligned_table({"phase", "per page ns [95% CI]", "fixed µs [95% CI]", "R²", "n", "fit"},
                    std::move(fits))};
  for (Blocks blocks : {sweep_model_section(s), sweep_points_table(s)}) {
    out.insert(out.end(), blocks.begin(), blocks.end());
  }
  return out;
}

// The points of a scale with their intervals, each step's verdict, and where throughput stops
// growing, in the words `clonebench scale` printed.
Blocks scale_section(const Experiment& experiment, const ScaleSummary& s,
                     const std::vector<StoredRun>& runs) {
  std::vector<std::vector<Inlines>> points;
  for (const ScaleSummaryPoint& point : s.points) {
    points.push_back({{words(std::to_string(point.instances))},
                      {words(markdown_number(point.ops_per_s.median))},
                      {words(scale_ci_text(point.ops_per_s, "[{:.5g}, {:.5g}]"))},
                      {words(fmt::format("{:.3f}", point.efficiency.median))},
                      {words(scale_ci_text(point.efficiency, "[{:.3f}, {:.3f}]"))},
                      {words(std::to_string(point.n))}});
  }
  Blocks out = {
      experiment_heading("Scale", experiment), CodeBlock{scale_command(s, scale_run_options(runs))},
      Paragraph{{words("Medians over rounds with their 95% CIs; efficiency = (ops/s ÷ instances) ÷ "
                       "ops/s of the same round's 1-instance run.")}},
      aligned_table({"instances", "ops/s (median)", "95% CI", "efficiency (median)", "95% CI", "n"},
                    std::move(points))};
  BulletList steps;
  for (const ScaleSummaryStep& step : s.steps) {
    steps.items.push_back({words(fmt::format("{} → {} instances: ", step.from, step.to)),
                           text(scale_step_name(step.verdict))});
  }
  if (!steps.items.empty()) {
    out.push_back(std::move(steps));
  }
  if (s.knee) {
    std::string knee = scale_knee_text(*s.knee);
    knee.pop_back();  // its newline
    out.push_back(Paragraph{{strong(knee)}});
  }
  return out;
}

}  // namespace clonebench
