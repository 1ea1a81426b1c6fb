// The report sections of the experiment kinds (experiment_sections.hpp).

#include "report/experiment_sections.hpp"

#include <fmt/core.h>

#include <limits>

#include "compare/wording.hpp"
#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "record/sweep_headline.hpp"
#include "report/markdown_text.hpp"
#include "report/report_facts.hpp"
#include "report/sweep_model_report.hpp"
#include "scale/scale_render.hpp"

namespace clonebench {
namespace {

constexpr double kSectionCiOpenEnd = std::numeric_limits<double>::infinity();

// The change and its CI with the digits the CI gives; the medians, without one, with three
// significant digits (core/number_text.hpp).
std::vector<Inlines> ab_row(const AbSummaryMetric& m) {
  const double lo = m.ci_pct.lo.value_or(-kSectionCiOpenEnd),
               hi = m.ci_pct.hi.value_or(kSectionCiOpenEnd);
  const auto pct = [lo, hi](double value) {
    return number_in_interval(value, lo, hi, NumberSign::kAlways) + " %";
  };
  return {{text(m.name)},
          {words(significant_text(m.a.median))},
          {words(significant_text(m.b.median))},
          {words(std::to_string(m.a.n))},
          {words(pct(m.estimate_pct))},
          {words(m.ci_pct.bounded() ? fmt::format("[{}, {}]", pct(lo), pct(hi)) : "unbounded")},
          {words(p_column(m.p_holm))},
          {text(m.verdict)}};
}

std::string sweep_estimate_text(const SweepEstimate& estimate) {
  return estimate_text(estimate.estimate, estimate.lo, estimate.hi);
}

// The cost model over every axis, when the sweep stored one, after `lead` (the figures to quote
// or the cross-check): the coefficient table and what the panels hold the other axes at.
Blocks sweep_model_section(const SweepSummary& s, const char* lead) {
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
  // The estimator's text names its CIs ("…; 95 % CIs: bootstrap of runs …").
  return {Paragraph{{words(std::string(lead) + "the cost model over every axis ("),
                     text(s.model->estimator),
                     words("): cost = fixed + per page × pages + per VMA × VMAs + per "
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
      row.push_back({words(significant_text(value))});
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

// A scale's median with the digits of its CI, three significant ones without (fewer than 6
// rounds); the CI, or scale_ci_text()'s words for its absence.
std::string scale_median_text(const ScaleSummaryEstimate& estimate) {
  return estimate.ci ? number_in_interval(estimate.median, estimate.ci->lo, estimate.ci->hi)
                     : significant_text(estimate.median);
}

std::string scale_interval_text(const ScaleSummaryEstimate& estimate) {
  return estimate.ci ? interval_text_of(estimate.ci->lo, estimate.ci->hi)
                     : scale_ci_text(estimate, "[{}, {}]");
}

}  // namespace

Heading experiment_heading(const char* what, const Experiment& experiment) {
  return {2,
          {words(std::string(what) + " "), text(experiment.tag), words(" ("),
           text(experiment.status), words(", "), text(experiment.created_at), words(")")}};
}

// The summary sentence first and once: it ends with the first metric's sentence (or is it, for
// one metric), which the list then leaves out.
Blocks ab_section(const Experiment& experiment, const AbSummary& s) {
  std::vector<std::vector<Inlines>> rows;
  BulletList sentences;
  for (const AbSummaryMetric& m : s.metrics) {
    rows.push_back(ab_row(m));
    if (!s.summary.ends_with(m.sentence)) {
      sentences.items.push_back({text(m.sentence)});
    }
  }
  for (const std::string& warning : s.warnings) {
    sentences.items.push_back({words("warning: "), text(warning)});
  }
  Blocks out = {
      experiment_heading("A/B experiment", experiment), Paragraph{{strong(s.summary)}},
      CodeBlock{ab_command(s)},
      Paragraph{{words("Δ: the Hodges–Lehmann estimate of the paired change of B against A (the "
                       "median of the Walsh averages of the pairs' log ratios B/A, in percent).")}},
      aligned_table(
          {"metric", "A median", "B median", "pairs", "Δ (B vs A)", "95% CI", "p", "verdict"},
          std::move(rows))};
  if (!sentences.items.empty()) {
    out.push_back(std::move(sentences));
  }
  return out;
}

Blocks sweep_section(const Experiment& experiment, const SweepSummary& s) {
  std::vector<std::vector<Inlines>> fits;
  for (const SweepFit& fit : s.fits) {
    fits.push_back({{text(fit.phase)},
                    {words(sweep_estimate_text(fit.per_page_ns))},
                    {words(sweep_estimate_text(fit.fixed_us))},
                    {words(significant_text(fit.r2))},
                    {words(std::to_string(fit.n))},
                    {text(fit_verdict(fit))}});
  }
  const bool model_leads = sweep_headline(s) == SweepHeadline::kCostModel;
  const Blocks line_fit = {
      Paragraph{{words(model_leads ? std::string(kCrossCheck) +
                                         "the Theil–Sen line over pages alone, which pools the "
                                         "other axes (95% CIs)."
                                   : std::string(kToQuote) +
                                         "the Theil–Sen line over pages, per phase (95% CIs): "
                                         "cost = fixed + per page × pages.")}},
      aligned_table({"phase", "per page ns [95% CI]", "fixed µs [95% CI]", "R²", "n", "fit"},
                    std::move(fits))};
  Blocks out = {experiment_heading("Sweep", experiment), CodeBlock{sweep_command(s)}};
  const Blocks model = sweep_model_section(s, model_leads ? kToQuote : kCrossCheck);
  for (const Blocks& blocks : model_leads
                                  ? std::vector<Blocks>{model, line_fit, sweep_points_table(s)}
                                  : std::vector<Blocks>{line_fit, model, sweep_points_table(s)}) {
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
                      {words(scale_median_text(point.ops_per_s))},
                      {words(scale_interval_text(point.ops_per_s))},
                      {words(scale_median_text(point.efficiency))},
                      {words(scale_interval_text(point.efficiency))},
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
