#include "core/units.hpp"

#include <fmt/core.h>

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "core/error.hpp"

namespace clonebench {
namespace {

[[noreturn]] void bad_value(std::string_view flag, std::string_view text, std::string_view want) {
  throw UsageError(fmt::format("{}: invalid value '{}': expected {}", flag, text, want));
}

// Reads a non-negative decimal number at the front of `text`; advances `text` past it.
bool take_number(std::string_view& text, double& value) {
  std::size_t end = 0;
  while (end < text.size() &&
         (std::isdigit(static_cast<unsigned char>(text[end])) != 0 || text[end] == '.')) {
    ++end;
  }
  if (end == 0) {
    return false;
  }
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + end, value);
  if (ec != std::errc() || ptr != text.data() + end) {
    return false;
  }
  text.remove_prefix(end);
  return true;
}

double duration_unit_s(std::string_view unit) {
  struct Unit {
    std::string_view name;
    double seconds;
  };
  static constexpr std::array kUnits = {Unit{"ns", 1e-9},   Unit{"us", 1e-6},     Unit{"ms", 1e-3},
                                        Unit{"s", 1.0},     Unit{"m", 60.0},      Unit{"h", 3600.0},
                                        Unit{"d", 86400.0}, Unit{"y", 31536000.0}};
  for (const auto& candidate : kUnits) {
    if (candidate.name == unit) {
      return candidate.seconds;
    }
  }
  return -1.0;
}

}  // namespace

double parse_duration_s(std::string_view text, std::string_view flag) {
  constexpr std::string_view kWant = "a duration such as 60, 60s, 2m, 1m30s or 500ms";
  if (text.empty()) {
    bad_value(flag, text, kWant);
  }
  std::string_view rest = text;
  double total_s = 0.0;
  int components = 0;
  while (!rest.empty()) {
    double value = 0.0;
    if (!take_number(rest, value)) {
      bad_value(flag, text, kWant);
    }
    std::size_t unit_length = 0;
    while (unit_length < rest.size() &&
           std::isalpha(static_cast<unsigned char>(rest[unit_length])) != 0) {
      ++unit_length;
    }
    const std::string_view unit = unit_length == 0 ? "s" : rest.substr(0, unit_length);
    const double unit_s = duration_unit_s(unit);
    // A bare number is seconds only when it is the whole text: "1m30" is ambiguous.
    const bool bare_in_compound = unit_length == 0 && (components > 0 || !rest.empty());
    if (unit_s < 0.0 || bare_in_compound) {
      bad_value(flag, text, kWant);
    }
    rest.remove_prefix(unit_length);
    total_s += value * unit_s;
    ++components;
  }
  if (!std::isfinite(total_s) || total_s > 1e9) {
    bad_value(flag, text, kWant);
  }
  return total_s;
}

std::uint64_t parse_size_bytes(std::string_view text, std::string_view flag) {
  constexpr std::string_view kWant = "a size such as 0, 4096, 64K, 128M or 1G";
  std::string_view rest = text;
  double value = 0.0;
  if (!take_number(rest, value)) {
    bad_value(flag, text, kWant);
  }
  std::string unit;
  for (char c : rest) {
    unit.push_back(static_cast<char>(std::toupper(static_cast<unsigned char>(c))));
  }
  if (unit.size() > 1 && (unit.ends_with("IB") || unit.ends_with("B"))) {
    unit.resize(unit.ends_with("IB") ? unit.size() - 2 : unit.size() - 1);
  } else if (unit == "B") {
    unit.clear();
  }
  double multiplier = 1.0;
  if (unit == "K") {
    multiplier = 1024.0;
  } else if (unit == "M") {
    multiplier = 1024.0 * 1024.0;
  } else if (unit == "G") {
    multiplier = 1024.0 * 1024.0 * 1024.0;
  } else if (unit == "T") {
    multiplier = 1024.0 * 1024.0 * 1024.0 * 1024.0;
  } else if (!unit.empty()) {
    bad_value(flag, text, kWant);
  }
  const double bytes = value * multiplier;
  if (!std::isfinite(bytes) || bytes >= 0x1p62) {
    bad_value(flag, text, kWant);
  }
  return static_cast<std::uint64_t>(std::llround(bytes));
}

std::int64_t parse_integer(std::string_view text, std::string_view flag, std::int64_t min,
                           std::int64_t max) {
  std::int64_t value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() || value < min ||
      value > max) {
    throw UsageError(fmt::format("{}: invalid value '{}': expected a whole number from {} to {}",
                                 flag, text, min, max));
  }
  return value;
}

std::uint64_t parse_seed(std::string_view text, std::string_view flag) {
  const bool hex = text.starts_with("0x") || text.starts_with("0X");
  const std::string_view digits = hex ? text.substr(2) : text;
  std::uint64_t value = 0;
  const auto [ptr, ec] =
      std::from_chars(digits.data(), digits.data() + digits.size(), value, hex ? 16 : 10);
  if (digits.empty() || ec != std::errc() || ptr != digits.data() + digits.size() ||
      value > static_cast<std::uint64_t>(INT64_MAX)) {
    throw UsageError(fmt::format(
        "{}: invalid value '{}': expected a whole number from 0 to {} (or 0x and hex digits)", flag,
        text, INT64_MAX));
  }
  return value;
}

double parse_real(std::string_view text, std::string_view flag, double min, double max) {
  double value = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || ptr != text.data() + text.size() ||
      !std::isfinite(value) || value < min || value > max) {
    throw UsageError(fmt::format("{}: invalid value '{}': expected a number from {:g} to {:g}",
                                 flag, text, min, max));
  }
  return value;
}

std::string format_duration_ns(double nanoseconds) {
  struct Unit {
    double ns;
    std::string_view name;
  };
  static constexpr std::array kUnits = {Unit{1e9, "s"}, Unit{1e6, "ms"}, Unit{1e3, "µs"},
                                        Unit{1.0, "ns"}};
  for (const auto& unit : kUnits) {
    if (std::fabs(nanoseconds) >= unit.ns) {
      const double value = nanoseconds / unit.ns;
      const int decimals = value >= 100 ? 0 : value >= 10 ? 1 : 2;
      return fmt::format("{:.{}f} {}", value, decimals, unit.name);
    }
  }
  return fmt::format("{:.2f} ns", nanoseconds);
}

}  // namespace clonebench
