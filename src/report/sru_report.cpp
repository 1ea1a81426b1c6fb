// The SRU text: "[Test Plan]" and "[Test Results]" sections as an Ubuntu stable release update
// bug expects them (report_renderers.hpp), plain text with aligned columns.

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "compare/text_columns.hpp"
#include "compare/wording.hpp"
#include "core/number_text.hpp"
#include "core/overloaded.hpp"
#include "core/text_safety.hpp"
#include "record/run_group.hpp"
#include "record/sweep_headline.hpp"
#include "report/hvo_key_report.hpp"
#include "report/kernels_report.hpp"
#include "report/report_facts.hpp"
#include "report/report_renderers.hpp"
#include "report/run_quantity.hpp"
#include "report/sru_text_width.hpp"
#include "report/sweep_model_report.hpp"
#include "report/trace_report.hpp"
#include "scale/scale_render.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"

namespace clonebench {
namespace {

constexpr double kSruCiOpenEnd = std::numeric_limits<double>::infinity();

// A number without an interval: three significant digits (core/number_text.hpp).
std::string sru_number(double value) {
  return significant_text(value);
}

// "48 to 207": an interval's ends with the digits its width gives;
// "-32.83 % to -32.62 %" with a `unit` after each end.
std::string sru_range(double lo, double hi, NumberSign sign = NumberSign::kNegativeOnly,
                      const std::string& unit = "") {
  return fmt::format("{}{} to {}{}", number_in_interval(lo, lo, hi, sign), unit,
                     number_in_interval(hi, lo, hi, sign), unit);
}

std::string indented(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    out += "    " + text.substr(start, end - start) + "\n";
    start = end + 1;
  }
  return out;
}

// The lines of the environment that matter for process creation (CPU, mitigations, HVO, THP):
// lines the kernels share once, then each line that differs with every kernel's value.
std::string environment_text(const std::vector<LabelGroup>& groups) {
  std::vector<std::vector<std::pair<std::string, std::string>>> columns;
  for (const LabelGroup& group : groups) {
    columns.push_back(environment_lines(group.runs.front()->environment));
  }
  std::string same = "Environment:\n", differs;
  std::size_t not_affected = 0;
  for (std::size_t i = 0; i < columns.front().size(); ++i) {
    const auto& [name, value] = columns.front()[i];
    bool equal = true;
    for (const auto& column : columns) {
      equal = equal && i < column.size() && column[i] == columns.front()[i];
    }
    if (equal && name.starts_with("mitigation ") && value == "Not affected") {
      ++not_affected;  // a line per such mitigation would bury the ones that matter
      continue;
    }
    if (equal) {
      same += fmt::format("  {}: {}\n", name, value);
      continue;
    }
    differs += fmt::format("  {}:\n", name);
    for (std::size_t g = 0; g < groups.size(); ++g) {
      differs += fmt::format("    {}: {}\n", printable(groups[g].label),
                             i < columns[g].size() ? columns[g][i].second : "n/a");
    }
  }
  if (not_affected > 0) {
    same += fmt::format("  other mitigations: {} not affected\n", not_affected);
  }
  return same + (differs.empty() ? "" : "Differences between the kernels:\n" + differs);
}

std::string warning_lines(const std::vector<std::string>& warnings) {
  std::string out;
  for (const std::string& warning : warnings) {
    out += "Warning: " + printable(warning) + "\n";
  }
  return out;
}

std::string noise_text(const MetricComparison& metric, const ComparisonResult& report) {
  std::string out = "Noise: " + noise_line(metric, report) + ".\n";
  // With one boot per side more runs settle nothing: the sentence says how many boots would.
  const bool one_boot = metric.boots && metric.boots->design == BootDesign::kOneBootPerSide;
  if (metric.effect.verdict == Verdict::kInconclusive && metric.effect.runs_needed > 0 &&
      !one_boot) {
    out += fmt::format("About {} {} per side would settle a ±{:g} % change.\n",
                       metric.effect.runs_needed, report.paired ? "pairs" : "runs",
                       report.options.threshold * 100);
  }
  return out;
}

// What measured a label's runs, as far as the store says: the commands typed (each once, in the
// order first run), the run groups of runs stored without a command line with their counts, and
// the experiments the other runs belong to. Nothing is rebuilt (report_facts.hpp).
struct LabelPlan {
  std::vector<std::string> commands;
  std::vector<std::pair<std::string, std::size_t>> untyped;  // run group, runs
  std::vector<std::string> experiments;                      // tags
  bool operator==(const LabelPlan&) const = default;
};

template <typename T>
void add_once(std::vector<T>& list, const T& item) {
  if (std::find(list.begin(), list.end(), item) == list.end()) {
    list.push_back(item);
  }
}

LabelPlan plan_of(const LabelGroup& group) {
  LabelPlan plan;
  for (const StoredRun* run : group.runs) {
    if (!run->record.experiment.empty()) {
      add_once(plan.experiments, printable(run->record.experiment));
    } else if (const std::optional<std::string> command = typed_command(*run)) {
      add_once(plan.commands, *command);
    } else {
      const std::string name = run_group_name(run->record);
      auto found = std::find_if(plan.untyped.begin(), plan.untyped.end(),
                                [&name](const auto& entry) { return entry.first == name; });
      if (found == plan.untyped.end()) {
        plan.untyped.emplace_back(name, 0);
        found = plan.untyped.end() - 1;
      }
      ++found->second;
    }
  }
  return plan;
}

std::string plan_text(const LabelPlan& plan) {
  std::string text;
  for (const std::string& command : plan.commands) {
    text += indented(command);
  }
  if (!plan.untyped.empty()) {
    text += std::string(text.empty() ? "" : "\n") +
            "Runs stored without their command line; their settings, not a command to "
            "type:\n\n";
    for (const auto& [name, runs] : plan.untyped) {
      text += indented(fmt::format("{}: {} run{}", name, runs, runs == 1 ? "" : "s"));
    }
  }
  if (!plan.experiments.empty()) {
    text += std::string(text.empty() ? "" : "\n") +
            "Runs of experiments, each with its own test plan:\n\n";
    for (const std::string& tag : plan.experiments) {
      text += indented("clonebench report " + quoted(tag) + " --format sru");
    }
  }
  return text;
}

// "On each kernel" when every kernel ran the same; else what ran on each kernel.
std::string test_plan_commands(const std::vector<LabelGroup>& groups) {
  const LabelPlan first = plan_of(groups.front());
  const bool same = std::all_of(groups.begin(), groups.end(), [&first](const LabelGroup& group) {
    return plan_of(group) == first;
  });
  if (same) {
    return "On each kernel, boot it and run:\n\n" + plan_text(first);
  }
  std::string plan;
  for (const LabelGroup& group : groups) {
    plan += fmt::format("{}On {}, run:\n\n", &group == &groups.front() ? "" : "\n",
                        printable(group.label)) +
            plan_text(plan_of(group));
  }
  return plan;
}

std::string label_report(const std::vector<LabelGroup>& groups, bool assume_no_boot_effect) {
  std::string plan = "[Test Plan]\n\n" + test_plan_commands(groups);
  plan += "\nthen compare the stored runs:\n\n";
  std::string labels;
  for (const LabelGroup& group : groups) {
    labels += " " + quoted(printable(group.label));
  }
  plan += indented("clonebench report" + labels + " --format sru" +
                   (assume_no_boot_effect ? " --assume-no-boot-effect" : ""));
  std::string results = "\n[Test Results]\n\nKernels: ";
  const RunQuantity& quantity = run_quantity(groups);
  std::vector<std::vector<std::string>> rows = {{"stressor (settings)", "kernel", "runs",
                                                 "median " + quantity.per_op,
                                                 "95% CI of the median"}};
  for (const LabelGroup& group : groups) {
    results += (&group == &groups.front() ? "" : ", ") + printable(group.label);
  }
  for (const std::string& run_group : run_groups_of(groups)) {
    for (const LabelGroup& group : groups) {
      const std::vector<double> values = headline_values_of(quantity, group, run_group);
      if (values.empty()) {
        continue;
      }
      const ValueInterval ci = median_interval(values, 0.95);
      const bool bounded = std::isfinite(ci.lo) && std::isfinite(ci.hi);
      rows.push_back(
          {printable(run_group), printable(group.label), std::to_string(values.size()),
           bounded ? number_in_interval(median(values), ci.lo, ci.hi) : sru_number(median(values)),
           bounded ? sru_range(ci.lo, ci.hi) : "needs >= 6 runs"});
    }
  }
  results +=
      std::string("\nMetric: ") +
      (quantity.counted() ? "guest instructions per operation: instructions the guest executed per "
                            "successful creating call, all instances. " +
                                std::string(kKernelsInstructionsNotice)
                          : "ops/s (real): successful creating calls per second of wall time, all "
                            "instances (higher is better)") +
      "\n\n" + render_columns(rows, {false, false, true, true, true}, "  ") + "\n";
  if (groups.size() > 1) {
    const ComparisonResult report = compare_first_and_last(groups, assume_no_boot_effect);
    for (const MetricComparison& metric : report.metrics) {
      results += metric_sentence(metric, report) + "\n" + noise_text(metric, report);
    }
    results += warning_lines(report.warnings) + "\n";
  } else {
    results += warning_lines(noisy_run_lines(groups));
  }
  return plan + results + environment_text(groups);
}

std::string ab_report(const AbSummary& s, const std::vector<LabelGroup>& groups) {
  std::string out =
      "[Test Plan]\n\nRun both settings interleaved in randomized pairs on one boot (the pair "
      "order and the seed are stored):\n\n" +
      indented(ab_command(s)) + "\n[Test Results]\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"metric", "A median", "B median", "pairs", "change", "95% CI", "p", "verdict"}};
  for (const AbSummaryMetric& m : s.metrics) {
    // The change with the digits its CI gives; three significant ones when it has none.
    const double lo = m.ci_pct.lo.value_or(-kSruCiOpenEnd),
                 hi = m.ci_pct.hi.value_or(kSruCiOpenEnd);
    rows.push_back({printable(m.name), sru_number(m.a.median), sru_number(m.b.median),
                    std::to_string(m.a.n),
                    number_in_interval(m.estimate_pct, lo, hi, NumberSign::kAlways) + " %",
                    m.ci_pct.bounded() ? sru_range(lo, hi, NumberSign::kAlways, " %") : "unbounded",
                    p_column(m.p_holm), m.verdict});
  }
  out += render_columns(rows, {false, true, true, true, true, true, true, false}, "  ") + "\n";
  out += printable(s.summary) + "\n";
  for (const AbSummaryMetric& m : s.metrics) {
    out += fmt::format(
        "Noise of {}: CV {} % (A), {} % (B); these pairs detect a change of {} % 80 % of the "
        "time.\n",
        printable(m.name), sru_number(m.a.cv_pct), sru_number(m.b.cv_pct),
        sru_number(m.mde_pct.value_or(std::nan(""))));
    if (m.verdict == "inconclusive" && m.runs_needed > 0) {
      out += fmt::format("About {} pairs would settle a ±{:g} % change of {}.\n", m.runs_needed,
                         s.threshold_pct, printable(m.name));
    }
  }
  for (const std::string& warning : s.warnings) {
    out += "Warning: " + printable(warning) + "\n";
  }
  return out + "\n" + (groups.empty() ? std::string() : environment_text({groups.front()}));
}

std::string sru_interval(const SweepEstimate& estimate) {
  return fmt::format("{} to {}", number_in_interval(estimate.lo, estimate.lo, estimate.hi),
                     number_in_interval(estimate.hi, estimate.lo, estimate.hi));
}

// The cost model over every axis, when the sweep stored one (sweep_model_report.hpp), after
// `lead`: whether it is the figures to quote or the cross-check (record/sweep_headline.hpp).
std::string sru_sweep_model(const SweepSummary& s, const std::string& lead) {
  if (!s.model) {
    return s.model_note ? "Cost model over every axis: not fitted (" + *s.model_note + ").\n\n"
                        : std::string();
  }
  const SweepModelTable model = sweep_model_table(*s.model, "{} ({} to {})");
  std::vector<std::vector<std::string>> rows = {model.header};
  rows.insert(rows.end(), model.rows.begin(), model.rows.end());
  return lead + "the cost model over every axis (" + s.model->estimator +
         "): cost = fixed + per page x pages + per VMA x VMAs + per "
         "folio x folios; \"–\": that axis took one value.\n\n" +
         render_columns(rows, {false, true, true, true, true, true, true, false}, "  ") + "\n";
}

std::string sweep_report(const SweepSummary& s, const std::vector<LabelGroup>& groups) {
  std::string out = "[Test Plan]\n\nMeasure the cost at each size of the parent:\n\n" +
                    indented(sweep_command(s)) + "\n[Test Results]\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"phase", "per page ns", "95% CI", "fixed µs", "95% CI", "R²"}};
  for (const SweepFit& fit : s.fits) {
    const SweepEstimate &slope = fit.per_page_ns, &fixed = fit.fixed_us;
    rows.push_back({fit.phase, number_in_interval(slope.estimate, slope.lo, slope.hi),
                    sru_interval(slope), number_in_interval(fixed.estimate, fixed.lo, fixed.hi),
                    sru_interval(fixed), significant_text(fit.r2)});
  }
  const std::string line_fit =
      render_columns(rows, {false, true, true, true, true, true}, "  ") + "\n";
  if (sweep_headline(s) == SweepHeadline::kCostModel) {
    out += sru_sweep_model(s, kToQuote) + kCrossCheck + "the Theil-Sen line over pages alone, " +
           "which pools the other axes (95% CIs):\n\n" + line_fit;
  } else {
    out += kToQuote + std::string("the Theil-Sen line over pages, per phase (95% CIs): cost = ") +
           "fixed + per page x pages.\n\n" + line_fit + sru_sweep_model(s, kCrossCheck);
  }
  out += warning_lines(noisy_run_lines(groups));
  return out + (groups.empty() ? std::string() : environment_text({groups.front()}));
}

// The scale's command, its points (medians over rounds with 95 % CIs) and where throughput stops
// growing, in the words `clonebench scale` printed.
std::string sru_scale_report(const ScaleSummary& s, const std::vector<StoredRun>& runs,
                             const std::vector<LabelGroup>& groups) {
  std::string out =
      "[Test Plan]\n\nMeasure the throughput at each number of instances, every count once per "
      "round in a seeded order:\n\n" +
      indented(scale_command(s, scale_run_options(runs))) + "\n[Test Results]\n\n";
  std::vector<std::vector<std::string>> rows = {
      {"instances", "median ops/s", "95% CI", "efficiency", "95% CI", "n"}};
  for (const ScaleSummaryPoint& point : s.points) {
    rows.push_back({std::to_string(point.instances), scale_estimate_number(point.ops_per_s),
                    scale_interval_words(point.ops_per_s), scale_estimate_number(point.efficiency),
                    scale_interval_words(point.efficiency), std::to_string(point.n)});
  }
  out += render_columns(rows, {true, true, true, true, true, true}, "  ") + "\n";
  out +=
      "Efficiency: (ops/s / instances) / ops/s of the same round's 1-instance run (1 is perfect "
      "scaling).\n";
  if (s.knee) {
    const std::string knee = scale_knee_text(*s.knee);
    out +=
        static_cast<char>(std::toupper(static_cast<unsigned char>(knee.front()))) + knee.substr(1);
  }
  out += warning_lines(noisy_run_lines(groups));
  return out + "\n" + (groups.empty() ? std::string() : environment_text({groups.front()}));
}

}  // namespace

