#pragma once
// Runs gnuplot on a plot script (plot_script.hpp) and returns its SVGs. The script goes in and
// the SVGs come out through files without a name (sys/unnamed_file.hpp), and gnuplot is tethered
// to this process, so no exit of ours — SIGKILL included — leaves a file or a process behind.

#include <string>
#include <vector>

#include "report/plot_script.hpp"

namespace clonebench {

// The gnuplot executable found on PATH; empty when there is none.
std::string find_gnuplot();

// One `<svg ...>...</svg>` element per title of `plot`. Throws RuntimeError when gnuplot is not
// installed (naming Debian's gnuplot-nox), fails (with its first error line), does not finish
// within `bound_s`, or writes a different number of SVGs.
std::vector<std::string> draw_plots(const PlotScript& plot, double bound_s = 60);

}  // namespace clonebench
