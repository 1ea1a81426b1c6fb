#include "report/plot_script.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "core/overloaded.hpp"
#include "core/text_safety.hpp"
#include "record/metric_table.hpp"
#include "record/run_group.hpp"
#include "report/experiment_plots.hpp"
#include "report/hvo_key_report.hpp"
#include "report/kernels_report.hpp"
#include "report/report_facts.hpp"
#include "report/run_quantity.hpp"
#include "report/script_builder.hpp"
#include "report/trace_report.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"

namespace clonebench {
namespace {

// Runs beyond this many are left out of the throughput plot (its title says so).
constexpr std::size_t kMaxTimelines = 24;

// The runs a plot tells apart by colour: each label, or each size of a sweep's parent (the
// variable of a sweep; its runs share one label).
struct RunSeries {
  std::string name;
  std::vector<const StoredRun*> runs;
};

bool is_sweep(const ReportInput& input) {
  return input.experiment && input.experiment->kind == ExperimentKind::kSweep;
}

// An ab's arms, A before B, named by what differs between them ("A: --rss 0"), not by their
// labels ("…:a"), in whichever order their first runs happened to come.
std::vector<RunSeries> ab_series(const AbSummary& summary, const std::vector<LabelGroup>& groups) {
  std::vector<RunSeries> series;
  for (const bool arm_b : {false, true}) {
    for (const LabelGroup& group : groups) {
      if (group.label.ends_with(":b") == arm_b) {
        series.push_back({ab_arm_name(summary, arm_b), group.runs});
      }
    }
  }
  return series;
}

std::vector<RunSeries> series_of(const ReportInput& input, const std::vector<LabelGroup>& groups) {
  std::vector<RunSeries> series;
  if (input.experiment && input.experiment->summary &&
      std::holds_alternative<AbSummary>(*input.experiment->summary)) {
    return ab_series(std::get<AbSummary>(*input.experiment->summary), groups);
  }
  if (!is_sweep(input)) {
    for (const LabelGroup& group : groups) {
      series.push_back({group.label, group.runs});
    }
    return series;
  }
  for (const StoredRun& run : input.runs) {
    const std::optional<std::uint64_t>& bytes = run.record.result.options.rss_bytes;
    const std::string name = "rss " + (bytes ? cli_size(*bytes) : "?");
    auto found = std::find_if(series.begin(), series.end(),
                              [&name](const RunSeries& s) { return s.name == name; });
    if (found == series.end()) {
      series.push_back({name, {}});
      found = series.end() - 1;
    }
    found->runs.push_back(&run);
  }
  return series;
}

// Every run's rate per interval, one colour and one legend entry per series (label, arm or
// size): what differs between the series is what a reader looks for, not which run is which.
// Runs counted in instructions: each interval's instructions per operation against the
// instructions executed (10^9 per virtual second). `what` opens the title ("fork (rss 64M): ");
// `block` names the datablock, unique per panel.
void throughput_plot(ScriptBuilder& b, const std::vector<RunSeries>& series,
                     const RunQuantity& quantity, const std::string& what = "",
                     const std::string& block = "throughput") {
  std::string rows, plots;
  std::size_t index = 0, shown = 0, total = 0;
  for (std::size_t colour = 0; colour < series.size(); ++colour) {
    bool titled = false;
    for (const StoredRun* run : series[colour].runs) {
      const ThroughputSeries& intervals = run->record.result.intervals;
      ++total;
      if (intervals.interval_s <= 0 || intervals.ops.size() < 2 || shown == kMaxTimelines) {
        continue;
      }
      ++shown;
      // The last interval is shorter; its rate is left out.
      for (std::size_t i = 0; i + 1 < intervals.ops.size(); ++i) {
        const std::optional<double> value =
            quantity.per_interval(intervals.ops[i], intervals.interval_s);
        rows += num(intervals.interval_s * static_cast<double>(i + 1)) + " " +
                (value ? num(*value) : std::string("NaN")) + "\n";
      }
      rows += "\n\n";
      plots +=
          fmt::format("{}${} index {} using 1:2 with linespoints pt 7 ps 0.4 lc {} {}",
                      plots.empty() ? "plot " : ", \\\n  ", block, index++, colour + 1,
                      titled ? std::string("notitle") : "title " + gp_text(series[colour].name));
      titled = true;
    }
  }
  if (index == 0) {
    return;
  }
  const std::string title = quantity.counted()
                                ? "Instructions per operation over each run" + quantity.better
                                : std::string("Throughput over time");
  b.begin(what + (total > shown
                      ? fmt::format("{} (first {} runs of {})", title, shown, total)
                      : title + ", one colour per " + (series.size() > 1 ? "series" : "run set")),
          quantity.counted() ? "guest instructions executed (10^9)" : "time (s)",
          quantity.counted() ? "guest instructions per operation" : "ops/s (all instances)");
  b.datablock(block, rows);
  b.line("set yrange [0:*]");
  b.line(plots);
}

// One CDF's datablock rows: the 1st to 99th percentile and the 99.9th of `merged`, in the
// quantity's phase unit, then the blank lines that end a gnuplot index.
std::string cdf_rows(const LatencyHistogram& merged, const RunQuantity& quantity) {
  std::string rows;
  for (int step = 1; step <= 99; ++step) {
    const double q = step / 100.0;
    rows += num(quantity.phase_value(merged.quantile_ns(q))) + " " + num(q) + "\n";
  }
  return rows + num(quantity.phase_value(merged.quantile_ns(0.999))) + " 0.999\n\n\n";
}

// Runs counted in instructions: the CDF of each phase's instructions (1 ns each under icount).
void latency_plots(ScriptBuilder& b, const std::vector<RunSeries>& series, const char* per,
                   const RunQuantity& quantity) {
  for (const auto& [phase, member] : kLatencyPhases) {
    std::string rows, plots;
    std::size_t index = 0;
    for (std::size_t colour = 0; colour < series.size(); ++colour) {
      LatencyHistogram merged;
      for (const StoredRun* run : series[colour].runs) {
        merged.merge(run->record.result.*member);
      }
      if (merged.count() == 0) {
        continue;
      }
      rows += cdf_rows(merged, quantity);
      plots += fmt::format("{}$latency_{} index {} using 1:2 with lines lw 2 lc {} title {}",
                           plots.empty() ? "plot " : ", \\\n  ", phase, index, colour + 1,
                           gp_text(series[colour].name));
      ++index;
    }
    if (index == 0) {
      continue;
    }
    b.begin(
        fmt::format("{} of {} (CDF, all runs of each {}){}",
                    quantity.counted() ? "Instructions" : "Latency", phase, per, quantity.better),
        fmt::format("{} (log scale)", quantity.counted() ? "guest instructions" : "µs"),
        "fraction of children");
    b.datablock(fmt::format("latency_{}", phase), rows);
    b.line("set logscale x\nset yrange [0:1]");
    b.line(plots);
  }
}

// The latency CDFs of one run group's create, start and reap in one panel: a colour per label
// (per phase when there is one label), a dash pattern per phase. One panel per group keeps a
// stressor's curves from being flattened by another's (vfork's 7 µs beside fork's 100 µs).
void group_latency_plot(ScriptBuilder& b, const std::vector<RunSeries>& series,
                        const RunQuantity& quantity, const std::string& what,
                        const std::string& block) {
  std::string rows, plots;
  std::size_t index = 0, phase_number = 0;
  for (const auto& [phase, member] : kLatencyPhases) {
    ++phase_number;
    for (std::size_t label = 0; label < series.size(); ++label) {
      LatencyHistogram merged;
      for (const StoredRun* run : series[label].runs) {
        merged.merge(run->record.result.*member);
      }
      if (merged.count() == 0) {
        continue;
      }
      rows += cdf_rows(merged, quantity);
      const std::size_t colour = series.size() > 1 ? label + 1 : phase_number;
      const std::string name =
          series.size() > 1 ? series[label].name + " " + std::string(phase) : std::string(phase);
      plots += fmt::format("{}${} index {} using 1:2 with lines lw 2 lc {} dt {} title {}",
                           plots.empty() ? "plot " : ", \\\n  ", block, index++, colour,
                           phase_number, gp_text(name));
    }
  }
  if (index == 0) {
    return;
  }
  b.begin(what + fmt::format("{} of create, start and reap (CDF, all runs of each label){}",
                             quantity.counted() ? "instructions" : "latency", quantity.better),
          fmt::format("{} (log scale)", quantity.counted() ? "guest instructions" : "µs"),
          "fraction of children");
  b.datablock(block, rows);
  b.line("set logscale x\nset yrange [0:1]");
  b.line(plots);
}

// Panels beyond this many run groups are left out (the first panel's title says so; the tables
// hold every group).
constexpr std::size_t kMaxGroupPanels = 8;

// A label report's plots of its runs: per run group (record/run_group.hpp) a throughput panel
// and a latency panel, a colour per label, so that no panel mixes runs of different settings.
void run_group_plots(ScriptBuilder& b, const std::vector<LabelGroup>& groups,
                     const RunQuantity& quantity) {
  const std::vector<std::string> names = run_groups_of(groups);
  for (std::size_t g = 0; g < names.size() && g < kMaxGroupPanels; ++g) {
    std::vector<RunSeries> series;
    for (const LabelGroup& group : groups) {
      RunSeries runs{group.label, {}};
      for (const StoredRun* run : group.runs) {
        if (run_group_name(run->record) == names[g]) {
          runs.runs.push_back(run);
        }
      }
      if (!runs.runs.empty()) {
        series.push_back(std::move(runs));
      }
    }
    const std::string left_out =
        g == 0 && names.size() > kMaxGroupPanels
            ? fmt::format(" (plots of the first {} of {} groups)", kMaxGroupPanels, names.size())
            : std::string();
    const std::string what = names[g] + left_out + ": ";
    throughput_plot(b, series, quantity, what, fmt::format("throughput_{}", g + 1));
    group_latency_plot(b, series, quantity, what, fmt::format("latency_{}", g + 1));
  }
}

void trend_plot(ScriptBuilder& b, const std::vector<LabelGroup>& groups,
                const RunQuantity& quantity) {
  std::string rows, plots, tics;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    tics += fmt::format("{}{} {}", i == 0 ? "" : ", ", gp_text(groups[i].label), i);
  }
  std::size_t index = 0;
  for (const std::string& run_group : run_groups_of(groups)) {
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const std::vector<double> rates = headline_values_of(quantity, groups[i], run_group);
      if (rates.empty()) {
        continue;
      }
      const double mid = median(rates);
      const ValueInterval ci = median_interval(rates, 0.95);
      const bool bounded = std::isfinite(ci.lo) && std::isfinite(ci.hi);
      rows += fmt::format("{} {} {} {}\n", i, num(mid), num(bounded ? ci.lo : mid),
                          num(bounded ? ci.hi : mid));
    }
    rows += "\n\n";
    plots += fmt::format("{}$trend index {} using 1:2:3:4 with yerrorlines pt 7 lw 2 title {}",
                         plots.empty() ? "plot " : ", \\\n  ", index++, gp_text(run_group));
  }
  b.begin(fmt::format("Trend of {} across labels{}: medians with 95 % CIs of the median, axis "
                      "from zero (a label of fewer than 6 runs has no CI: the order-statistic "
                      "interval needs 6)",
                      quantity.name, quantity.better),
          "label", quantity.name);
  b.datablock("trend", rows);
  b.line("set yrange [0:*]");
  b.line(
      fmt::format("set xrange [-0.5:{}]\nset xtics ({}) rotate by -20", groups.size() - 0.5, tics));
  b.line(plots);
}

