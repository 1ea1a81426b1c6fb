#include "report/experiment_plots.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

#include "core/number_text.hpp"
#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "report/kernels_report.hpp"
#include "report/script_builder.hpp"
#include "report/sweep_model_report.hpp"
#include "stats/descriptive.hpp"

namespace clonebench {
namespace {

const AbSummaryMetric* metric_named(const AbSummary& summary, const std::string& name) {
  for (const AbSummaryMetric& metric : summary.metrics) {
    if (metric.name == name) {
      return &metric;
    }
  }
  return nullptr;
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
    if (estimate.ci) {
      top = std::max(top, estimate.ci->hi);
      intervals += fmt::format("{} {} {}\n", head, num(estimate.ci->lo), num(estimate.ci->hi));
    }
  }
  any_interval = !intervals.empty();
  return medians + (any_interval ? "\n\n" + intervals : std::string());
}

// Longer arm names would take more than half a plot's width in its legend.
constexpr std::size_t kArmNameChars = 36;

constexpr double kAbCiOpenEnd = std::numeric_limits<double>::infinity();

}  // namespace

std::string ab_arm_name(const AbSummary& summary, bool arm_b) {
  const std::optional<std::string>& options = arm_b ? summary.b_options : summary.a_options;
  const std::optional<std::string>& setup = arm_b ? summary.setup_b : summary.setup_a;
  const std::optional<std::string>& other_setup = arm_b ? summary.setup_a : summary.setup_b;
  std::string what = options.value_or("");
  if (setup && setup != other_setup) {
    what += (what.empty() ? "setup " : ", setup ") + *setup;
  }
  return std::string(arm_b ? "B: " : "A: ") +
         (what.empty() ? std::string("the spec alone") : shortened(what, kArmNameChars));
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
  // squeeze the pairs and the band into one line; a threshold of 1e308 % would squeeze them
  // into nothing, and its double overflows).
  if (std::isfinite(2 * threshold) && low < 2 * threshold && high > -2 * threshold) {
    low = std::min(low, -threshold);
    high = std::max(high, threshold);
  }
  const double pad = std::max(high * 0.15 - low * 0.15, 0.05);
  b.begin("A/B: change of ops/s (real) per pair, in run order", "pair", "B vs A (%)");
  b.datablock("pairs", rows);
  const double estimate = metric->estimate_pct;
  b.line(fmt::format("set xrange [0.5:{}]\nset yrange {}", num(static_cast<double>(pairs) + 0.5),
                     range_text(low - pad, high + pad)));
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
      band, num(estimate),
      number_in_interval(estimate, metric->ci_pct.lo.value_or(-kAbCiOpenEnd),
                         metric->ci_pct.hi.value_or(kAbCiOpenEnd), NumberSign::kAlways) +
          " %",
      num(threshold), num(threshold), num(-threshold)));
}

