// Text with stress-ng --metrics lines, as pasted into bug reports and mails (docs/compare-
// inputs.md): "stress-ng: metrc: [pid] fork 2071 3.00 ..." (0.15.05+), the older
// "stress-ng: info:  [pid] ..." prefix with the 8-column table of releases before "RSS Max"
// (0.13.x), --metrics-brief's 7 columns, an optional --timestamp before the tag, a log
// prefix before "stress-ng:", and clonebench's own "clonebench: metrc:" lines with their
// latency table. Header rows are skipped, other lines ignored; every data row is one run of
// its stressor, so several runs pasted under one header (one PID each) are several runs. A
// line shaped like a data row that is not one is refused with its file and line: a row cut
// short by a paste must not vanish silently.

#include <fmt/core.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <span>
#include <sstream>

#include "compare/input_readers.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "core/text_split.hpp"
#include "record/metric_table.hpp"

namespace clonebench {
namespace {

std::vector<std::string> tokens_of(std::string_view text) {
  const std::vector<std::string_view> words = split_words(text, " \t\r");
  return {words.begin(), words.end()};
}

bool is_integer(const std::string& token) {
  return !token.empty() && std::all_of(token.begin(), token.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

// A whole token as a number ("279.50", "1.78939e+03"); nullopt otherwise. A number beyond
// double range reads as infinity, so that the row is refused rather than ignored.
std::optional<double> number_of(const std::string& token) {
  double value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (token.empty() || end != token.data() + token.size()) {
    return std::nullopt;
  }
  if (error == std::errc::result_out_of_range) {
    return std::numeric_limits<double>::infinity();
  }
  if (error != std::errc()) {
    return std::nullopt;
  }
  return value;
}

// Every value of a metrics line is finite, else the file and line are named.
void require_finite(const std::map<std::string, double>& metrics, const std::string& path,
                    std::size_t line_number) {
  for (const auto& [name, value] : metrics) {
    if (!std::isfinite(value)) {
      throw UsageError(
          fmt::format("{}:{}: {} is not a finite number ({})", path, line_number, name, value));
    }
  }
}

bool all_numbers(const std::vector<std::string>& tokens, std::size_t from, std::size_t to) {
  for (std::size_t i = from; i < to; ++i) {
    if (!number_of(tokens[i])) {
      return false;
    }
  }
  return true;
}

constexpr const char* kColumnNames[] = {"bogo ops",
                                        "real time",
                                        "usr time",
                                        "sys time",
                                        "bogo ops/s real",
                                        "bogo ops/s usr+sys",
                                        "CPU used per instance",
                                        "RSS Max"};

// A stressor name followed by an integer bogo-op count and a number: what a data row starts
// with and no other stress-ng line does ("skipped: 0" ends its name with a colon).
bool looks_like_data_row(const std::vector<std::string>& t) {
  return t.size() >= 3 && !t[0].ends_with(':') && is_integer(t[1]) && number_of(t[2]);
}

// Why a row that looks like a data row is not one, for the error message.
std::string row_fault(const std::vector<std::string>& t) {
  if (t.size() < 7 || t.size() > 9) {
    return fmt::format(
        "a stress-ng metrics row with {} columns (7 with --metrics-brief, 8 before stress-ng "
        "0.14's RSS Max, 9 after)",
        t.size());
  }
  for (std::size_t i = 2; i < t.size(); ++i) {
    if (!number_of(t[i])) {
      return fmt::format("'{}' of stressor {} is not a number: '{}'", kColumnNames[i - 1],
                         shortened(t[0], kQuotedChars), shortened(t[i], kQuotedChars));
    }
  }
  return "not a stress-ng metrics row";
}

// name, bogo ops, real, usr, sys, rate real, rate cpu [, cpu % [, rss]]
std::optional<RunObservation> table_row(const std::vector<std::string>& t) {
  if (t.size() < 7 || t.size() > 9 || !is_integer(t[1]) || !all_numbers(t, 2, t.size())) {
    return std::nullopt;
  }
  RunObservation run;
  run.group = printable(t[0]);
  // The table's totals are in stress-ng's column order.
  const std::span<const RunMetric> columns = run_totals();
  for (std::size_t i = 1; i < t.size(); ++i) {
    run.metrics[columns[i - 1].name] = *number_of(t[i]);
  }
  return run;
}

// clonebench's latency rows: stressor, phase, count, mean, p50, p90, p99, max (µs).
bool is_latency_row(const std::vector<std::string>& t) {
  return t.size() == 8 && is_latency_phase(t[1]) && is_integer(t[2]) && all_numbers(t, 3, 8);
}

// Misc lines: "clone 2816.45 microsecs per clone (geometic mean of 2 instances)", before 0.14
// "(average per stressor)" → the words before the parenthesis name the metric.
std::optional<std::pair<std::string, double>> misc_metric(const std::vector<std::string>& t,
                                                          std::string_view body) {
  if (t.size() < 4 || !number_of(t[1]) ||
      (body.find("mean of") == std::string_view::npos &&
       body.find("(average per stressor)") == std::string_view::npos)) {
    return std::nullopt;
  }
  std::string name;
  for (std::size_t i = 2; i < t.size() && t[i].front() != '('; ++i) {
    name += (name.empty() ? "" : "_") + t[i];
  }
  if (name.empty()) {
    return std::nullopt;
  }
  return std::pair{name, *number_of(t[1])};
}

// Where "stress-ng: " (or "clonebench: ") starts: the line's start or after a space, so that a
// log prefix ("2026-11-30T10:00:01Z ", "[  12.345] ", "autopkgtest [10:00:01]: ") is skipped.
std::optional<std::size_t> program_start(std::string_view line, std::string_view program) {
  for (std::size_t at = line.find(program); at != std::string_view::npos;
       at = line.find(program, at + 1)) {
    if (at == 0 || line[at - 1] == ' ' || line[at - 1] == '\t') {
      return at;
    }
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string_view> metrics_line_body(std::string_view line) {
  for (std::string_view program : {"stress-ng: ", "clonebench: "}) {
    const std::optional<std::size_t> start = program_start(line, program);
    if (!start) {
      continue;
    }
    line.remove_prefix(*start + program.size());
    // Optional --timestamp ("10:48:33.34 ") before the tag.
    const std::size_t space = line.find(' ');
    if (space != std::string_view::npos && space > 0 &&
        line.substr(0, space).find_first_not_of("0123456789:.") == std::string_view::npos) {
      line.remove_prefix(space + 1);
    }
    if (!line.starts_with("info: ") && !line.starts_with("metrc:")) {
      return std::nullopt;
    }
    line.remove_prefix(6);
    line.remove_prefix(std::min(line.find_first_not_of(' '), line.size()));
    const std::size_t close = line.find("] ");
    if (!line.starts_with('[') || close == std::string_view::npos ||
        line.substr(1, close - 1).find_first_not_of("0123456789") != std::string_view::npos) {
      return std::nullopt;
    }
    return line.substr(close + 2);
  }
  return std::nullopt;
}

SampleSet read_stress_ng_log(const std::string& path, const std::string& text) {
  SampleSet set{path, "stress-ng-log", {}};
  // Where the latest row of each stressor is, so latency and misc lines attach to it.
  std::map<std::string, std::size_t> latest;
  std::istringstream lines(text);
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    const std::optional<std::string_view> body = metrics_line_body(line);
    if (!body) {
      continue;
    }
    const std::vector<std::string> t = tokens_of(*body);
    if (t.empty()) {
      continue;
    }
    if (std::optional<RunObservation> row = table_row(t)) {
      require_finite(row->metrics, path, line_number);
      set.runs.push_back(std::move(*row));
      latest[t[0]] = set.runs.size() - 1;
    } else if (looks_like_data_row(t)) {
      throw UsageError(fmt::format("{}:{}: {}", path, line_number, row_fault(t)));
    } else if (is_latency_row(t) && latest.contains(t[0])) {
      RunObservation& run = set.runs[latest[t[0]]];
      for (std::size_t i = 0; i < kLatencyStats.size(); ++i) {
        run.metrics[latency_metric_name(t[1], kLatencyStats[i].name)] = *number_of(t[3 + i]);
      }
      require_finite(run.metrics, path, line_number);
    } else if (const auto misc = misc_metric(t, *body); misc && latest.contains(t[0])) {
      require_finite({{printable(misc->first), misc->second}}, path, line_number);
      set.runs[latest[t[0]]].metrics[printable(misc->first)] = misc->second;
    }
  }
  if (set.runs.empty()) {
    throw UsageError(
        fmt::format("{}: stress-ng output without --metrics rows (run stress-ng with --metrics or "
                    "--metrics-brief)",
                    path));
  }
  return set;
}

}  // namespace clonebench
