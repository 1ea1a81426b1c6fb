#pragma once
// The progress line `ab` prints on a terminal before each run: which run of how many, the time
// spent and left, and with --precision what the last look saw. Pure: the caller passes the
// clock's reading and prints only when stderr is a terminal and --quiet is not given, so output
// to a file or a pipe never changes.

#include <cstddef>
#include <optional>
#include <string>

namespace clonebench {

struct AbProgress {
  bool warmup = false;
  std::size_t index = 0;    // 1-based: the warm-up pair or measured pair about to run
  std::size_t planned = 0;  // warm-ups, or measured pairs (expected ones with --precision)
  std::string order;        // "AB" | "BA"
  std::string arm;          // "a" | "b"
  std::string stressor;
  double run_s = 0;              // the arm's --timeout
  double elapsed_s = 0;          // since the first run
  std::optional<double> left_s;  // nullopt: not known yet
  // --precision only, from the last look: the widest selected metric's interval.
  std::optional<double> target_pct;
  std::string widest_metric;
  std::optional<double> estimate_pct, ci_low_pct, ci_high_pct;
  double half_width_pct = 0;
};

// One line without its newline, e.g.
// "ab pair 21/40 (BA): arm b, fork for 0.5 s; 0:31 spent, about 0:29 left; ops_per_sec_real
//  -0.4 % [-1.6 %, +0.8 %], ±1.2 % of ±1 %".
std::string ab_progress_line(const AbProgress& progress);

}  // namespace clonebench
