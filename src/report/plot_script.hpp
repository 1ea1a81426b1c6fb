#pragma once
// The gnuplot script of an HTML report: its data inline as datablocks ($name << EOD), one SVG
// per plot written to standard output one after another, so gnuplot needs no file at all (nothing
// can be left behind). Pure: the same input gives the same script (golden-tested).

#include <string>
#include <vector>

#include "report/report_input.hpp"

namespace clonebench {

struct PlotScript {
  std::string script;               // for `gnuplot` on standard input
  std::vector<std::string> titles;  // one per SVG, in output order
};

// As applicable: throughput over time per run, latency CDFs per phase (log axis) per label, the
// trend of ops/s across labels with CIs, an ab's pair differences with the estimate, its CI and
// the ± threshold band, a sweep's points per size with the fitted line and its CI band per phase;
// for a scale only its ops/s and efficiency curves against the instance count.
PlotScript plot_script(const ReportInput& input);

}  // namespace clonebench