// One plot per fit. The phase, which names a datablock, is one of kSweepPhases (the decoder
// refuses any other).
void sweep_plots(ScriptBuilder& b, const SweepSummary& summary) {
  for (const SweepFit& fit : summary.fits) {
    std::string rows;
    double max_pages = 0;
    for (const StoredSweepPoint& point : summary.points) {
      for (const StoredSweepRun& run : point.runs) {
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
    b.line(fmt::format("set logscale x 2\nset xrange [0.8:{}]\nset xtics ({})\nset yrange {}",
                       num(largest * 1.25), tics,
                       efficiency ? range_text(0, top * 1.1) : std::string("[0:*]")));
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

// One panel per axis of the cost model, one colour per phase. Three legend entries (one per
// phase; the caption says what the band and the dots are), so that the key below the plot leaves
// the data its height. Drawn in layers: every band, then every run, then every line, with total
// dashed, so that reap's line and band, often close to total's, stay visible on top of it. The
// axis and phase names that name datablocks are fixed words (kSweepPhases).
void sweep_model_plots(ScriptBuilder& b, const SweepSummary& summary) {
  const char* colours[] = {"#1f77b4", "#2ca02c", "#d62728"};
  for (const SweepAxisPanel& panel : sweep_axis_panels(summary)) {
    std::string runs, lines, bands, dots, curves;
    for (std::size_t phase = 0; phase < panel.lines.size(); ++phase) {
      for (const AxisLinePoint& point : panel.lines[phase]) {
        lines += fmt::format("{} {} {} {}\n", num(point.x), num(point.estimate_us),
                             num(point.lo_us), num(point.hi_us));
      }
      bool any = false;
      for (const AxisRun& run : panel.runs) {
        if (run.phase == phase) {
          runs += num(run.x) + " " + num(run.cost_us) + "\n";
          any = true;
        }
      }
      runs += any ? "\n\n" : "0 NaN\n\n\n";  // an empty index would shift the next ones
      lines += "\n\n";
      const std::string name = summary.model->phases[phase].phase;
      const char* colour = colours[phase % 3];
      const bool total = name == "total";
      bands += fmt::format(
          "$model_{}_line index {} using 1:3:4 with filledcurves fc rgb \"{}\" fs transparent "
          "solid {} noborder notitle, \\\n  ",
          panel.axis, phase, colour, total ? "0.12" : "0.25");
      dots += fmt::format(
          "$model_{}_runs index {} using 1:2 with points pt 7 ps 0.5 lc rgb \"{}\" notitle, "
          "\\\n  ",
          panel.axis, phase, colour);
      curves += fmt::format(
          "{}$model_{}_line index {} using 1:2 with lines lw {} dt {} lc rgb \"{}\" title {}",
          curves.empty() ? "" : ", \\\n  ", panel.axis, phase, total ? 2 : 3, total ? 2 : 1, colour,
          gp_text(total ? name + " (dashed)" : name));
    }
    b.begin(panel.title, panel.xlabel, "µs per child");
    b.datablock("model_" + panel.axis + "_line", lines);
    b.datablock("model_" + panel.axis + "_runs", runs);
    b.line(panel.log_x ? "set logscale x 2" : "set xrange [0:*]");
    b.line("set yrange [0:*]\nset key horizontal maxrows 1");
    b.line("plot " + bands + dots + curves);
  }
}

// Per-boot medians as dots, one column per side, a bar at each side's median of its boots, and
// B's level as A's median × (1 + Δ) with the boot-level 95 % CI of Δ as an error bar, when boots
// are the units of the comparison (otherwise the title says why there is no interval).
namespace {

// The datablocks of a boot dot plot: each side's boots spread around its column, a bar at the
// median of its boots, and the x tics naming the sides.
struct BootDots {
  std::string dots, bars, tics;
  std::vector<double> side_medians;
};

// A side's tic: "A: 6.8.0-31-generic" when the two sides booted different releases, else "A"
// (an A/B of command lines; the legend names the side's label). A label ("<tag>:a") as a tic
// overlapped its neighbour at the report's plot width.
std::string side_tic(const std::vector<KernelsBootRow>& rows, const std::vector<std::string>& sides,
                     std::size_t side) {
  std::vector<std::string> releases(sides.size());
  for (const KernelsBootRow& row : rows) {
    for (std::size_t i = 0; i < sides.size(); ++i) {
      if (row.side == sides[i] && releases[i].empty()) {
        releases[i] = row.release;
      }
    }
  }
  const std::string letter = side == 0 ? "A" : "B";
  const bool differ = !releases[side].empty() && releases.front() != releases.back();
  return differ ? letter + ": " + releases[side] : letter;
}

BootDots boot_dots(const std::vector<KernelsBootRow>& rows, const std::vector<std::string>& sides) {
  BootDots out;
  for (std::size_t side = 0; side < sides.size(); ++side) {
    std::vector<double> medians;
    for (const KernelsBootRow& row : rows) {
      if (row.side == sides[side]) {
        medians.push_back(row.median_value);
      }
    }
    for (std::size_t i = 0; i < medians.size(); ++i) {  // spread side by side, in boot order
      const double offset = (static_cast<double>(i) - (medians.size() - 1) / 2.0) * 0.04;
      out.dots += fmt::format("{} {}\n", num(static_cast<double>(side) + offset), num(medians[i]));
    }
    out.dots += "\n\n";
    out.side_medians.push_back(median(medians));
    out.bars += fmt::format("{} {}\n{} {}\n\n", num(side - 0.3), num(out.side_medians.back()),
                            num(side + 0.3), num(out.side_medians.back()));
    out.tics +=
        fmt::format("{}{} {}", side == 0 ? "" : ", ", gp_text(side_tic(rows, sides, side)), side);
  }
  return out;
}

}  // namespace

void boot_dot_plot(ScriptBuilder& b, const std::vector<KernelsBootRow>& rows,
                   const ComparisonResult& comparison) {
  std::vector<std::string> sides;
  for (const KernelsBootRow& row : rows) {
    if (std::find(sides.begin(), sides.end(), row.side) == sides.end()) {
      sides.push_back(row.side);
    }
  }
  if (sides.size() != 2) {
    return;
  }
  const BootDots data = boot_dots(rows, sides);
  // Guest runs counted in instructions are shown as counts (lower is better), never as a rate.
  const bool instructions = rows.front().instructions;
  const std::string headline(run_metric_table(instructions).headline);
  const std::string quantity =
      instructions ? "guest instructions per operation" : std::string("ops/s (real)");
  const MetricComparison* metric = nullptr;
  for (const MetricComparison& candidate : comparison.metrics) {
    metric = candidate.name == headline ? &candidate : metric;
  }
  const bool boot_level = metric != nullptr && metric->boots &&
                          metric->boots->design == BootDesign::kBootLevel &&
                          metric->effect.enough_samples;
  b.begin(fmt::format("Boots (y axis not from zero): each dot one boot's median {}, bars the "
                      "median of a kernel's boots; {}",
                      quantity,
                      boot_level ? "the error bar is B as A × (1 + Δ) with the boot-level 95 % "
                                   "CI of Δ"
                                 : "no boot-level interval (fewer than 2 boots a side, or too "
                                   "few boots for one)"),
          "kernel",
          // Short enough for the plot's height (the caption says the rest): the longer label
          // was cut off at both ends.
          instructions ? "instructions/op, boot median" : "ops/s (real), boot median");
  b.datablock("boots", data.dots);
  b.datablock("boot_medians", data.bars);
  std::string plot = fmt::format(
      "plot $boots index 0 using 1:2 with points pt 7 ps 0.8 lc 1 title {}, \\\n"
      "  $boots index 1 using 1:2 with points pt 7 ps 0.8 lc 2 title {}, \\\n"
      "  $boot_medians using 1:2 with lines lw 2 lc rgb \"#555555\" title 'median of the boots'",
      gp_text(sides[0] + " boots"), gp_text(sides[1] + " boots"));
  if (boot_level) {
    const auto level = [&](double pct) { return data.side_medians[0] * (1 + pct / 100); };
    b.datablock(
        "boot_interval",
        fmt::format("1.4 {} {} {}\n", num(level(metric->effect.estimate_pct)),
                    num(level(metric->effect.ci_low_pct)), num(level(metric->effect.ci_high_pct))));
    plot +=
        ", \\\n  $boot_interval using 1:2:3:4 with yerrorbars pt 5 lw 2 lc rgb \"#000000\" title " +
        gp_text("A × (1 + Δ), boot-level 95 % CI");
  }
  // Not from zero: boots differ by a few percent, which an axis from zero would flatten.
  b.line(fmt::format(
      "set xrange [-0.6:1.8]\nset xtics ({})\nset offsets 0, 0, graph 0.1, graph 0.1", data.tics));
  b.line(plot);
}

}  // namespace clonebench
