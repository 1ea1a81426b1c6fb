#include "store/boot_spread_lookup.hpp"

#include <fmt/core.h>

#include <cmath>
#include <set>

#include "compare/boot_analysis.hpp"
#include "core/text_safety.hpp"
#include "store/stored_runs.hpp"

namespace clonebench {
namespace {

constexpr std::size_t kHistoryLimit = 1'000'000;

struct PooledSpread {
  double between_squares = 0, within_squares = 0;
  std::size_t between_df = 0, within_df = 0;
  std::vector<std::string> labels;
};

// The labels with runs of this run group's stressor ("fork (rss 64M)": fork); the host and the
// settings are checked per run.
std::set<std::string> labels_with(const Store& store, const std::string& run_group) {
  const std::string stressor = run_group.substr(0, run_group.find(" ("));
  std::set<std::string> labels;
  for (const HistoryRow& row : store.history(kHistoryLimit)) {
    if (row.stressor == stressor) {
      labels.insert(row.label);
    }
  }
  return labels;
}

bool measured_on(const Environment& environment, const std::string& host) {
  return environment.hostname.optional() == host;
}

void add_label(PooledSpread& pooled, const std::string& label, const std::vector<StoredRun>& runs,
               const std::string& host, const std::string& run_group, const std::string& metric) {
  std::vector<double> logs;
  std::vector<std::string> boots;
  for (const StoredRun& stored : runs) {
    if (!measured_on(stored.environment, host)) {
      continue;
    }
    const RunObservation run = observation_of(stored.record, stored.environment);
    const auto value = run.metrics.find(metric);
    if (run.group == run_group && value != run.metrics.end() && value->second > 0) {
      logs.push_back(std::log(value->second));
      boots.push_back(run.boot);
    }
  }
  if (logs.empty()) {
    return;
  }
  const BootSpread spread = boot_spread(logs, boots);
  if (spread.boots < 2 || !std::isfinite(spread.between_sd_log)) {
    return;
  }
  pooled.between_squares +=
      spread.between_sd_log * spread.between_sd_log * static_cast<double>(spread.boots - 1);
  pooled.between_df += spread.boots - 1;
  if (std::isfinite(spread.within_sd_log)) {
    pooled.within_squares += spread.within_sd_log * spread.within_sd_log *
                             static_cast<double>(spread.runs - spread.boots);
    pooled.within_df += spread.runs - spread.boots;
  }
  pooled.labels.push_back(fmt::format("{} ({} boots)", printable(label), spread.boots));
}

}  // namespace

std::map<std::string, KnownBootSpread> known_boot_spreads(const Store& store,
                                                          const std::string& host,
                                                          const std::string& run_group,
                                                          const std::vector<std::string>& metrics) {
  std::map<std::string, PooledSpread> pooled;
  for (const std::string& label : labels_with(store, run_group)) {
    const std::vector<StoredRun> runs = store.load_label(label);
    for (const std::string& metric : metrics) {
      add_label(pooled[metric], label, runs, host, run_group, metric);
    }
  }
  std::map<std::string, KnownBootSpread> known;
  for (const auto& [metric, spread] : pooled) {
    if (spread.between_df == 0) {
      continue;
    }
    std::string labels;
    for (const std::string& label : spread.labels) {
      labels += (labels.empty() ? "" : ", ") + label;
    }
    known[metric] = {std::sqrt(spread.between_squares / static_cast<double>(spread.between_df)),
                     spread.within_df == 0
                         ? 0.0
                         : std::sqrt(spread.within_squares / static_cast<double>(spread.within_df)),
                     fmt::format("stored label{} {} on {}", spread.labels.size() == 1 ? "" : "s",
                                 labels, printable(host))};
  }
  return known;
}

}  // namespace clonebench
