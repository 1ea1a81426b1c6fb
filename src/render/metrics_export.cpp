// stress-ng's --metrics table, byte for byte (stress-ng 0.15.06's printf formats), so scripts
// that parse stress-ng's table parse ours; --workload stress-ng runs appear in it as stress-ng
// counts them, with its misc metrics, then once more as clonebench counts them. Then
// clonebench's latency table and failures in the same prefix.
#include <fmt/core.h>

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <cstdio>

#include "record/metric_table.hpp"
#include "render/exporters.hpp"

namespace clonebench {
namespace {

// C's printf, not fmt: the contract is printf's output for these exact formats. A variadic
// function so that the compiler checks each call's arguments against its format.
__attribute__((format(printf, 1, 2))) std::string printf_string(const char* format, ...) {
  std::va_list args;
  va_start(args, format);
  std::va_list copy;
  va_copy(copy, args);
  const int size = std::vsnprintf(nullptr, 0, format, copy);
  va_end(copy);
  std::string out(static_cast<std::size_t>(std::max(size, 0)) + 1, '\0');
  std::vsnprintf(out.data(), out.size(), format, args);
  va_end(args);
  out.resize(out.size() - 1);
  return out;
}

constexpr const char* kHeaderFormat = "%-13s %9.9s %9.9s %9.9s %9.9s %12s %14s %12.12s %13.13s\n";
constexpr const char* kRowFormat =
    "%-13s %9" PRIu64 " %9.2f %9.2f %9.2f %12.2f %14.2f %12.2f %13ld\n";
constexpr const char* kLatencyHeaderFormat = "%-13s %-6s %9s %12s %12s %12s %12s %12s\n";
constexpr const char* kLatencyRowFormat =
    "%-13s %-6s %9" PRIu64 " %12.2f %12.2f %12.2f %12.2f %12.2f\n";

constexpr const char* kMiscFormat = "%-13s %13.2f %s (geometic mean of %" PRIu32 " instances)\n";

std::string table_header(const std::string& prefix) {
  return prefix +
         printf_string(kHeaderFormat, "stressor", "bogo ops", "real time", "usr time", "sys time",
                       "bogo ops/s", "bogo ops/s", "CPU used per", "RSS Max") +
         prefix +
         printf_string(kHeaderFormat, "", "", "(secs) ", "(secs) ", "(secs) ", "(real time)",
                       "(usr+sys time)", "instance (%)", "(KB)");
}

std::string clonebench_row(const RunResult& result, const std::string& name) {
  return printf_string(kRowFormat, name.c_str(), result.bogo_ops, result.real_time_s,
                       result.usr_time_s, result.sys_time_s, result.ops_per_sec_real(),
                       result.ops_per_sec_cpu(), result.cpu_per_instance_pct(),
                       static_cast<long>(result.max_rss_kb));
}

std::string stress_ng_row(const RunResult& result) {
  const StressNgAccounting& counted = *result.stress_ng;
  return printf_string(
      kRowFormat, result.stressor.c_str(), result.bogo_ops, counted.real_time_s, counted.usr_time_s,
      counted.sys_time_s, counted.ops_per_sec_real(result.bogo_ops),
      counted.ops_per_sec_cpu(result.bogo_ops), counted.cpu_per_instance_pct(result.instances),
      static_cast<long>(counted.max_rss_kb));
}

bool any_stress_ng(const RunDocument& document) {
  return std::any_of(document.runs.begin(), document.runs.end(),
                     [](const RunRecord& record) { return record.result.stress_ng.has_value(); });
}

// stress-ng's table. A --workload stress-ng run is shown as stress-ng counts it, so the numbers
// can be set beside stress-ng's own; its misc metrics follow, as in stress-ng.
std::string stress_ng_table(const RunDocument& document, const std::string& prefix) {
  std::string out;
  if (any_stress_ng(document)) {
    out += prefix + "--workload stress-ng runs counted as stress-ng 0.15.06 counts them:\n";
  }
  out += table_header(prefix);
  std::string misc;
  for (const RunRecord& record : document.runs) {
    const RunResult& result = record.result;
    out += prefix +
           (result.stress_ng ? stress_ng_row(result) : clonebench_row(result, result.stressor));
    if (result.stress_ng && !result.stress_ng->metric.empty()) {
      misc += prefix + printf_string(kMiscFormat, result.stressor.c_str(),
                                     result.stress_ng->metric_geometric_mean(),
                                     result.stress_ng->metric.c_str(), result.instances);
    }
  }
  if (std::any_of(document.runs.begin(), document.runs.end(),
                  [](const RunRecord& record) { return !record.result.stress_ng; })) {
    // Same columns as stress-ng's, another workload: a clean child does no stress-ng work, so
    // its usr time and CPU % are not comparable with a stress-ng table set beside this one.
    // Under the rows, so that the header and rows stay where stress-ng's parsers expect them.
    out += prefix +
           "rows above without /all: clonebench's clean workload (its lean loop), not stress-ng's "
           "child work; --workload stress-ng measures that\n";
  }
  if (!misc.empty()) {
    out += prefix + "miscellaneous metrics:\n" + misc;
  }
  return out;
}

// clonebench's complete accounting of the same --workload stress-ng runs, rows named NAME/all so
// that a reader of the table never takes them for stress-ng's.
std::string complete_table(const RunDocument& document, const std::string& prefix) {
  if (!any_stress_ng(document)) {
    return {};
  }
  std::string out = prefix +
                    "NAME/all: clonebench's complete accounting (the loop alone; every child "
                    "reaped, its CPU time counted):\n" +
                    table_header(prefix);
  for (const RunRecord& record : document.runs) {
    if (record.result.stress_ng) {
      out += prefix + clonebench_row(record.result, record.result.stressor + "/all");
    }
  }
  return out;
}

std::string latency_table(const RunDocument& document, const std::string& prefix) {
  std::string out = prefix + "latency metrics:\n";
  out += prefix + printf_string(kLatencyHeaderFormat, "stressor", "phase", "count", "mean usecs",
                                "p50 usecs", "p90 usecs", "p99 usecs", "max usecs");
  for (const RunRecord& record : document.runs) {
    const RunResult& result = record.result;
    for (const LatencyPhase& phase : kLatencyPhases) {
      const LatencySummary summary = summarize(result.*phase.histogram);
      const std::string name(phase.name);
      if (summary.n == 0) {  // not measured (stress-ng's child work has no start probe)
        out += prefix + printf_string(kLatencyHeaderFormat, result.stressor.c_str(), name.c_str(),
                                      "n/a", "n/a", "n/a", "n/a", "n/a", "n/a");
        continue;
      }
      out += prefix + printf_string(kLatencyRowFormat, result.stressor.c_str(), name.c_str(),
                                    summary.n, summary.mean_us, summary.p50_us, summary.p90_us,
                                    summary.p99_us, summary.max_us);
    }
  }
  return out;
}

std::string failure_lines(const RunDocument& document, const std::string& prefix) {
  std::string out;
  for (const RunRecord& record : document.runs) {
    const RunResult& result = record.result;
    if (result.failures.empty()) {
      continue;
    }
    std::string list;
    for (const auto& [name, count] : result.failures) {
      list += fmt::format("{}{} {}", list.empty() ? "" : ", ", name, count);
    }
    out +=
        prefix + printf_string("%-13s failed calls: %s\n", result.stressor.c_str(), list.c_str());
  }
  return out;
}

}  // namespace

std::string render_metrics(const RunDocument& document, int pid) {
  const std::string prefix = fmt::format("clonebench: metrc: [{}] ", pid);
  return stress_ng_table(document, prefix) + complete_table(document, prefix) +
         latency_table(document, prefix) + failure_lines(document, prefix);
}

}  // namespace clonebench
