#include "sweep/sweep_render.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/number_text.hpp"
#include "core/units.hpp"
#include "record/sweep_headline.hpp"
#include "sweep/cost_model_render.hpp"

namespace clonebench {
namespace {

constexpr int kPlotWidth = 64;
constexpr int kPlotHeight = 16;

// "64K 97 %" (the folio size asked for, the share of sampled pages in it), "2M got 4K" when
// the folios did not materialise, "64K ?" when they could not be measured.
std::string folio_cell(const std::optional<FolioObtained>& folio) {
  if (!folio) {
    throw UsageError("sweep summary: a point of a --folio sweep has no folio");
  }
  const std::string asked = format_size(folio->requested_bytes);
  if (!folio->materialised) {
    return asked + " ?";
  }
  if (!*folio->materialised) {
    return asked + " got " + format_size(folio->dominant_bytes);
  }
  return fmt::format("{} {:.0f} %", asked, folio->share_requested * 100);
}

// The "copied" column only when it says something "pages" does not (THP, hugetlb): for 4 KiB
// anonymous memory every page is one copied entry and the two columns would be the same.
bool copied_differs(const SweepSummary& summary) {
  return std::any_of(summary.points.begin(), summary.points.end(), [](const StoredSweepPoint& p) {
    return std::abs(p.pages - p.entries_copied) >= 0.5;
  });
}

std::string points_table(const SweepSummary& summary) {
  const bool vmas_axis = summary.vmas_list.size() > 1;
  const bool folio_axis = !summary.folio_list.empty();
  const bool copied = copied_differs(summary);
  std::string out = fmt::format("{:>10} ", "rss");
  out += vmas_axis ? fmt::format("{:>6} ", "vmas") : "";
  out += folio_axis ? fmt::format("{:>12} ", "folio") : "";
  out += fmt::format("{:>10}{} {:>11} {:>11} {:>11} {:>5}\n", "pages",
                     copied ? fmt::format(" {:>10}", "copied") : std::string(), "create µs",
                     "reap µs", "total µs", "runs");
  for (const StoredSweepPoint& point : summary.points) {
    out += fmt::format("{:>10} ", format_size(point.rss_bytes));
    out += vmas_axis ? fmt::format("{:>6} ", point.vmas) : "";
    out += folio_axis ? fmt::format("{:>12} ", folio_cell(point.folio)) : "";
    out += fmt::format("{:>10.0f}{} {:>11} {:>11} {:>11} {:>5}\n", point.pages,
                       copied ? fmt::format(" {:>10.0f}", point.entries_copied) : std::string(),
                       significant_text(point.create_us), significant_text(point.reap_us),
                       significant_text(point.total_us), point.runs.size());
  }
  return out +
         "create, reap: the parent's mean wall time per call; total: CPU time (usr + sys of the "
         "parent and its children) per child, so it also holds the child's own work (page faults, "
         "exit) and is not create + reap\n";
}

// The folio points whose folios did not materialise, said in words under the table.
std::string folio_warnings(const SweepSummary& summary) {
  std::string out;
  for (const StoredSweepPoint& point : summary.points) {
    if (point.folio && point.folio->materialised == false) {
      out += fmt::format(
          "warning: at --rss {} --vmas {} the {} folios did not materialise ({:.0f} % of the "
          "sampled pages; most sat in {} folios): that point measures other folios\n",
          format_size(point.rss_bytes), point.vmas, format_size(point.folio->requested_bytes),
          point.folio->share_requested * 100, format_size(point.folio->dominant_bytes));
    }
  }
  return out;
}

// "1,64,4096" from a list of counts, " --folio 4K,64K" from a list of folio sizes.
std::string axis_text(const std::vector<std::uint64_t>& values, const std::string& absent,
                      bool sizes) {
  if (values.empty()) {
    return absent;
  }
  std::string out = sizes ? " --folio " : "";
  for (const std::uint64_t number : values) {
    out += (out.empty() || out.back() == ' ' ? "" : ",") +
           (sizes ? format_size(number) : std::to_string(number));
  }
  return out;
}

// What a fit's flags say, and the note under the table for each.
std::string fit_verdict(const SweepFit& fit, std::string& notes) {
  std::string verdict = "ok";
  for (const std::string& flag : fit.flags) {
    // Named for what a reader does about it, not shouted: a bend at R² 0.99 still fits well.
    if (flag == "nonlinear") {
      verdict = verdict == "ok" ? "curved" : verdict + ", curved";
      notes +=
          "curved: the per-page cost of the smaller and the larger half of the sizes differ "
          "(disjoint 95 % CIs, by more than a quarter); the slope is their average\n";
    } else if (flag == "low_r2") {
      verdict = verdict == "ok" ? "poor fit" : verdict + ", poor fit";
      notes += "poor fit: a line explains little of the spread (low R²); trust the points\n";
    } else {
      verdict = verdict == "ok" ? flag : verdict + ", " + flag;
    }
  }
  return verdict;
}

std::string fits_table(const SweepSummary& summary) {
  std::string out = fmt::format("{:<7} {:>28} {:>28} {:>6}  {}\n", "phase", "per page ns [95 % CI]",
                                "fixed µs [95 % CI]", "R²", "fit");
  std::string notes;
  for (const SweepFit& fit : summary.fits) {
    const std::string verdict = fit_verdict(fit, notes);
    const SweepEstimate& slope = fit.per_page_ns;
    const SweepEstimate& fixed = fit.fixed_us;
    out += fmt::format("{:<7} {:>28} {:>28} {:>6.3f}  {}\n", fit.phase,
                       estimate_text(slope.estimate, slope.lo, slope.hi),
                       estimate_text(fixed.estimate, fixed.lo, fixed.hi), fit.r2, verdict);
  }
  return out + notes;
}

// Every run as 'o', point medians as '#', the fitted total line as '.'.
std::string total_plot(const SweepSummary& summary) {
  const SweepFit* total_fit = nullptr;
  for (const SweepFit& fit : summary.fits) {
    if (fit.phase == "total") {
      total_fit = &fit;
    }
  }
  std::vector<std::pair<double, double>> runs, medians;
  for (const StoredSweepPoint& point : summary.points) {
    medians.emplace_back(point.pages, point.total_us);
    for (const StoredSweepRun& run : point.runs) {
      if (!run.pages || !run.total_us) {
        throw UsageError("sweep summary: a run has no pages or total_us");
      }
      runs.emplace_back(*run.pages, *run.total_us);
    }
  }
  if (total_fit == nullptr || runs.empty()) {
    return "";
  }
  double max_x = 1, max_y = 1e-9;
  for (const auto& [x, y] : runs) {
    max_x = std::max(max_x, x);
    max_y = std::max(max_y, y);
  }
  std::vector<std::string> grid(kPlotHeight, std::string(kPlotWidth, ' '));
  const auto put = [&](double x, double y, char mark) {
    const auto column = static_cast<int>(std::lround(x / max_x * (kPlotWidth - 1)));
    const auto row = static_cast<int>(std::lround(y / max_y * (kPlotHeight - 1)));
    if (column >= 0 && column < kPlotWidth && row >= 0 && row < kPlotHeight) {
      grid[static_cast<std::size_t>(kPlotHeight - 1 - row)][static_cast<std::size_t>(column)] =
          mark;
    }
  };
  const double slope_us = total_fit->per_page_ns.estimate / 1000;
  const double fixed_us = total_fit->fixed_us.estimate;
  for (int column = 0; column < kPlotWidth; ++column) {
    const double x = max_x * column / (kPlotWidth - 1);
    put(x, fixed_us + slope_us * x, '.');
  }
  for (const auto& [x, y] : runs) {
    put(x, y, 'o');
  }
  for (const auto& [x, y] : medians) {
    put(x, y, '#');
  }
  std::string out = "total µs per op vs pages (o run, # median, . Theil–Sen line)\n";
  for (int row = 0; row < kPlotHeight; ++row) {
    const double label = max_y * (kPlotHeight - 1 - row) / (kPlotHeight - 1);
    out += fmt::format("{:>10.1f} |{}\n", label, grid[static_cast<std::size_t>(row)]);
  }
  out += fmt::format("{:>10} +{}\n{:>10}  0{:>{}}\n", "", std::string(kPlotWidth, '-'), "",
                     fmt::format("{:.0f} pages", max_x), kPlotWidth - 1);
  return out;
}

// Why a sweep run to a precision ended; nothing for a fixed number of rounds (and for summaries
// stored before --precision existed).
std::string stop_line(const SweepSummary& summary) {
  if (summary.stop && !summary.stop->precision_pct && summary.stop->max_time_s) {
    return fmt::format("stopped by {}: {} rounds within --max-time {:g} s\n\n",
                       summary.stop->reason == "max-time" ? "--max-time" : "--rounds",
                       summary.rounds, *summary.stop->max_time_s);
  }
  if (!summary.stop || !summary.stop->precision_pct) {
    return "";
  }
  const StoredSweepStop& stop = *summary.stop;
  const double target_pct = *stop.precision_pct;
  const std::string width = stop.per_page_half_width_pct
                                ? fmt::format("±{:.1f} %", *stop.per_page_half_width_pct)
                                : "not known yet";
  if (stop.reason == "precision") {
    return fmt::format("stopped: the per-page interval of total is {}, within ±{:g} %\n\n", width,
                       target_pct);
  }
  return fmt::format(
      "stopped by {} before ±{:g} % was reached: the per-page interval of total is "
      "{}\n\n",
      stop.reason == "max-time" ? "--max-time" : "--rounds", target_pct, width);
}

// The figures to quote, then the other fit as a cross-check (sweep_headline.hpp says which).
std::string fits_sections(const SweepSummary& summary) {
  if (sweep_headline(summary) == SweepHeadline::kCostModel) {
    const bool vmas = summary.vmas_list.size() > 1, folios = summary.folio_list.size() > 1;
    return "the figures to quote: " + render_cost_model(*summary.model) +
           fmt::format(
               "\ncross-check, not to quote: the Theil–Sen line over pages alone, which "
               "pools the {}{}{} ax{}\n",
               vmas ? "--vmas" : "", vmas && folios ? " and " : "", folios ? "--folio" : "",
               vmas && folios ? "es" : "is") +
           fits_table(summary) + "\n" + total_plot(summary);
  }
  std::string out = "the figures to quote: the Theil–Sen line over pages, per phase (95 % CIs)\n" +
                    fits_table(summary) + "\n" + total_plot(summary);
  if (summary.model) {
    out += "\n" + render_cost_model_cross_check(*summary.model);
  } else if (summary.model_note) {
    out += "\ncost model: not fitted (" + *summary.model_note + ")\n";
  }
  return out;
}

}  // namespace

std::string render_sweep(const SweepSummary& summary) {
  if (summary.fits.empty()) {
    throw UsageError("sweep summary: not a sweep object (no points/fits)");
  }
  std::string out = fmt::format(
      "sweep {} --rss-kind {} --vmas {}{}: {} rounds, {} instance(s), {:g} s per point, {:.1f} "
      "s\n\n",
      summary.stressor, summary.rss_kind,
      axis_text(summary.vmas_list, std::to_string(summary.vmas), false),
      axis_text(summary.folio_list, "", true), summary.rounds, summary.instances,
      summary.timeout_per_point_s, summary.elapsed_s);
  out += stop_line(summary);
  out += points_table(summary) + folio_warnings(summary) + "\n" + fits_sections(summary);
  return out;
}

}  // namespace clonebench
