#include "ab/ab_progress.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/number_text.hpp"
#include "experiment/progress_line.hpp"

namespace clonebench {

std::optional<std::size_t> units_in_budget(double max_time_s, double elapsed_s,
                                           std::size_t runs_done, std::size_t runs_per_unit,
                                           std::size_t warmup_units) {
  if (runs_done == 0 || !(elapsed_s > 0) || runs_per_unit == 0) {
    return std::nullopt;
  }
  const double unit_s =
      static_cast<double>(runs_per_unit) * elapsed_s / static_cast<double>(runs_done);
  const double units = std::floor(max_time_s / unit_s) - static_cast<double>(warmup_units);
  return static_cast<std::size_t>(std::max(0.0, units));
}

std::optional<double> time_left_s(double elapsed_s, std::size_t runs_done, std::size_t runs_planned,
                                  std::optional<double> max_time_s) {
  if (runs_done == 0) {
    return std::nullopt;
  }
  double left_s = elapsed_s / static_cast<double>(runs_done) *
                  static_cast<double>(runs_planned - std::min(runs_planned, runs_done));
  if (max_time_s) {
    left_s = std::min(left_s, std::max(0.0, *max_time_s - elapsed_s));
  }
  return left_s;
}

std::string ab_progress_line(const AbProgress& progress) {
  std::string line = fmt::format("ab {} {}/{}{} ({}): arm {}, {} for {:g} s; {} spent",
                                 progress.warmup ? "warm-up" : "pair", progress.index,
                                 progress.expected && !progress.warmup ? "≈" : "", progress.planned,
                                 progress.order, progress.arm, progress.stressor, progress.run_s,
                                 clock_duration(progress.elapsed_s));
  if (progress.left_s) {
    line += fmt::format(", about {} left", clock_duration(*progress.left_s));
  }
  if (progress.target_pct && !progress.widest_metric.empty()) {
    if (progress.estimate_pct && progress.ci_low_pct && progress.ci_high_pct &&
        std::isfinite(progress.half_width_pct)) {
      // The number rule (core/number_text.hpp): the interval's digits, three significant ones
      // for its half-width; the target is the user's setting, as typed.
      const double low = *progress.ci_low_pct, high = *progress.ci_high_pct;
      const auto in_interval = [&](double pct) {
        return number_in_interval(pct, low, high, NumberSign::kAlways) + " %";
      };
      line += fmt::format("; {} {} [{}, {}], ±{} % of ±{:g} %", progress.widest_metric,
                          in_interval(*progress.estimate_pct), in_interval(low), in_interval(high),
                          significant_text(progress.half_width_pct), *progress.target_pct);
    } else {
      line += fmt::format("; {}: too few pairs for an interval yet (target ±{:g} %)",
                          progress.widest_metric, *progress.target_pct);
    }
  }
  return line;
}

}  // namespace clonebench
