// What the shell's `time`, POSIX `time -p` and GNU /usr/bin/time print, as pasted into bug
// reports (docs/compare-inputs.md): bash's "real\t11m49.300s" blocks, "real 709.30" (-p), GNU
// time's default line ("1.20user 3.40system 11:49.30elapsed ... 3456maxresident)k"), its -v
// block ("Elapsed (wall clock) time (h:mm:ss or m:ss): 11:49.30") and zsh's "... 1.20s user
// 3.40s system 0% cpu 709.300 total". A run is a block: a value already set in the current run
// starts the next one, so every format's lines group themselves without a delimiter. Other
// lines (the command's own output, prompts) are ignored.

#include <fmt/core.h>

#include <charconv>
#include <cmath>
#include <optional>
#include <sstream>

#include "compare/input_readers.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

std::optional<double> whole_number(std::string_view text) {
  double value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value) || value < 0) {
    return std::nullopt;
  }
  return value;
}

// "[h:]m:ss[.cc]" (GNU time's elapsed) in seconds.
std::optional<double> clock_seconds(std::string_view text) {
  double total = 0;
  int fields = 0;
  while (true) {
    const std::size_t colon = text.find(':');
    const std::optional<double> part = whole_number(text.substr(0, colon));
    if (!part || ++fields > 3) {
      return std::nullopt;
    }
    total = total * 60 + *part;
    if (colon == std::string_view::npos) {
      return fields >= 2 && std::isfinite(total) ? std::optional<double>(total) : std::nullopt;
    }
    text.remove_prefix(colon + 1);
  }
}

// "11m49.300s", "1h2m3s", "49.3s" (bash, zsh) or a plain number of seconds (time -p, -v).
std::optional<double> duration_seconds(std::string_view text) {
  if (text.find(':') != std::string_view::npos) {
    return clock_seconds(text);
  }
  if (const std::optional<double> plain = whole_number(text)) {
    return plain;
  }
  double total = 0;
  while (!text.empty()) {
    const std::size_t unit = text.find_first_of("hms");
    if (unit == std::string_view::npos) {
      return std::nullopt;
    }
    const std::optional<double> part = whole_number(text.substr(0, unit));
    if (!part) {
      return std::nullopt;
    }
    total += *part * (text[unit] == 'h' ? 3600 : text[unit] == 'm' ? 60 : 1);
    text.remove_prefix(unit + 1);
  }
  // "1e308h" overflows in seconds: refused like any unreadable duration.
  return std::isfinite(total) ? std::optional<double>(total) : std::nullopt;
}

std::vector<std::string_view> words_of(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t pos = 0;
  while ((pos = line.find_first_not_of(" \t\r", pos)) != std::string_view::npos) {
    const std::size_t end = std::min(line.find_first_of(" \t\r", pos), line.size());
    words.push_back(line.substr(pos, end - pos));
    pos = end;
  }
  return words;
}

// One value a line gives: the metric and the text of its value.
struct Field {
  std::string metric;
  std::string_view text;
};

// The value after "label: " of a GNU time -v line.
std::optional<std::string_view> after_label(std::string_view line, std::string_view label) {
  const std::size_t at = line.find(label);
  if (at == std::string_view::npos ||
      line.substr(0, at).find_first_not_of(" \t") != std::string_view::npos) {
    return std::nullopt;
  }
  const std::vector<std::string_view> words = words_of(line.substr(at + label.size()));
  return words.size() == 1 ? words[0] : std::string_view();
}

// The number before `suffix` in a word such as "1.20user" (GNU time's default line).
std::optional<std::string_view> word_before(const std::vector<std::string_view>& words,
                                            std::string_view suffix) {
  for (std::string_view word : words) {
    if (word.ends_with(suffix) && word.size() > suffix.size()) {
      return word.substr(0, word.size() - suffix.size());
    }
  }
  return std::nullopt;
}

std::vector<Field> fields_of(std::string_view line) {
  const std::vector<std::string_view> w = words_of(line);
  if (w.size() == 2 && (w[0] == "real" || w[0] == "user" || w[0] == "sys")) {
    const char* metric = w[0] == "real" ? "time_s" : w[0] == "user" ? "usr_time_s" : "sys_time_s";
    return {{metric, w[1]}};
  }
  const std::pair<std::string_view, const char*> verbose[] = {
      {"Elapsed (wall clock) time (h:mm:ss or m:ss): ", "time_s"},
      {"User time (seconds): ", "usr_time_s"},
      {"System time (seconds): ", "sys_time_s"},
      {"Maximum resident set size (kbytes): ", "max_rss_kb"}};
  for (const auto& [label, metric] : verbose) {
    if (const std::optional<std::string_view> value = after_label(line, label)) {
      return {{metric, *value}};
    }
  }
  if (const auto elapsed = word_before(w, "elapsed"); elapsed && word_before(w, "system")) {
    std::vector<Field> fields{{"usr_time_s", word_before(w, "user").value_or("")},
                              {"sys_time_s", *word_before(w, "system")},
                              {"time_s", *elapsed}};
    if (const auto rss = word_before(w, "maxresident)k")) {
      fields.push_back({"max_rss_kb", *rss});
    }
    return fields;
  }
  // zsh: "<command> 1.20s user 3.40s system 98% cpu 709.300 total"
  if (w.size() >= 9 && w.back() == "total" && w[w.size() - 3] == "cpu" &&
      w[w.size() - 5] == "system" && w[w.size() - 7] == "user") {
    return {{"usr_time_s", w[w.size() - 8]},
            {"sys_time_s", w[w.size() - 6]},
            {"time_s", w[w.size() - 2]}};
  }
  return {};
}

}  // namespace

bool looks_like_time_output(std::string_view line) {
  for (const Field& field : fields_of(line)) {
    if (field.metric == "time_s") {
      return true;
    }
  }
  return false;
}

SampleSet read_time_output(const std::string& path, const std::string& text) {
  SampleSet set{path, "time-output", {}};
  RunObservation current;
  std::size_t current_line = 0;  // where the current run's first value is
  const auto finish_run = [&] {
    if (current.metrics.empty()) {
      return;
    }
    if (!current.metrics.contains("time_s")) {
      throw UsageError(fmt::format(
          "{}:{}: a time output without its elapsed (real) time; was the paste cut short?", path,
          current_line));
    }
    set.runs.push_back(std::move(current));
    current = RunObservation{};
  };
  std::istringstream lines(text);
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    for (const Field& field : fields_of(line)) {
      std::optional<double> value =
          field.metric == "max_rss_kb" ? whole_number(field.text) : duration_seconds(field.text);
      if (!value) {
        throw UsageError(fmt::format("{}:{}: cannot read {} '{}' of a time output", path,
                                     line_number, field.metric,
                                     shortened(field.text, kQuotedChars)));
      }
      if (current.metrics.contains(field.metric)) {
        finish_run();
      }
      if (current.metrics.empty()) {
        current_line = line_number;
      }
      current.metrics[field.metric] = *value;
    }
  }
  finish_run();
  if (set.runs.empty()) {
    throw UsageError(fmt::format("{}: no time output (real, Elapsed or elapsed)", path));
  }
  return set;
}

}  // namespace clonebench
