// One flat summary row per run (RFC 4180): CSV cannot carry nested data, so options and the
// environment stay in the JSON and failures are folded into one "ERRNO=n;..." cell.
#include <fmt/core.h>

#include <string_view>
#include <vector>

#include "report/exporters.hpp"

namespace clonebench {
namespace {

// RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
std::string field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    return std::string(text);
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

std::string failures_cell(const std::map<std::string, std::uint64_t>& failures) {
  std::string cell;
  for (const auto& [name, count] : failures) {
    cell += fmt::format("{}{}={}", cell.empty() ? "" : ";", name, count);
  }
  return cell;
}

constexpr std::string_view kCsvPhases[] = {"create", "start", "reap"};
constexpr std::string_view kLatencyColumns[] = {"n",      "mean_us", "p50_us",
                                                "p90_us", "p99_us",  "max_us"};

std::vector<std::string> header() {
  std::vector<std::string> columns = {"id",
                                      "label",
                                      "started_at",
                                      "experiment",
                                      "stressor",
                                      "instances",
                                      "bogo_ops",
                                      "real_time_s",
                                      "usr_time_s",
                                      "sys_time_s",
                                      "ops_per_sec_real",
                                      "ops_per_sec_cpu",
                                      "cpu_per_instance_pct",
                                      "max_rss_kb"};
  for (const auto phase : kCsvPhases) {
    for (const auto column : kLatencyColumns) {
      columns.push_back(fmt::format("{}_{}", phase, column));
    }
  }
  // Added later, at the end: workload and stress-ng's accounting (empty for clean runs).
  for (const char* column :
       {"failures", "parent_kind", "parent_requested_bytes", "parent_rss_kb", "parent_anonymous_kb",
        "workload", "stress_ng_real_time_s", "stress_ng_usr_time_s", "stress_ng_sys_time_s",
        "stress_ng_ops_per_sec_real", "stress_ng_ops_per_sec_cpu"}) {
    columns.emplace_back(column);
  }
  return columns;
}

std::vector<std::string> row(const RunRecord& record) {
  const RunResult& result = record.result;
  std::vector<std::string> cells = {std::to_string(record.id),
                                    record.label,
                                    record.started_at,
                                    record.experiment,
                                    result.stressor,
                                    std::to_string(result.instances),
                                    std::to_string(result.bogo_ops),
                                    csv_number(result.real_time_s),
                                    csv_number(result.usr_time_s),
                                    csv_number(result.sys_time_s),
                                    csv_number(result.ops_per_sec_real()),
                                    csv_number(result.ops_per_sec_cpu()),
                                    csv_number(result.cpu_per_instance_pct()),
                                    std::to_string(result.max_rss_kb)};
  for (const LatencyHistogram* histogram : {&result.create, &result.start, &result.reap}) {
    const LatencySummary summary = summarize(*histogram);
    cells.push_back(std::to_string(summary.n));
    for (const double value :
         {summary.mean_us, summary.p50_us, summary.p90_us, summary.p99_us, summary.max_us}) {
      cells.push_back(csv_number(value));
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

std::string render_csv(const RunDocument& document) {
  std::string out = line(header());
  for (const RunRecord& record : document.runs) {
    out += line(row(record));
  }
  return out;
}

}  // namespace clonebench
