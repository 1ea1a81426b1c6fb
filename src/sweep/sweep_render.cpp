#include "sweep/sweep_render.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "core/units.hpp"
#include "record/cost_model_json.hpp"
#include "sweep/cost_model_render.hpp"

namespace clonebench {
namespace {

constexpr int kPlotWidth = 64;
constexpr int kPlotHeight = 16;

// "64K 97 %" (the folio size asked for, the share of sampled pages in it), "2M got 4K" when
// the folios did not materialise, "64K ?" when they could not be measured.
std::string folio_cell(const nlohmann::json& folio) {
  const std::string asked = format_size(folio.at("requested_bytes").get<std::uint64_t>());
  if (folio.at("materialised").is_null()) {
    return asked + " ?";
  }
  if (!folio.at("materialised").get<bool>()) {
    return asked + " got " + format_size(folio.at("dominant_bytes").get<std::uint64_t>());
  }
  return fmt::format("{} {:.0f} %", asked, folio.at("share_requested").get<double>() * 100);
}

// The "copied" column only when it says something "pages" does not (THP, hugetlb): for 4 KiB
// anonymous memory every page is one copied entry and the two columns would be the same.
bool copied_differs(const nlohmann::json& summary) {
  for (const auto& point : summary.at("points")) {
    if (std::abs(point.at("pages").get<double>() - point.at("entries_copied").get<double>()) >=
        0.5) {
      return true;
    }
  }
  return false;
}

std::string points_table(const nlohmann::json& summary) {
  const bool vmas_axis = summary.contains("vmas_list") && summary.at("vmas_list").size() > 1;
  const bool folio_axis = summary.contains("folio_list") && !summary.at("folio_list").empty();
  const bool copied = copied_differs(summary);
  std::string out = fmt::format("{:>10} ", "rss");
  out += vmas_axis ? fmt::format("{:>6} ", "vmas") : "";
  out += folio_axis ? fmt::format("{:>12} ", "folio") : "";
  out += fmt::format("{:>10}{} {:>11} {:>11} {:>11} {:>5}\n", "pages",
                     copied ? fmt::format(" {:>10}", "copied") : std::string(), "create µs",
                     "reap µs", "total µs", "runs");
  for (const auto& point : summary.at("points")) {
    out += fmt::format("{:>10} ", format_size(point.at("rss_bytes").get<std::uint64_t>()));
    out += vmas_axis ? fmt::format("{:>6} ", point.at("vmas").get<std::uint64_t>()) : "";
    out += folio_axis ? fmt::format("{:>12} ", folio_cell(point.at("folio"))) : "";
    out += fmt::format("{:>10.0f}{} {:>11.2f} {:>11.2f} {:>11.2f} {:>5}\n",
                       point.at("pages").get<double>(),
                       copied ? fmt::format(" {:>10.0f}", point.at("entries_copied").get<double>())
                              : std::string(),
                       point.at("create_us").get<double>(), point.at("reap_us").get<double>(),
                       point.at("total_us").get<double>(), point.at("runs").size());
  }
  return out +
         "create, reap: the parent's mean wall time per call; total: CPU time (usr + sys of the "
         "parent and its children) per child, so it also holds the child's own work (page faults, "
         "exit) and is not create + reap\n";
}

// The folio points whose folios did not materialise, said in words under the table.
std::string folio_warnings(const nlohmann::json& summary) {
  std::string out;
  for (const auto& point : summary.at("points")) {
    if (point.contains("folio") && point.at("folio").at("materialised") == false) {
      out += fmt::format(
          "warning: at --rss {} --vmas {} the {} folios did not materialise ({:.0f} % of the "
          "sampled pages; most sat in {} folios): that point measures other folios\n",
          format_size(point.at("rss_bytes").get<std::uint64_t>()),
          point.at("vmas").get<std::uint64_t>(),
          format_size(point.at("folio").at("requested_bytes").get<std::uint64_t>()),
          point.at("folio").at("share_requested").get<double>() * 100,
          format_size(point.at("folio").at("dominant_bytes").get<std::uint64_t>()));
    }
  }
  return out;
}

// "1,64,4096" from a list of counts, " --folio 4K,64K" from a list of folio sizes.
std::string axis_text(const nlohmann::json& summary, const char* key, const std::string& absent,
                      bool sizes) {
  if (!summary.contains(key) || summary.at(key).empty()) {
    return absent;
  }
  std::string out = sizes ? " --folio " : "";
  for (const auto& value : summary.at(key)) {
    const auto number = value.get<std::uint64_t>();
    out += (out.empty() || out.back() == ' ' ? "" : ",") +
           (sizes ? format_size(number) : std::to_string(number));
  }
  return out;
}

std::string model_section(const nlohmann::json& summary) {
  if (summary.contains("model")) {
    return "\n" + render_cost_model(cost_model_from_json(summary.at("model"), "sweep summary"));
  }
  if (summary.contains("model_note")) {
    return "\ncost model: not fitted (" + summary.at("model_note").get<std::string>() + ")\n";
  }
  return "";  // a sweep stored before the model existed
}

std::string fits_table(const nlohmann::json& summary) {
  std::string out = fmt::format("{:<7} {:>28} {:>28} {:>6}  {}\n", "phase", "per page ns [95 % CI]",
                                "fixed µs [95 % CI]", "R²", "fit");
  std::string notes;
  for (const auto& fit : summary.at("fits")) {
    const auto& slope = fit.at("per_page_ns");
    const auto& fixed = fit.at("fixed_us");
    std::string verdict = "ok";
    for (const auto& flag : fit.value("flags", nlohmann::json::array())) {
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
        verdict =
            verdict == "ok" ? flag.get<std::string>() : verdict + ", " + flag.get<std::string>();
      }
    }
    out +=
        fmt::format("{:<7} {:>28} {:>28} {:>6.3f}  {}\n", fit.at("phase").get<std::string>(),
                    fmt::format("{:.2f} [{:.2f}, {:.2f}]", slope.at("estimate").get<double>(),
                                slope.at("ci")[0].get<double>(), slope.at("ci")[1].get<double>()),
                    fmt::format("{:.2f} [{:.2f}, {:.2f}]", fixed.at("estimate").get<double>(),
                                fixed.at("ci")[0].get<double>(), fixed.at("ci")[1].get<double>()),
                    fit.at("r2").get<double>(), verdict);
  }
  return out + notes;
}

// Every run as 'o', point medians as '#', the fitted total line as '.'.
std::string total_plot(const nlohmann::json& summary) {
  const nlohmann::json* total_fit = nullptr;
  for (const auto& fit : summary.at("fits")) {
    if (fit.at("phase") == "total") {
      total_fit = &fit;
    }
  }
  std::vector<std::pair<double, double>> runs, medians;
  for (const auto& point : summary.at("points")) {
    medians.emplace_back(point.at("pages").get<double>(), point.at("total_us").get<double>());
    for (const auto& run : point.at("runs")) {
      runs.emplace_back(run.at("pages").get<double>(), run.at("total_us").get<double>());
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
  const double slope_us = total_fit->at("per_page_ns").at("estimate").get<double>() / 1000;
  const double fixed_us = total_fit->at("fixed_us").at("estimate").get<double>();
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
  std::string out = "total µs per op vs pages (o run, # median, . fit)\n";
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
std::string stop_line(const nlohmann::json& summary) {
  const nlohmann::json* stop = summary.contains("stop") ? &summary.at("stop") : nullptr;
  if (stop == nullptr || stop->at("precision_pct").is_null()) {
    return "";
  }
  const double target_pct = stop->at("precision_pct").get<double>();
  const nlohmann::json& reached = stop->at("per_page_half_width_pct");
  const std::string width =
      reached.is_null() ? "not known yet" : fmt::format("±{:.1f} %", reached.get<double>());
  const std::string reason = stop->at("reason").get<std::string>();
  if (reason == "precision") {
    return fmt::format("stopped: the per-page interval of total is {}, within ±{:g} %\n\n", width,
                       target_pct);
  }
  return fmt::format(
      "stopped by {} before ±{:g} % was reached: the per-page interval of total is "
      "{}\n\n",
      reason == "max-time" ? "--max-time" : "--rounds", target_pct, width);
}

}  // namespace

std::string render_sweep(const nlohmann::json& summary) {
  if (!summary.is_object() || !summary.contains("points") || !summary.contains("fits")) {
    throw UsageError("sweep summary: not a sweep object (no points/fits)");
  }
  try {
    std::string out = fmt::format(
        "sweep {} --rss-kind {} --vmas {}{}: {} rounds, {} instance(s), {:g} s per point, {:.1f} "
        "s\n\n",
        summary.at("stressor").get<std::string>(), summary.at("rss_kind").get<std::string>(),
        axis_text(summary, "vmas_list", summary.at("vmas").dump(), false),
        axis_text(summary, "folio_list", "", true), summary.at("rounds").get<std::uint32_t>(),
        summary.at("instances").get<std::uint32_t>(),
        summary.at("timeout_per_point_s").get<double>(), summary.at("elapsed_s").get<double>());
    out += stop_line(summary);
    out += points_table(summary) + folio_warnings(summary) + "\n" + fits_table(summary) + "\n" +
           total_plot(summary) + model_section(summary);
    return out;
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("sweep summary: {}", error.what()));
  }
}

}  // namespace clonebench
