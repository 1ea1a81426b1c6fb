#include "ab/ab_progress.hpp"

#include <fmt/core.h>

#include <cmath>

#include "experiment/progress_line.hpp"

namespace clonebench {

std::string ab_progress_line(const AbProgress& progress) {
  std::string line = fmt::format("ab {} {}/{}{} ({}): arm {}, {} for {:g} s; {} spent",
                                 progress.warmup ? "warm-up" : "pair", progress.index,
                                 progress.target_pct && !progress.warmup ? "≈" : "",
                                 progress.planned, progress.order, progress.arm, progress.stressor,
                                 progress.run_s, clock_duration(progress.elapsed_s));
  if (progress.left_s) {
    line += fmt::format(", about {} left", clock_duration(*progress.left_s));
  }
  if (progress.target_pct && !progress.widest_metric.empty()) {
    if (progress.estimate_pct && progress.ci_low_pct && progress.ci_high_pct &&
        std::isfinite(progress.half_width_pct)) {
      line += fmt::format("; {} {:+.1f} % [{:+.1f} %, {:+.1f} %], ±{:.2f} % of ±{:g} %",
                          progress.widest_metric, *progress.estimate_pct, *progress.ci_low_pct,
                          *progress.ci_high_pct, progress.half_width_pct, *progress.target_pct);
    } else {
      line += fmt::format("; {}: too few pairs for an interval yet (target ±{:g} %)",
                          progress.widest_metric, *progress.target_pct);
    }
  }
  return line;
}

}  // namespace clonebench
