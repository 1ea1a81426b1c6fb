// Plain number files: one value per line, '#' comments, optionally with a duration unit
// (ns, us, µs, ms, s, m, h) or a compound duration such as "11m49s" or "1h2m3.5s".

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>

#include "compare/input_readers.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/text_split.hpp"

namespace clonebench {
namespace {

std::optional<double> unit_seconds(std::string_view unit) {
  if (unit == "ns") {
    return 1e-9;
  }
  if (unit == "us" || unit == "µs") {
    return 1e-6;
  }
  if (unit == "ms") {
    return 1e-3;
  }
  if (unit == "s") {
    return 1.0;
  }
  if (unit == "m") {
    return 60.0;
  }
  if (unit == "h") {
    return 3600.0;
  }
  return std::nullopt;
}

struct ParsedValue {
  double value = 0;
  bool has_unit = false;  // value is in seconds when true
};

// Throws std::invalid_argument with the reason; the caller adds file and line.
ParsedValue parse_value(std::string_view text) {
  ParsedValue parsed;
  double total_s = 0;
  std::size_t pos = 0;
  int parts = 0;
  while (pos < text.size()) {
    double number = 0;
    const auto [end, error] = std::from_chars(text.data() + pos, text.data() + text.size(), number);
    if (error == std::errc::result_out_of_range) {
      throw std::invalid_argument(
          fmt::format("'{}' is beyond the range of a double", shortened(text, kQuotedChars)));
    }
    if (error != std::errc() || end == text.data() + pos) {
      throw std::invalid_argument(
          fmt::format("cannot read '{}' as a number", shortened(text, kQuotedChars)));
    }
    if (!std::isfinite(number)) {
      throw std::invalid_argument(
          fmt::format("'{}' is not a finite number", shortened(text, kQuotedChars)));
    }
    pos = static_cast<std::size_t>(end - text.data());
    while (pos < text.size() && text[pos] == ' ') {
      ++pos;
    }
    std::size_t unit_end = pos;
    while (unit_end < text.size() && !std::isdigit(static_cast<unsigned char>(text[unit_end])) &&
           text[unit_end] != '.' && text[unit_end] != ' ') {
      ++unit_end;
    }
    const std::string_view unit = text.substr(pos, unit_end - pos);
    ++parts;
    if (unit.empty()) {
      if (parts > 1 || unit_end < text.size()) {
        throw std::invalid_argument(
            fmt::format("'{}' is not one number or duration", shortened(text, kQuotedChars)));
      }
      parsed.value = number;
      return parsed;
    }
    const std::optional<double> scale = unit_seconds(unit);
    if (!scale) {
      throw std::invalid_argument(fmt::format("unknown unit '{}' (use ns, us, ms, s, m or h)",
                                              shortened(unit, kQuotedChars)));
    }
    total_s += number * *scale;
    pos = unit_end;
    while (pos < text.size() && text[pos] == ' ') {
      ++pos;
    }
  }
  if (!std::isfinite(total_s)) {
    throw std::invalid_argument(fmt::format("'{}' is beyond the range of a double in seconds",
                                            shortened(text, kQuotedChars)));
  }
  parsed.value = total_s;
  parsed.has_unit = true;
  return parsed;
}

std::string trimmed(const std::string& line) {
  const std::string without_comment = line.substr(0, line.find('#'));
  return std::string(trim_any(without_comment, " \t\r"));
}

}  // namespace

SampleSet read_number_file(const std::string& path, const std::string& text) {
  SampleSet set{path, "numbers", {}};
  // Room for a value per line at once: growing by doubling would hold two copies at the end
  // (hundreds of thousands of values are read).
  set.runs.reserve(static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')) + 1);
  std::optional<bool> with_units;
  std::string_view rest = text;
  std::size_t line_number = 0;
  while (!rest.empty()) {
    const std::size_t newline = std::min(rest.find('\n'), rest.size());
    const std::string line(rest.substr(0, newline));
    rest.remove_prefix(std::min(newline + 1, rest.size()));
    ++line_number;
    const std::string value_text = trimmed(line);
    if (value_text.empty()) {
      continue;
    }
    ParsedValue parsed;
    try {
      parsed = parse_value(value_text);
    } catch (const std::invalid_argument& error) {
      throw UsageError(
          fmt::format("{}:{}: {} (not clonebench JSON, stress-ng YAML or log, hyperfine JSON, or a "
                      "number file)",
                      path, line_number, error.what()));
    }
    if (with_units && *with_units != parsed.has_unit) {
      throw UsageError(
          fmt::format("{}:{}: mixes values with and without units", path, line_number));
    }
    with_units = parsed.has_unit;
    RunObservation run;
    run.metrics[parsed.has_unit ? "time_s" : "value"] = parsed.value;
    set.runs.push_back(std::move(run));
  }
  if (set.runs.empty()) {
    throw UsageError(fmt::format("{}: no values (empty, or only comments)", path));
  }
  return set;
}

}  // namespace clonebench
