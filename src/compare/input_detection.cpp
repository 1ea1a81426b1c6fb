// Picks the reader for a file from its content, not its name: people rename logs and pipe
// output into files called "a" and "b".

#include <fmt/core.h>
#include <yaml-cpp/exceptions.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "compare/input_readers.hpp"
#include "compare/json_input.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"

namespace clonebench {
namespace {

// One copy of the file in memory (a string stream would hold two or three on the way).
std::string read_whole_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw UsageError(fmt::format("{}: cannot read: {}", printable(path), std::strerror(errno)));
  }
  std::string text;
  std::error_code error;
  const auto size = std::filesystem::file_size(path, error);
  if (!error) {
    text.reserve(size);
  }
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) {
    throw UsageError(fmt::format("{}: cannot read: {}", printable(path), std::strerror(errno)));
  }
  return text;
}

bool any_line(const std::string& text, const auto& predicate) {
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (predicate(line)) {
      return true;
    }
  }
  return false;
}

bool looks_like_log(const std::string& text) {
  return any_line(text,
                  [](const std::string& line) { return metrics_line_body(line).has_value(); });
}

bool looks_like_time(const std::string& text) {
  return any_line(text, [](const std::string& line) { return looks_like_time_output(line); });
}

bool looks_like_yaml(const std::string& text) {
  return any_line(text, [](std::string line) {
    line.erase(line.find_last_not_of(" \t\r") + 1);
    return line == "---" || line == "metrics:" || line == "system-info:";
  });
}

SampleSet read_json(const std::string& path, const std::string& text, const ReadOptions& options) {
  const nlohmann::json document = parse_json_input(path, text);
  if (document.is_object() && document.contains("schema")) {
    return read_clonebench_document(path, document);
  }
  if (document.is_object() && document.contains("results")) {
    return read_hyperfine_document(path, document, options);
  }
  throw UsageError(fmt::format(
      "{}: JSON, but neither a clonebench/1 document nor hyperfine --export-json output", path));
}

}  // namespace

SampleSet read_input_file(const std::string& path, const ReadOptions& options) {
  const std::string shown = printable(path);
  const std::string text = read_whole_file(path);
  // Each reader names the file and field itself; this is the net under them, so that no
  // library's exception reaches the user without the file's name (and exit 2).
  try {
    return read_input_text(shown, text, options);
  } catch (const nlohmann::json::exception& error) {
    throw UsageError(fmt::format("{}: {}", shown, error.what()));
  } catch (const YAML::Exception& error) {
    throw UsageError(fmt::format("{}:{}: {}", shown, error.mark.line + 1, error.msg));
  }
}

SampleSet read_input_text(const std::string& path, const std::string& text,
                          const ReadOptions& options) {
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first == std::string::npos) {
    throw UsageError(fmt::format("{}: empty file", path));
  }
  if (text[first] == '{') {
    return read_json(path, text, options);
  }
  if (looks_like_log(text)) {
    return read_stress_ng_log(path, text);
  }
  if (looks_like_time(text)) {
    return read_time_output(path, text);
  }
  if (looks_like_yaml(text)) {
    return read_stress_ng_yaml(path, text);
  }
  return read_number_file(path, text);
}

}  // namespace clonebench
