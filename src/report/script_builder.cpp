#include "report/script_builder.hpp"

#include <fmt/core.h>

#include "core/text_safety.hpp"

namespace clonebench {

std::string gp_text(const std::string& text) {
  std::string out = "'";
  for (char c : printable(text)) {
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

std::string num(double value) {
  return fmt::format("{:.6g}", value);
}

void ScriptBuilder::begin(const std::string& title, const std::string& xlabel,
                          const std::string& ylabel) {
  script_ += fmt::format("reset\nset xlabel {}\nset ylabel {}\nset grid\nset key below\n",
                         gp_text(xlabel), gp_text(ylabel));
  titles_.push_back(title);
}

PlotScript ScriptBuilder::finish() {
  return {// Two plots side by side in a 1180 px page draw each ~570 px wide: 14 px text in a 640
          // px wide SVG reads at 12.5 px (at 760 and 11 it was 8 px).
          "set terminal svg size 640,400 dynamic noenhanced font \"sans,14\" background rgb "
          "\"white\"\nset output\nset datafile separator whitespace\n" +
              script_,
          titles_};
}

}  // namespace clonebench
