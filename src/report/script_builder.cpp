#include "report/script_builder.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>

#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// Plain notation for every tic label up to 10^10 ("%.10g" goes to an exponent only beyond ten
// integer digits or below 10^-4, which no axis of a report reaches).
constexpr const char* kTicFormat = "'%.10g'";

}  // namespace

std::string gp_text(const std::string& text) {
  std::string out = "'";
  for (char c : printable(text)) {
    out += c == '\'' ? std::string("''") : std::string(1, c);
  }
  return out + "'";
}

std::string num(double value) {
  return std::isfinite(value) ? fmt::format("{:.6g}", value) : std::string("NaN");
}

std::string range_text(double low, double high) {
  if (!std::isfinite(low) || !std::isfinite(high)) {
    return fmt::format("[{}:{}]", std::isfinite(low) ? num(low) : "*",
                       std::isfinite(high) ? num(high) : "*");
  }
  if (!(low < high)) {
    const double middle = low / 2 + high / 2;
    const double half = std::max(std::abs(middle) * 0.05, 0.5);
    return fmt::format("[{}:{}]", num(middle - half), num(middle + half));
  }
  return fmt::format("[{}:{}]", num(low), num(high));
}

void ScriptBuilder::begin(const std::string& title, const std::string& xlabel,
                          const std::string& ylabel) {
  // gnuplot's default tic format is "% h", which writes 1000000 as "1e+06" (a log axis of µs or
  // a count reaches it): ten significant digits in plain notation instead, as the text does.
  script_ += fmt::format(
      "reset\nset xlabel {}\nset ylabel {}\nset grid\nset key below\nset format x {}\n"
      "set format y {}\n",
      gp_text(xlabel), gp_text(ylabel), kTicFormat, kTicFormat);
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
