#include "core/number_text.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <optional>

namespace clonebench {
namespace {

constexpr int kMostDecimals = 9;
// Rounding to 10^300 and beyond is past any double's digits: the bound only keeps pow() finite.
constexpr int kFewestDecimals = -300;

bool all_zero_digits(const std::string& text) {
  return text.find_first_of("123456789") == std::string::npos;
}

std::string infinite_text(double value, NumberSign sign) {
  if (value < 0) {
    return "-inf";
  }
  return sign == NumberSign::kAlways ? "+inf" : "inf";
}

std::string end_text(double value, std::optional<int> decimals, NumberSign sign) {
  return decimals ? fixed_text(value, *decimals, sign) : significant_text(value, 3, sign);
}

}  // namespace

std::optional<int> interval_decimals(double low, double high) {
  const double half_width = (high - low) / 2;
  if (!std::isfinite(half_width) || !(half_width > 0)) {
    return std::nullopt;
  }
  // The ends are decimals as typed or printed; their difference in binary can fall a hair below
  // a power of ten (1.8074 - 1.8072 is 0.000199999…), which must not cost a digit more.
  constexpr double kLog10Slack = 1e-9;
  const int magnitude = static_cast<int>(std::floor(std::log10(half_width) + kLog10Slack));
  return std::clamp(1 - magnitude, kFewestDecimals, kMostDecimals);
}

std::string fixed_text(double value, int decimals, NumberSign sign) {
  if (std::isnan(value)) {
    return "nan";
  }
  if (std::isinf(value)) {
    return infinite_text(value, sign);
  }
  if (decimals < 0) {
    // Integer digits the interval does not vouch for are zeros: 3930 with ±2261 is 3900.
    const double step = std::pow(10.0, -std::max(decimals, kFewestDecimals));
    value = std::round(value / step) * step;
  }
  std::string text = fmt::format("{:.{}f}", value, std::clamp(decimals, 0, kMostDecimals));
  if (all_zero_digits(text)) {
    return text.front() == '-' ? text.substr(1) : text;  // no "-0.0"
  }
  if (sign == NumberSign::kAlways && text.front() != '-') {
    text.insert(text.begin(), '+');
  }
  return text;
}

std::string significant_text(double value, int significant, NumberSign sign) {
  if (!std::isfinite(value) || value == 0) {
    return fixed_text(value, 0, sign);
  }
  const int digits = std::max(1, significant);
  const int magnitude = static_cast<int>(std::floor(std::log10(std::fabs(value))));
  int decimals = std::max(0, digits - 1 - magnitude);
  // Rounding may carry into a new leading digit (9.996 -> 10.00): one decimal fewer then.
  const double rounded = std::fabs(std::stod(fmt::format("{:.{}f}", value, decimals)));
  if (decimals > 0 && rounded >= std::pow(10.0, magnitude + 1)) {
    --decimals;
  }
  // Zeros after the point are digits too: "1.00 %" beside "0.00406 %", not "1 %".
  const std::string text =
      fixed_text(value, decimals > kMostDecimals ? kMostDecimals : decimals, sign);
  return all_zero_digits(text) ? "0" : text;
}

std::string number_in_interval(double value, double low, double high, NumberSign sign) {
  return end_text(value, interval_decimals(low, high), sign);
}

std::string interval_text_of(double low, double high, NumberSign sign) {
  const std::optional<int> decimals = interval_decimals(low, high);
  return fmt::format("[{}, {}]", end_text(low, decimals, sign), end_text(high, decimals, sign));
}

std::string estimate_text(double estimate, double low, double high, std::string_view unit,
                          NumberSign sign) {
  const std::optional<int> decimals = interval_decimals(low, high);
  std::string text = end_text(estimate, decimals, sign);
  if (!unit.empty()) {
    text += " ";
    text += unit;
  }
  return text + " " + interval_text_of(low, high, sign);
}

}  // namespace clonebench