// The boots of the first and last label, when both span ≥ 2 boots (the comparison's units).
void labels_boot_plot(ScriptBuilder& b, const std::vector<LabelGroup>& groups,
                      bool assume_no_boot_effect) {
  const ComparisonResult comparison = compare_first_and_last(groups, assume_no_boot_effect);
  const bool boot_level = std::any_of(
      comparison.metrics.begin(), comparison.metrics.end(), [](const MetricComparison& metric) {
        return metric.boots && metric.boots->design == BootDesign::kBootLevel;
      });
  if (boot_level) {
    boot_dot_plot(b, boot_median_rows({groups.front(), groups.back()}), comparison);
  }
}

// The plots of an experiment's analysis; false when they are the whole script: a scale's runs
// have different instance counts and an HVO key experiment's two sizes, so one timeline or one
// latency distribution over them would mix loads that their own plots keep apart.
bool experiment_plots(ScriptBuilder& builder, const ReportInput& input,
                      const std::vector<LabelGroup>& groups) {
  return std::visit(Overloaded{[&](const AbSummary& s) {
                                 ab_plot(builder, s, groups);
                                 return true;
                               },
                               [&](const SweepSummary& s) {
                                 sweep_plots(builder, s);
                                 sweep_model_plots(builder, s);
                                 return true;
                               },
                               [&](const ScaleSummary& s) {
                                 scale_plots(builder, s);
                                 return false;
                               },
                               [&](const TraceCensus&) { return false; },
                               [&](const KernelsSummary& s) {
                                 const KernelsReportFacts facts =
                                     kernels_report_facts(s, groups, input.assume_no_boot_effect);
                                 boot_dot_plot(builder, facts.boots, facts.comparison);
                                 return true;
                               },
                               [&](const HvoKeySummary& s) {
                                 hvo_key_plots(builder, s);
                                 return false;
                               }},
                    *input.experiment->summary);
}

}  // namespace

PlotScript plot_script(const ReportInput& input) {
  if (input.experiment && input.experiment->kind == ExperimentKind::kTrace) {
    return trace_plot_script(std::get<TraceCensus>(*input.experiment->summary));
  }
  ScriptBuilder builder;
  const std::vector<LabelGroup> groups = group_by_label(input.runs);
  if (input.experiment) {
    if (!experiment_plots(builder, input, groups)) {
      return builder.finish();
    }
  } else {
    const RunQuantity& quantity = run_quantity(groups);
    if (groups.size() > 1) {
      trend_plot(builder, groups, quantity);
      labels_boot_plot(builder, groups, input.assume_no_boot_effect);
    }
    run_group_plots(builder, groups, quantity);
    return builder.finish();
  }
  const std::vector<RunSeries> series = series_of(input, groups);
  const RunQuantity& quantity = run_quantity(input.runs);
  throughput_plot(builder, series, quantity);
  latency_plots(builder, series, is_sweep(input) ? "size" : "label", quantity);
  return builder.finish();
}

}  // namespace clonebench