namespace {

std::string environment_of_first(const std::vector<LabelGroup>& groups) {
  return groups.empty() ? std::string() : environment_text({groups.front()});
}

std::string sru_text(const ReportInput& input) {
  const std::vector<LabelGroup> groups = group_by_label(input.runs);
  if (!input.experiment) {
    return label_report(groups, input.assume_no_boot_effect);
  }
  return std::visit(
      Overloaded{[&](const AbSummary& s) { return ab_report(s, groups); },
                 [&](const SweepSummary& s) { return sweep_report(s, groups); },
                 [&](const ScaleSummary& s) { return sru_scale_report(s, input.runs, groups); },
                 [&](const TraceCensus& s) { return trace_sru_report(s); },
                 [&](const KernelsSummary& s) {
                   return kernels_sru_report(
                              kernels_report_facts(s, groups, input.assume_no_boot_effect)) +
                          "\n" + environment_text(groups);
                 },
                 [&](const HvoKeySummary& s) {
                   return hvo_key_sru_report(s) + warning_lines(noisy_run_lines(groups)) + "\n" +
                          environment_of_first(groups);
                 }},
      *input.experiment->summary);
}

}  // namespace

// Stored text reaches the plain text in many places (labels, the commands, the environment):
// one last pass escapes every control character but the line breaks, for the terminal. The text
// is pasted into Launchpad, so all of it fits 72 columns but the commands (sru_text_width.hpp).
std::string render_sru_report(const ReportInput& input) {
  return fit_sru_width(printable_lines(sru_text(input)));
}

}  // namespace clonebench
