#pragma once
// The one way text and numbers reach a report's gnuplot script: gp_text() quotes stored text so
// gnuplot never substitutes anything in it, and ScriptBuilder assembles the plots.

#include <string>
#include <vector>

#include "report/plot_script.hpp"

namespace clonebench {

// Text as a gnuplot single-quoted string, quotes included. gnuplot substitutes backquotes
// (`command`, run by a shell) and macros inside double-quoted strings, never inside single-quoted
// ones, where only '' (a quote) is special; printable() leaves no newline that could end the
// command. Every stored text reaches the script through this function only.
std::string gp_text(const std::string& text);

// A number as the script writes it: six significant digits. A value that is not finite (a sum or
// a padding of values near the largest double overflows) is written NaN, which gnuplot takes for
// "no value" (a point left out), never "inf" or "nan", which it reads as undefined variables.
std::string num(double value);

// A range for `set xrange` / `set yrange`, brackets included, that gnuplot accepts whatever the
// data: an end that is not finite is left to autoscaling ("*"), and a range of no width (every
// value alike) or an inverted one is widened around its middle, so that a constant or
// degenerate series is still drawn.
std::string range_text(double low, double high);

class ScriptBuilder {
 public:
  // Starts a plot: a fresh state, the next SVG on standard output. The title is the HTML
  // figure's caption, not drawn twice.
  void begin(const std::string& title, const std::string& xlabel, const std::string& ylabel);
  void line(const std::string& text) { script_ += text + "\n"; }
  void datablock(const std::string& name, const std::string& rows) {
    script_ += "$" + name + " << EOD\n" + rows + "EOD\n";
  }
  PlotScript finish();

 private:
  std::string script_;
  std::vector<std::string> titles_;
};

}  // namespace clonebench
