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

// A stored text as the line shows it: escaped for terminals, and cut when long.
std::string shown(const std::string& text) {
  return shortened(text, kTextColumnChars * 2);
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
    const std::string host =
        measured_on(row).empty() ? "-" : shortened(measured_on(row), kTextColumnChars);
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

std::string measured_on(const HistoryRow& row) {
  return row.guest.empty() ? row.hostname : row.guest;
}

std::string guest_note(const HistoryRow& row) {
  if (row.guest.empty()) {
    return {};
  }
  std::string note = "measured in a guest: " + printable(row.guest);
  if (row.emulated) {
    note +=
        "; emulated (QEMU TCG): its times are an emulator's, not the kernel's speed on hardware";
  }
  if (row.counted_in_instructions) {
    note +=
        "; counted in instructions (--measure instructions): its figures are counts of guest "
        "instructions, not times (the guest's clock advanced 1 ns per instruction, so its "
        "\"ops/s\" are operations per 10^9 instructions and its \"µs\" thousands of "
        "instructions)";
  }
  return note;
}

std::string environment_line(const Environment& environment) {
  std::vector<std::string> parts;
  const auto add = [&](const std::string& value, const char* format) {
    if (!value.empty()) {
      parts.push_back(fmt::format(fmt::runtime(format), value));
    }
  };
  const auto number = [](const Fact<std::int64_t>& fact) {
    return fact ? std::to_string(*fact) : std::string();
  };
  add(shown(environment.kernel_release.value_or("")), "kernel {}");
  add(shown(environment.machine.value_or("")), "{}");
  add(shown(environment.cpu_model.value_or("")), "{}");
  add(number(environment.cpus), "{} CPUs");
  add(shown(environment.governor.value_or("")), "governor {}");
  add(shown(environment.thp.value_or("")), "THP {}");
  if (environment.hvo) {
    add(number(environment.hvo->sysctl), "HVO sysctl {}");
  }
  std::string line = "environment:";
  for (std::size_t i = 0; i < parts.size(); ++i) {
    line += (i == 0 ? " " : " · ") + parts[i];
  }
  return parts.empty() ? "environment: not recorded" : line;
}

}  // namespace clonebench
