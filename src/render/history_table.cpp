#include "render/history_table.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <array>

#include "core/text_safety.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kColumns = 10;
// Stored text is cut to this many characters in a column, so that one long label (or one from
// another store, which --label's cap never saw) does not widen every row.
constexpr std::size_t kTextColumnChars = 48;
using Row = std::array<std::string, kColumns>;

std::string text_of(const nlohmann::json& environment, const char* key) {
  const auto found = environment.find(key);
  if (found == environment.end() || found->is_null()) {
    return {};
  }
  return shortened(found->is_string() ? found->get<std::string>() : dump_json(*found),
                   kTextColumnChars * 2);
}

// An experiment that did not finish says so beside its tag: its runs are complete, its
// analysis is missing.
std::string experiment_cell(const HistoryRow& row) {
  if (row.experiment.empty()) {
    return "-";
  }
  if (row.experiment_status.empty() || row.experiment_status == "complete") {
    return shortened(row.experiment, kTextColumnChars);
  }
  return shortened(row.experiment, kTextColumnChars) + " (" +
         shortened(row.experiment_status, kTextColumnChars) + ")";
}

}  // namespace

std::string render_history(const std::vector<HistoryRow>& rows) {
  std::vector<Row> table = {{"id", "started (UTC)", "label", "host", "stressor", "inst", "bogo ops",
                             "ops/s real", "ops/s cpu", "experiment"}};
  for (const HistoryRow& row : rows) {
    // Runs stored before hosts were recorded (schema version 3) have none.
    const std::string host = row.hostname.empty() ? "-" : shortened(row.hostname, kTextColumnChars);
    table.push_back({std::to_string(row.id), shortened(row.started_at, kTextColumnChars),
                     shortened(row.label, kTextColumnChars), host,
                     shortened(row.stressor, kTextColumnChars), std::to_string(row.instances),
                     std::to_string(row.bogo_ops), fmt::format("{:.2f}", row.ops_per_sec_real),
                     fmt::format("{:.2f}", row.ops_per_sec_cpu), experiment_cell(row)});
  }
  std::array<std::size_t, kColumns> widths{};
  for (const Row& row : table) {
    for (std::size_t i = 0; i < kColumns; ++i) {
      widths[i] = std::max(widths[i], row[i].size());
    }
  }
  // Text columns left-aligned, numbers right-aligned.
  constexpr std::array<bool, kColumns> kLeft = {false, true,  true,  true,  true,
                                                false, false, false, false, true};
  std::string out;
  for (const Row& row : table) {
    std::string line;
    for (std::size_t i = 0; i < kColumns; ++i) {
      line += kLeft[i] ? fmt::format("{:<{}}  ", row[i], widths[i])
                       : fmt::format("{:>{}}  ", row[i], widths[i]);
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

std::string environment_line(const nlohmann::json& environment) {
  if (!environment.is_object()) {
    return "environment: not recorded";
  }
  std::vector<std::string> parts;
  const auto add = [&](const char* key, const char* format) {
    if (const std::string value = text_of(environment, key); !value.empty()) {
      parts.push_back(fmt::format(fmt::runtime(format), value));
    }
  };
  add("kernel_release", "kernel {}");
  add("machine", "{}");
  add("cpu_model", "{}");
  add("cpus", "{} CPUs");
  add("governor", "governor {}");
  add("thp", "THP {}");
  if (const auto hvo = environment.find("hvo"); hvo != environment.end() && hvo->is_object()) {
    if (const std::string sysctl = text_of(*hvo, "sysctl"); !sysctl.empty()) {
      parts.push_back(fmt::format("HVO sysctl {}", sysctl));
    }
  }
  std::string line = "environment:";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    line += (i == 0 ? " " : " · ") + parts[i];
  }
  return parts.empty() ? "environment: not recorded" : line;
}

}  // namespace clonebench
