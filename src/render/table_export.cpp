// The human table on stdout: one row per run, the numbers people compare first, aligned.
#include <fmt/core.h>

#include <algorithm>
#include <vector>

#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "record/start_up_ramp_check.hpp"
#include "render/exporters.hpp"
#include "render/run_spread.hpp"

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

bool counts_twice(const RunDocument& document) {
  return std::any_of(document.runs.begin(), document.runs.end(),
                     [](const RunRecord& record) { return record.result.stress_ng.has_value(); });
}

// clonebench's row of a run: its complete accounting and the latencies.
std::vector<std::string> clonebench_cells(const RunResult& result) {
  std::vector<std::string> cells = {printable(result.stressor), std::to_string(result.instances),
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
  return cells;
}

// stress-ng's row of a --workload stress-ng run: the rates its own accounting gives.
std::vector<std::string> stress_ng_cells(const RunResult& result) {
  const StressNgAccounting& accounting = *result.stress_ng;
  std::vector<std::string> cells = {
      printable(result.stressor), std::to_string(result.instances), std::to_string(result.bogo_ops),
      fmt::format("{:.2f}", accounting.ops_per_sec_real(result.bogo_ops)),
      fmt::format("{:.2f}", accounting.ops_per_sec_cpu(result.bogo_ops))};
  cells.resize(cells.size() + 7, "-");
  return cells;
}

std::vector<Column> build_columns(const RunDocument& document) {
  std::vector<Column> columns = {
      {"stressor", true, {}},    {"inst", false, {}},      {"bogo ops", false, {}},
      {"ops/s real", false, {}}, {"ops/s cpu", false, {}}, {"p50", false, {}},
      {"p99", false, {}},        {"p50", false, {}},       {"p99", false, {}},
      {"p50", false, {}},        {"p99", false, {}},       {"failures", true, {}}};
  // With a stress-ng run in the document, every run says whose accounting its row is.
  const bool twice = counts_twice(document);
  if (twice) {
    columns.insert(columns.begin() + 1, Column{"counted by", true, {}});
  }
  const auto add_row = [&](std::vector<std::string> cells, const char* counted_by) {
    if (twice) {
      cells.insert(cells.begin() + 1, counted_by);
    }
    for (std::size_t i = 0; i < columns.size(); ++i) {
      columns[i].cells.push_back(cells[i]);
    }
  };
  for (const RunRecord& record : document.runs) {
    add_row(clonebench_cells(record.result), "clonebench");
    if (record.result.stress_ng) {
      add_row(stress_ng_cells(record.result), "stress-ng");
    }
  }
  return columns;
}

// Strips the padding of the last column so that no line ends in spaces.
std::string trim_right(std::string line) {
  line.erase(line.find_last_not_of(' ') + 1);
  return line + "\n";
}

// A run whose first intervals were slower than the rest beyond the noise: its rate is lower than
// what the steady state delivers (docs/measurement.md, "Start-up").
std::string ramp_notes(const RunDocument& document) {
  std::string notes;
  for (std::size_t i = 0; i < document.runs.size(); ++i) {
    const RunResult& result = document.runs[i].result;
    const std::optional<RunStartUpRamp> ramp = start_up_ramp_of(result.intervals);
    if (ramp && ramp->found) {
      notes += fmt::format(
          "note: run {} ({}) started slow: its first {:g} s ran at {:.0f} % of the rate of the "
          "rest (one-sided {}), a start-up ramp or a disturbance just then; its ops/s are "
          "below the steady state\n",
          i + 1, printable(result.stressor), ramp->seconds, 100 * ramp->ratio,
          ramp->p < 0.001 ? "p < 0.001" : fmt::format("p = {:.3f}", ramp->p));
    }
  }
  return notes;
}

// What a reader of a clone row would otherwise take for a broken run: failures that are the
// stressor's design, and reap times that include a wait in the queue of live children.
std::string table_notes(const RunDocument& document) {
  bool flag_failures = false, queued = false;
  for (const RunRecord& record : document.runs) {
    const RunResult& result = record.result;
    flag_failures =
        flag_failures || result.failures.contains("EINVAL") || result.failures.contains("EPERM");
    queued = queued || result.options.clone_max.has_value();
  }
  std::string notes;
  if (measured_in_instructions(document.environment)) {
    notes +=
        "note: measured in a QEMU guest under icount (kernels --measure instructions): its clock "
        "counted guest instructions, so each \"second\" above is 10^9 instructions and each "
        "\"µs\" 1000, not a time; `compare` and `report` read these runs as instructions per "
        "operation (guest_instructions_per_op, lower is better)\n";
  }
  if (flag_failures) {
    notes +=
        "note: EINVAL and EPERM failures are deliberate: like stress-ng, clone tries random "
        "flag combinations, some invalid and some privileged (it runs without capabilities); "
        "they are counted, not errors\n";
  }
  if (queued) {
    notes +=
        "note: clone keeps up to --clone-max children alive and reaps the oldest first (FIFO, "
        "as stress-ng), so its reap time includes the wait in that queue; compare reap times "
        "only between runs of the same --clone-max\n";
  }
  return notes + ramp_notes(document);
}

}  // namespace

std::string render_table(const RunDocument& document) {
  const std::vector<Column> columns = build_columns(document);
  std::vector<std::size_t> widths;
  for (const Column& column : columns) {
    widths.push_back(column.width());
  }
  // Group header over each latency pair (columns 5-6, 7-8, 9-10, one more with "counted by").
  const std::size_t create_column = counts_twice(document) ? 6 : 5;
  std::string groups;
  for (std::size_t i = 0; i < create_column; ++i) {
    groups += std::string(widths[i], ' ') + kGap;
  }
  const std::pair<const char*, std::size_t> latency_groups[] = {{"create µs", create_column},
                                                                {"start µs", create_column + 2},
                                                                {"reap µs", create_column + 4}};
  for (const auto& [title, first] : latency_groups) {
    groups += pad(title, widths[first] + 2 + widths[first + 1], false) + kGap;
  }
  std::string out = trim_right(groups);
  std::string header;
  for (std::size_t i = 0; i < columns.size(); ++i) {
    header += pad(columns[i].header, widths[i], columns[i].left_align) + kGap;
  }
  out += trim_right(header);
  for (std::size_t row = 0; row < columns.front().cells.size(); ++row) {
    std::string line;
    for (std::size_t i = 0; i < columns.size(); ++i) {
      line += pad(columns[i].cells[row], widths[i], columns[i].left_align) + kGap;
    }
    out += trim_right(line);
  }
  return out + render_run_spread(document) + table_notes(document);
}

}  // namespace clonebench
