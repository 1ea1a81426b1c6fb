// Text with stress-ng --metrics lines, as pasted into bug reports and mails (reference/
// stress-ng.md §5): "stress-ng: metrc: [pid] fork 2071 3.00 ..." (0.15.05+), the older
// "stress-ng: info:  [pid] ..." prefix, an optional --timestamp before the tag, and
// clonebench's own "clonebench: metrc:" lines with their latency table. Header rows are
// skipped, other lines ignored; every data row is one run of its stressor.

#include <fmt/core.h>

#include <map>
#include <regex>
#include <sstream>

#include "compare/input_readers.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

const std::regex& prefix_pattern() {
  static const std::regex pattern(
      R"(^\s*(?:stress-ng|clonebench): (?:[0-9:.]+ )?(?:info: |metrc:)\s*\[\d+\] (.*)$)");
  return pattern;
}

#define CB_NUM R"(([-+]?[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?))"
// name, bogo ops, real, usr, sys, rate real, rate cpu [, cpu %, rss]
const std::regex& row_pattern() {
  static const std::regex pattern(R"(^(\S+)\s+(\d+)\s+)" CB_NUM R"(\s+)" CB_NUM R"(\s+)" CB_NUM
                                  R"(\s+)" CB_NUM R"(\s+)" CB_NUM R"((?:\s+)" CB_NUM
                                  R"(\s+(\d+))?\s*$)");
  return pattern;
}

// clonebench latency rows: stressor, phase, count, mean, p50, p90, p99, max (µs).
const std::regex& latency_pattern() {
  static const std::regex pattern(R"(^(\S+)\s+(create|start|reap)\s+(\d+)\s+)" CB_NUM
                                  R"(\s+)" CB_NUM R"(\s+)" CB_NUM R"(\s+)" CB_NUM R"(\s+)" CB_NUM
                                  R"(\s*$)");
  return pattern;
}

// Misc lines: "clone 2816.45 microsecs per clone (geometic mean of 2 instances)".
const std::regex& misc_pattern() {
  static const std::regex pattern(R"(^(\S+)\s+)" CB_NUM R"( ([a-z ]+?) \(.*mean of .*\)\s*$)");
  return pattern;
}
#undef CB_NUM

double number(const std::string& text) {
  return std::stod(text);
}

RunObservation row_run(const std::smatch& m) {
  RunObservation run;
  run.group = m[1];
  run.metrics["bogo_ops"] = number(m[2]);
  run.metrics["real_time_s"] = number(m[3]);
  run.metrics["usr_time_s"] = number(m[4]);
  run.metrics["sys_time_s"] = number(m[5]);
  run.metrics["ops_per_sec_real"] = number(m[6]);
  run.metrics["ops_per_sec_cpu"] = number(m[7]);
  if (m[8].matched) {
    run.metrics["cpu_per_instance_pct"] = number(m[8]);
    run.metrics["max_rss_kb"] = number(m[9]);
  }
  return run;
}

}  // namespace

SampleSet read_stress_ng_log(const std::string& path, const std::string& text) {
  SampleSet set{path, "stress-ng-log", {}};
  // Where the latest row of each stressor is, so latency and misc lines attach to it.
  std::map<std::string, std::size_t> latest;
  std::istringstream lines(text);
  std::string line;
  std::size_t line_number = 0;
  while (std::getline(lines, line)) {
    ++line_number;
    std::smatch prefix;
    if (!std::regex_match(line, prefix, prefix_pattern())) {
      continue;
    }
    const std::string body = prefix[1];
    std::smatch m;
    try {
      if (std::regex_match(body, m, row_pattern())) {
        set.runs.push_back(row_run(m));
        latest[m[1]] = set.runs.size() - 1;
      } else if (std::regex_match(body, m, latency_pattern()) && latest.contains(m[1])) {
        RunObservation& run = set.runs[latest[m[1]]];
        const std::string base = fmt::format("latency_us.{}.", m[2].str());
        const char* stats[] = {"mean", "p50", "p90", "p99", "max"};
        for (int i = 0; i < 5; ++i) {
          run.metrics[base + stats[i]] = number(m[4 + i]);
        }
      } else if (std::regex_match(body, m, misc_pattern()) && latest.contains(m[1])) {
        std::string name = m[3];
        for (char& c : name) {
          c = c == ' ' ? '_' : c;
        }
        set.runs[latest[m[1]]].metrics[name] = number(m[2]);
      }
    } catch (const std::out_of_range&) {
      throw UsageError(fmt::format("{}:{}: a number out of range", path, line_number));
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
