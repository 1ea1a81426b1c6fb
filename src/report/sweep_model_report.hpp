#pragma once
// A multi-axis sweep's cost model in a report (docs/report.md, "Sweeps"): the coefficient table
// (fixed, per page, per VMA, per folio, each with its 95 % interval, per phase) and one panel per
// axis the sweep varied — its measured runs, the model's line along that axis with the other axes
// held at a stated reference, and the 95 % confidence band of the model's mean. Derived once
// from the typed summary, so markdown, SRU text and HTML show the same numbers.

#include <cstdint>
#include <string>
#include <vector>

#include "record/experiment.hpp"

namespace clonebench {

// Which of a sweep's two fits is quoted (record/sweep_headline.hpp), as `clonebench sweep` says it.
inline constexpr const char* kToQuote = "The figures to quote: ";
inline constexpr const char* kCrossCheck = "Cross-check, not to quote: ";

// The coefficient table: a header and one row per phase; `interval` formats estimate, lo, hi
// ("{} [{}, {}]"). A term the model lacks (its axis held one value) reads "–".
struct SweepModelTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
};
SweepModelTable sweep_model_table(const SweepModel& model, const char* interval);

struct AxisRun {
  std::size_t phase = 0;  // index into the model's phases
  double x = 0, cost_us = 0;
};
struct AxisLinePoint {
  double x = 0, estimate_us = 0, lo_us = 0, hi_us = 0;
};
struct SweepAxisPanel {
  std::string axis;   // "pages", "vmas" or "folio": names the plot's datablocks
  std::string title;  // what is drawn and the reference the other axes are held at
  std::string xlabel;
  bool log_x = false;
  std::vector<AxisRun> runs;                      // the runs at the reference of the other axes
  std::vector<std::vector<AxisLinePoint>> lines;  // per phase of the model, ascending x
};

// The reference the panels hold the other axes at: the largest size, and the first --vmas and
// --folio values given.
std::string sweep_model_reference(const SweepSummary& summary);

// One panel per axis that took ≥ 2 values; none without a model.
std::vector<SweepAxisPanel> sweep_axis_panels(const SweepSummary& summary);

}  // namespace clonebench
