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

// A number as the script writes it: six significant digits.
std::string num(double value);

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
