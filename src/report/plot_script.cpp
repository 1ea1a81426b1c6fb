#include "report/plot_script.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string_view>

#include "core/text_safety.hpp"
#include "record/experiment_summary.hpp"
#include "record/metric_table.hpp"
#include "report/report_facts.hpp"
#include "report/trace_report.hpp"
#include "stats/descriptive.hpp"
#include "stats/median_interval.hpp"

namespace clonebench {
namespace {

// Runs beyond this many are left out of the throughput plot (its title says so).
constexpr std::size_t kMaxTimelines = 24;

// Text as a gnuplot single-quoted string, quotes included. gnuplot substitutes backquotes
// (`command`, run by a shell) and macros inside double-quoted strings, never inside single-quoted
// ones, where only '' (a quote) is special; printable() leaves no newline that could end the
// command. Every stored text reaches the script through this function only.
std::string gp_text(const std::string& text) {
  std::string out = "'";
  for (char c : printable(text)) {
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

std::string num(double value) {
  return fmt::format("{:.6g}", value);
}

class ScriptBuilder {
 public:
  // Starts a plot: a fresh state, the next SVG on standard output. The title is the HTML
  // figure's caption, not drawn twice.
  void begin(const std::string& title, const std::string& xlabel, const std::string& ylabel) {
    script_ += fmt::format("reset\nset xlabel {}\nset ylabel {}\nset grid\nset key below\n",
                           gp_text(xlabel), gp_text(ylabel));
    titles_.push_back(title);
  }
  void line(const std::string& text) { script_ += text + "\n"; }
  void datablock(const std::string& name, const std::string& rows) {
    script_ += "$" + name + " << EOD\n" + rows + "EOD\n";
  }
  PlotScript finish() {
    return {// Two plots side by side in a 1180 px page draw each ~570 px wide: 14 px text in a 640
            // px wide SVG reads at 12.5 px (at 760 and 11 it was 8 px).
            "set terminal svg size 640,400 dynamic noenhanced font \"sans,14\" background rgb "
            "\"white\"\nset output\nset datafile separator whitespace\n" +
                script_,
            titles_};
  }

 private:
  std::string script_;
  std::vector<std::string> titles_;
};

// The runs a plot tells apart by colour: each label, or each size of a sweep's parent (the
// variable of a sweep; its runs share one label).
struct RunSeries {
  std::string name;
  std::vector<const StoredRun*> runs;
};

std::vector<RunSeries> series_of(const ReportInput& input, const std::vector<LabelGroup>& groups) {
  std::vector<RunSeries> series;
  if (!input.experiment || input.experiment->kind != "sweep") {
    for (const LabelGroup& group : groups) {
      series.push_back({group.label, group.runs});
    }
    return series;
  }
  for (const StoredRun& run : input.runs) {
    const auto& bytes = run.record.result.options.value("rss_bytes", nlohmann::json());
    const std::string name =
        "rss " + (bytes.is_number_unsigned() ? cli_size(bytes.get<std::uint64_t>()) : "?");
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
void throughput_plot(ScriptBuilder& b, const std::vector<RunSeries>& series) {
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
        rows += num(intervals.interval_s * static_cast<double>(i + 1)) + " " +
                num(static_cast<double>(intervals.ops[i]) / intervals.interval_s) + "\n";
      }
      rows += "\n\n";
      plots +=
          fmt::format("{}$throughput index {} using 1:2 with linespoints pt 7 ps 0.4 lc {} {}",
                      plots.empty() ? "plot " : ", \\\n  ", index++, colour + 1,
                      titled ? std::string("notitle") : "title " + gp_text(series[colour].name));
      titled = true;
    }
  }
  if (index == 0) {
    return;
  }
  b.begin(total > shown ? fmt::format("Throughput over time (first {} runs of {})", shown, total)
                        : std::string("Throughput over time, one colour per ") +
                              (series.size() > 1 ? "series" : "run set"),
          "time (s)", "ops/s (all instances)");
  b.datablock("throughput", rows);
  b.line("set yrange [0:*]");
  b.line(plots);
}

void latency_plots(ScriptBuilder& b, const std::vector<RunSeries>& series, const char* per) {
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
      for (int step = 1; step <= 99; ++step) {
        const double q = step / 100.0;
        rows += num(merged.quantile_ns(q) / 1000) + " " + num(q) + "\n";
      }
      rows += num(merged.quantile_ns(0.999) / 1000) + " 0.999\n\n\n";
      plots += fmt::format("{}$latency_{} index {} using 1:2 with lines lw 2 lc {} title {}",
                           plots.empty() ? "plot " : ", \\\n  ", phase, index, colour + 1,
                           gp_text(series[colour].name));
      ++index;
    }
    if (index == 0) {
      continue;
    }
    b.begin(fmt::format("Latency of {} (CDF, all runs of each {})", phase, per), "µs (log scale)",
            "fraction of children");
    b.datablock(fmt::format("latency_{}", phase), rows);
    b.line("set logscale x\nset yrange [0:1]");
    b.line(plots);
  }
}

void trend_plot(ScriptBuilder& b, const std::vector<LabelGroup>& groups) {
  std::string rows, plots, tics;
  for (std::size_t i = 0; i < groups.size(); ++i) {
    tics += fmt::format("{}{} {}", i == 0 ? "" : ", ", gp_text(groups[i].label), i);
  }
  std::size_t index = 0;
  for (const std::string& stressor : stressors_of(groups)) {
    for (std::size_t i = 0; i < groups.size(); ++i) {
      const std::vector<double> rates = rates_of(groups[i], stressor);
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
                         plots.empty() ? "plot " : ", \\\n  ", index++, gp_text(stressor));
  }
  b.begin(
      "Trend of ops/s (real) across labels: medians with 95 % CIs of the median, axis from zero "
      "(a label of fewer than 6 runs has no CI: the order-statistic interval needs 6)",
      "label", "ops/s (real)");
  b.datablock("trend", rows);
  b.line("set yrange [0:*]");
  b.line(
      fmt::format("set xrange [-0.5:{}]\nset xtics ({}) rotate by -20", groups.size() - 0.5, tics));
  b.line(plots);
}

const AbSummaryMetric* metric_named(const AbSummary& summary, const std::string& name) {
  for (const AbSummaryMetric& metric : summary.metrics) {
    if (metric.name == name) {
      return &metric;
    }
  }
  return nullptr;
}

void ab_plot(ScriptBuilder& b, const AbSummary& summary, const std::vector<LabelGroup>& groups) {
  const LabelGroup* arm_a = nullptr;
  const LabelGroup* arm_b = nullptr;
  for (const LabelGroup& group : groups) {
    (group.label.ends_with(":a") ? arm_a : arm_b) = &group;
  }
  const AbSummaryMetric* metric = metric_named(summary, "ops_per_sec_real");
  if (arm_a == nullptr || arm_b == nullptr || metric == nullptr) {
    return;
  }
  std::string rows;
  const std::size_t pairs = std::min(arm_a->runs.size(), arm_b->runs.size());
  const double threshold = summary.threshold_pct;
  double low = metric->estimate_pct, high = low;
  for (std::size_t i = 0; i < pairs; ++i) {
    const double a = arm_a->runs[i]->record.result.ops_per_sec_real();
    const double b_rate = arm_b->runs[i]->record.result.ops_per_sec_real();
    const double change = a > 0 ? 100 * (b_rate / a - 1) : 0;
    low = std::min(low, change);
    high = std::max(high, change);
    rows += fmt::format("{} {}\n", i + 1, num(change));
  }
  if (metric->ci_pct.bounded()) {
    low = std::min(low, *metric->ci_pct.lo);
    high = std::max(high, *metric->ci_pct.hi);
  }
  // The axis fits the pairs and the CI, so that a narrow band stays visible; the ± threshold
  // lines join it only when the change is near them (a -30 % change beside ±1 % lines would
  // squeeze the pairs and the band into one line).
  if (low < 2 * threshold && high > -2 * threshold) {
    low = std::min(low, -threshold);
    high = std::max(high, threshold);
  }
  const double pad = std::max((high - low) * 0.15, 0.05);
  b.begin("A/B: change of ops/s (real) per pair, in run order", "pair", "B vs A (%)");
  b.datablock("pairs", rows);
  const double estimate = metric->estimate_pct;
  b.line(fmt::format("set xrange [0.5:{}]\nset yrange [{}:{}]",
                     num(static_cast<double>(pairs) + 0.5), num(low - pad), num(high + pad)));
  // The CI as a plotted band (first, under the points), in the key like everything drawn.
  std::string band;
  if (metric->ci_pct.bounded()) {
    band = fmt::format(
        "'+' using 1:({}):({}) with filledcurves fc rgb \"#6baed6\" fs solid 0.5 noborder "
        "title \"95 % CI of the estimate\", \\\n  ",
        num(*metric->ci_pct.lo), num(*metric->ci_pct.hi));
  }
  b.line(fmt::format(
      "plot {}$pairs using 1:2 with linespoints pt 7 lc rgb \"#555555\" title \"pairs\", \\\n"
      "  {} with lines lw 3 lc rgb \"#08519c\" title \"estimate {}\", \\\n"
      "  {} with lines dt 2 lc rgb \"#d62728\" title \"± threshold {} %\", \\\n"
      "  {} with lines dt 2 lc rgb \"#d62728\" notitle",
      band, num(estimate), fmt::format("{:+.2f} %", estimate), num(threshold), num(threshold),
      num(-threshold)));
}

// One plot per fit. The phase, which names a datablock, is one of kSweepPhases (the decoder
// refuses any other).
void sweep_plots(ScriptBuilder& b, const SweepSummary& summary) {
  for (const SweepFit& fit : summary.fits) {
    std::string rows;
    double max_pages = 0;
    for (const SweepPoint& point : summary.points) {
      for (const SweepRun& run : point.runs) {
        const std::optional<double> cost = run.cost_us(fit.phase);
        if (run.pages && cost) {
          max_pages = std::max(max_pages, *run.pages);
          rows += num(*run.pages) + " " + num(*cost) + "\n";
        }
      }
    }
    if (rows.empty()) {
      continue;
    }
    const SweepEstimate& slope = fit.per_page_ns;
    const SweepEstimate& fixed = fit.fixed_us;
    b.begin(fmt::format("Sweep: {} cost per child vs pages of the parent", fit.phase), "pages",
            "µs per child");
    b.datablock("sweep_" + fit.phase, rows);
    b.line(
        fmt::format("f(x) = {} + {} * x / 1000.0\nlo(x) = {} + {} * x / 1000.0\n"
                    "hi(x) = {} + {} * x / 1000.0\nset xrange [0:{}]",
                    num(fixed.estimate), num(slope.estimate), num(fixed.lo), num(slope.lo),
                    num(fixed.hi), num(slope.hi), num(std::max(max_pages, 1.0) * 1.05)));
    b.line(fmt::format(
        "plot '+' using 1:(lo($1)):(hi($1)) with filledcurves fc rgb \"#9ecae1\" fs solid 0.4 "
        "title \"95 % CI band\", \\\n  f(x) with lines lw 2 lc rgb \"#08519c\" title \"fit\", "
        "\\\n  $sweep_{} using 1:2 with points pt 7 ps 0.6 title \"runs\"",
        fit.phase));
  }
}

// One curve of a scale (ops/s or efficiency): index 0 holds "instances median" of every point,
// index 1 "instances median lo hi" of the points with an interval, so that a point whose
// interval is null (fewer than 6 rounds) is drawn without an error bar.
// `top` becomes the highest median or interval end.
std::string scale_curve_rows(const ScaleSummary& summary,
                             ScaleSummaryEstimate ScaleSummaryPoint::*curve, bool& any_interval,
                             double& top) {
  std::string medians, intervals;
  for (const ScaleSummaryPoint& point : summary.points) {
    const ScaleSummaryEstimate& estimate = point.*curve;
    const std::string head = fmt::format("{} {}", point.instances, num(estimate.median));
    medians += head + "\n";
    top = std::max(top, estimate.median);
    if (estimate.ci.bounded()) {
      top = std::max(top, *estimate.ci.hi);
      intervals += fmt::format("{} {} {}\n", head, num(*estimate.ci.lo), num(*estimate.ci.hi));
    }
  }
  any_interval = !intervals.empty();
  return medians + (any_interval ? "\n\n" + intervals : std::string());
}

// A scale's two curves against the instance count, on a log2 axis (the counts are powers of two
// and the number of CPUs): ops/s, and the efficiency of one instance with perfect scaling (1)
// drawn as a line. Error bars are the 95 % CIs of the medians over rounds.
void scale_plots(ScriptBuilder& b, const ScaleSummary& summary) {
  if (summary.points.empty()) {
    return;
  }
  std::string tics;
  double largest = 1;
  for (const ScaleSummaryPoint& point : summary.points) {
    tics += fmt::format("{}{}", tics.empty() ? "" : ", ", point.instances);
    largest = std::max(largest, static_cast<double>(point.instances));
  }
  struct Curve {
    const char* key;
    const char* ylabel;
    ScaleSummaryEstimate ScaleSummaryPoint::*member;
  };
  const Curve curves[] = {
      {"ops_per_s", "ops/s (real, all instances)", &ScaleSummaryPoint::ops_per_s},
      {"efficiency", "efficiency per instance", &ScaleSummaryPoint::efficiency}};
  for (const Curve& curve : curves) {
    const char* key = curve.key;
    bool any_interval = false;
    const bool efficiency = std::string_view(key) == "efficiency";
    // Efficiency gets room above its highest value: the line at 1 would lie on the top border.
    double top = 1;
    const std::string rows = scale_curve_rows(summary, curve.member, any_interval, top);
    b.begin(fmt::format("Scale: {} vs instances, medians over rounds{}{}",
                        efficiency ? "efficiency per instance" : "ops/s (real)",
                        any_interval ? ", 95 % CIs" : " (no CI: fewer than 6 rounds)",
                        efficiency ? "; 1 is perfect scaling" : ""),
            "instances (log scale)", curve.ylabel);
    b.datablock(std::string("scale_") + key, rows);
    b.line(fmt::format("set logscale x 2\nset xrange [0.8:{}]\nset xtics ({})\nset yrange [0:{}]",
                       num(largest * 1.25), tics, efficiency ? num(top * 1.1) : std::string("*")));
    std::string plot = fmt::format(
        "plot $scale_{} index 0 using 1:2 with linespoints pt 7 lw 2 lc rgb \"#08519c\" title "
        "\"median\"",
        key);
    if (any_interval) {
      plot += fmt::format(
          ", \\\n  $scale_{} index 1 using 1:2:3:4 with yerrorbars pt 7 lc rgb \"#08519c\" title "
          "\"95 % CI\"",
          key);
    }
    if (efficiency) {
      plot += ", \\\n  1 with lines dt 2 lw 1.5 lc rgb \"#e6550d\" title \"perfect scaling (1)\"";
    }
    b.line(plot);
  }
}

}  // namespace

PlotScript plot_script(const ReportInput& input) {
  if (input.experiment && input.experiment->kind == "trace") {
    return trace_plot_script(*input.experiment);
  }
  ScriptBuilder builder;
  const std::vector<LabelGroup> groups = group_by_label(input.runs);
  if (input.experiment && input.experiment->kind == "scale") {
    // Only the curves: a scale's runs have different instance counts, so one timeline or one
    // latency distribution over them would mix loads that the curves keep apart.
    scale_plots(builder, scale_summary_from_json(input.experiment->summary));
    return builder.finish();
  }
  if (input.experiment && input.experiment->kind == "ab") {
    ab_plot(builder, ab_summary_from_json(input.experiment->summary), groups);
  } else if (input.experiment) {
    sweep_plots(builder, sweep_summary_from_json(input.experiment->summary));
  } else if (groups.size() > 1) {
    trend_plot(builder, groups);
  }
  const std::vector<RunSeries> series = series_of(input, groups);
  throughput_plot(builder, series);
  latency_plots(builder, series,
                input.experiment && input.experiment->kind == "sweep" ? "size" : "label");
  return builder.finish();
}

}  // namespace clonebench
