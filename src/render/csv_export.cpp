// One flat summary row per run (RFC 4180): CSV cannot carry nested data, so options and the
// environment stay in the JSON and failures are folded into one "ERRNO=n;..." cell.
#include <fmt/core.h>

#include <string_view>
#include <vector>

#include "core/text_safety.hpp"
#include "record/environment_json.hpp"
#include "record/metric_table.hpp"
#include "record/run_options_json.hpp"
#include "render/exporters.hpp"

namespace clonebench {
namespace {

// A plain decimal number: [+-]digits[.digits][e[+-]digits], as a spreadsheet reads one.
bool is_plain_number(std::string_view text) {
  std::size_t i = text.starts_with('+') || text.starts_with('-') ? 1 : 0;
  const auto digits = [&text, &i] {
    const std::size_t start = i;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
      ++i;
    }
    return i - start;
  };
  std::size_t mantissa = digits();
  if (i < text.size() && text[i] == '.') {
    ++i;
    mantissa += digits();
  }
  if (mantissa == 0) {
    return false;
  }
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    i += i < text.size() && (text[i] == '+' || text[i] == '-') ? 1 : 0;
    if (digits() == 0) {
      return false;
    }
  }
  return i == text.size();
}

// A spreadsheet evaluates a cell that starts with = + - @ (and TAB or CR, which some strip
// first) as a formula: =HYPERLINK(...) in a stored label would run when the CSV is opened.
// Such a cell is written after a ' (OWASP's "CSV injection" rule), which makes it text; a plain
// number (-5, +1.5e3) is left alone, so that it stays a number a sheet can add up (a number
// cannot call anything). docs/robustness.md, "Stored text is data".
std::string neutralised(std::string_view text) {
  if (text.empty() || std::string_view("=+-@\t\r").find(text.front()) == std::string_view::npos ||
      is_plain_number(text)) {
    return std::string(text);
  }
  return "'" + std::string(text);
}

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled; a field a
// spreadsheet would take for a formula is neutralised first.
std::string field(std::string_view raw) {
  const std::string text = neutralised(raw);
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return text;
  }
  std::string quoted = "\"";
  for (const char c : text) {
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return quoted + "\"";
}

// Shortest text that reads back as the same double.
std::string csv_number(double value) {
  return fmt::format("{}", value);
}

// Counts as integers, the rest as csv_number.
std::string metric_cell(const RunMetric& metric, const RunRecord& record) {
  const double value = metric.value(record).value_or(0.0);
  if (metric.whole_number) {
    return std::to_string(static_cast<std::uint64_t>(value));
  }
  return csv_number(value);
}

std::string failures_cell(const std::map<std::string, std::uint64_t>& failures) {
  std::string cell;
  for (const auto& [name, count] : failures) {
    cell += fmt::format("{}{}={}", cell.empty() ? "" : ";", name, count);
  }
  return cell;
}

std::vector<std::string> header() {
  std::vector<std::string> columns = {"id",         "label",    "started_at",
                                      "experiment", "stressor", "instances"};
  for (const RunMetric& metric : run_totals()) {
    columns.push_back(metric.name);
  }
  // Per phase: the sample count, then each statistic in microseconds.
  for (const LatencyPhase& phase : kLatencyPhases) {
    columns.push_back(fmt::format("{}_n", phase.name));
    for (const LatencyStat& stat : kLatencyStats) {
      columns.push_back(fmt::format("{}_{}_us", phase.name, stat.name));
    }
  }
  // Added later, at the end: workload and stress-ng's accounting (empty for clean runs).
  for (const char* column :
       {"failures", "parent_kind", "parent_requested_bytes", "parent_rss_kb", "parent_anonymous_kb",
        "workload", "stress_ng_real_time_s", "stress_ng_usr_time_s", "stress_ng_sys_time_s",
        "stress_ng_ops_per_sec_real", "stress_ng_ops_per_sec_cpu", "kernel_release", "hostname",
        "timeout_s"}) {
    columns.emplace_back(column);
  }
  return columns;
}

std::vector<std::string> row(const RunRecord& record, const Environment& environment) {
  const RunResult& result = record.result;
  // Stored text is escaped (printable_lines(): a line break stays, quoted) for terminals.
  std::vector<std::string> cells = {
      std::to_string(record.id),          printable_lines(record.label),
      printable_lines(record.started_at), printable_lines(record.experiment),
      printable_lines(result.stressor),   std::to_string(result.instances)};
  for (const RunMetric& metric : run_totals()) {
    cells.push_back(metric_cell(metric, record));
  }
  // Every phase has its columns, timed or not (a phase never timed has n = 0).
  for (const LatencyPhase& phase : kLatencyPhases) {
    const LatencySummary summary = summarize(result.*phase.histogram);
    cells.push_back(std::to_string(summary.n));
    for (const LatencyStat& stat : kLatencyStats) {
      cells.push_back(csv_number(summary.*stat.value));
    }
  }
  cells.push_back(failures_cell(result.failures));
  cells.emplace_back(parent_kind_name(result.parent.kind));
  cells.push_back(std::to_string(result.parent.requested_bytes));
  cells.push_back(std::to_string(result.parent.rss_kb));
  cells.push_back(std::to_string(result.parent.anonymous_kb));
  cells.emplace_back(workload_name(result.workload));
  if (result.stress_ng) {
    const StressNgAccounting& counted = *result.stress_ng;
    for (const double value :
         {counted.real_time_s, counted.usr_time_s, counted.sys_time_s,
          counted.ops_per_sec_real(result.bogo_ops), counted.ops_per_sec_cpu(result.bogo_ops)}) {
      cells.push_back(csv_number(value));
    }
  } else {
    cells.resize(cells.size() + 5);
  }
  cells.push_back(printable_lines(environment.kernel_release.value_or("")));
  cells.push_back(printable_lines(environment.hostname.value_or("")));
  const std::optional<double> timeout_s = run_options_from_json(result.options).timeout_s;
  cells.push_back(timeout_s ? csv_number(*timeout_s) : "");
  return cells;
}

// Line ends are LF, the Unix convention that cut, awk and spreadsheet imports all accept
// (RFC 4180 says CRLF; readers of it accept LF too).
std::string line(const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    out += (i == 0 ? "" : ",") + field(cells[i]);
  }
  return out + "\n";
}

}  // namespace

std::string render_csv(const RunDocument& document,
                       const std::vector<Environment>& run_environments) {
  const Environment document_environment = environment_from_json(document.environment);
  std::string out = line(header());
  for (std::size_t i = 0; i < document.runs.size(); ++i) {
    out += line(row(document.runs[i],
                    i < run_environments.size() ? run_environments[i] : document_environment));
  }
  return out;
}

}  // namespace clonebench
