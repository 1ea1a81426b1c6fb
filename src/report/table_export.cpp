// The human table on stdout: one row per run, the numbers people compare first, aligned.
#include <fmt/core.h>

#include <algorithm>
#include <vector>

#include "report/exporters.hpp"

namespace clonebench {
namespace {

constexpr const char* kGap = "  ";

// Columns are counted in characters, not bytes ("µs" is three bytes, two characters).
std::size_t display_width(const std::string& text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0U) != 0x80U;
  }));
}

std::string pad(const std::string& text, std::size_t width, bool left_align) {
  const std::size_t fill = width > display_width(text) ? width - display_width(text) : 0;
  return left_align ? text + std::string(fill, ' ') : std::string(fill, ' ') + text;
}

struct Column {
  std::string header;
  bool left_align = false;
  std::vector<std::string> cells;
  std::size_t width() const {
    std::size_t width = display_width(header);
    for (const auto& cell : cells) {
      width = std::max(width, display_width(cell));
    }
    return width;
  }
};

std::string failures_text(const std::map<std::string, std::uint64_t>& failures) {
  std::string text;
  for (const auto& [name, count] : failures) {
    text += fmt::format("{}{} {}", text.empty() ? "" : ", ", name, count);
  }
  return text.empty() ? "-" : text;
}

std::vector<Column> build_columns(const RunDocument& document) {
  std::vector<Column> columns = {
      {"stressor", true, {}},    {"inst", false, {}},      {"bogo ops", false, {}},
      {"ops/s real", false, {}}, {"ops/s cpu", false, {}}, {"p50", false, {}},
      {"p99", false, {}},        {"p50", false, {}},       {"p99", false, {}},
      {"p50", false, {}},        {"p99", false, {}},       {"failures", true, {}}};
  for (const RunRecord& record : document.runs) {
    const RunResult& result = record.result;
    std::vector<std::string> cells = {result.stressor, std::to_string(result.instances),
                                      std::to_string(result.bogo_ops),
                                      fmt::format("{:.2f}", result.ops_per_sec_real()),
                                      fmt::format("{:.2f}", result.ops_per_sec_cpu())};
    for (const LatencyHistogram* histogram : {&result.create, &result.start, &result.reap}) {
      const LatencySummary summary = summarize(*histogram);
      const bool empty = summary.n == 0;
      cells.push_back(empty ? "-" : fmt::format("{:.1f}", summary.p50_us));
      cells.push_back(empty ? "-" : fmt::format("{:.1f}", summary.p99_us));
    }
    cells.push_back(failures_text(result.failures));
    for (std::size_t i = 0; i < columns.size(); ++i) {
      columns[i].cells.push_back(cells[i]);
    }
  }
  return columns;
}

// Strips the padding of the last column so that no line ends in spaces.
std::string trim_right(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line + "\n";
}

}  // namespace

std::string render_table(const RunDocument& document) {
  const std::vector<Column> columns = build_columns(document);
  std::vector<std::size_t> widths;
  for (const Column& column : columns) {
    widths.push_back(column.width());
  }
  // Group header over each latency pair (columns 5-6, 7-8, 9-10).
  std::string groups;
  for (std::size_t i = 0; i < 5; ++i) {
    groups += std::string(widths[i], ' ') + kGap;
  }
  const std::pair<const char*, std::size_t> latency_groups[] = {
      {"create µs", 5}, {"start µs", 7}, {"reap µs", 9}};
  for (const auto& [title, first] : latency_groups) {
    groups += pad(title, widths[first] + 2 + widths[first + 1], false) + kGap;
  }
  std::string out = trim_right(groups);
  std::string header;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    header += pad(columns[i].header, widths[i], columns[i].left_align) + kGap;
  }
  out += trim_right(header);
  for (std::size_t row = 0; row < document.runs.size(); ++row) {
    std::string line;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      line += pad(columns[i].cells[row], widths[i], columns[i].left_align) + kGap;
    }
    out += trim_right(line);
  }
  return out;
}

}  // namespace clonebench
