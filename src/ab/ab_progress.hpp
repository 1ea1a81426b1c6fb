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
  std::size_t planned = 0;  // warm-ups, or measured pairs (expected ones when `expected`)
  bool expected = false;    // --precision or --max-time decides the pairs: planned is a guess
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

// The measured units (pairs, rounds) that fit in --max-time at the pace so far: `runs_done` runs
// (warm-ups included) took `elapsed_s`, a unit is `runs_per_unit` runs and `warmup_units` of the
// budget go to warm-ups. nullopt before the first run.
std::optional<std::size_t> units_in_budget(double max_time_s, double elapsed_s,
                                           std::size_t runs_done, std::size_t runs_per_unit,
                                           std::size_t warmup_units);

// The time left: the pace so far times the runs still to come of `runs_planned`, and no more than
// what --max-time leaves. nullopt before the first run.
std::optional<double> time_left_s(double elapsed_s, std::size_t runs_done, std::size_t runs_planned,
                                  std::optional<double> max_time_s);

// One line without its newline, e.g.
// "ab pair 21/40 (BA): arm b, fork for 0.5 s; 0:31 spent, about 0:29 left; ops_per_sec_real
//  -0.4 % [-1.6 %, +0.8 %], ±1.2 % of ±1 %".
std::string ab_progress_line(const AbProgress& progress);

}  // namespace clonebench
