#include "store/stored_runs.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <charconv>
#include <limits>

#include "compare/run_boot.hpp"
#include "compare/stress_ng_misc_metric.hpp"
#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/instruction_metrics.hpp"
#include "record/metric_table.hpp"
#include "record/run_group.hpp"

namespace clonebench {

bool is_run_id_list(std::string_view text) {
  // Digits separated by single commas or dashes, no empty item, at most one dash per item.
  char previous = ',';
  bool dash_in_item = false;
  for (char c : text) {
    if (c == ',' || c == '-') {
      if (previous < '0' || previous > '9' || (c == '-' && dash_in_item)) {
        return false;
      }
      dash_in_item = c == '-';
    } else if (c < '0' || c > '9') {
      return false;
    }
    previous = c;
  }
  return previous >= '0' && previous <= '9';
}

std::vector<std::int64_t> parse_run_ids(std::string_view text) {
  constexpr std::int64_t kMostIdsInARange = 100'000;
  if (!is_run_id_list(text)) {
    throw UsageError(fmt::format("'{}' is not a list of run ids (e.g. 12, 12,13,15, 3-7 or 1-3,9)",
                                 printable(text)));
  }
  std::vector<std::int64_t> ids;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view item = text.substr(start, comma - start);
    const std::size_t dash = item.find('-');
    const std::int64_t first = parse_run_id(item.substr(0, dash));
    const std::int64_t last = dash == item.npos ? first : parse_run_id(item.substr(dash + 1));
    if (last < first) {
      throw UsageError(fmt::format("run ids {}: the range ends below its start", item));
    }
    if (last - first >= kMostIdsInARange) {
      throw UsageError(
          fmt::format("run ids {}: a range holds at most {} ids", item, kMostIdsInARange));
    }
    for (std::int64_t id = first; id <= last; ++id) {
      ids.push_back(id);
    }
    start = comma + 1;
  }
  return ids;
}

std::int64_t parse_run_id(std::string_view text) {
  std::int64_t id = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (error == std::errc::result_out_of_range) {
    throw UsageError(fmt::format("run id {} is out of range (the largest is {})", text,
                                 std::numeric_limits<std::int64_t>::max()));
  }
  if (error != std::errc() || end != text.data() + text.size() || id <= 0) {
    throw UsageError(fmt::format("'{}' is not a run id (a positive number)", text));
  }
  return id;
}

RunObservation observation_of(const RunRecord& record,
                              const std::optional<Environment>& environment) {
  const RunResult& r = record.result;
  RunObservation run;
  run.group = run_group_name(record);  // stressor and the settings that change the work
  run.run_id = record.id;
  run.options = r.options;
  run.environment = environment;
  run.boot = run_boot(environment.value_or(Environment{}), record.label);
  run.profiled = record.profile.has_value();
  run.metrics = stored_run_metric_values(record, environment);
  add_misc_metric(r.stress_ng, run.metrics);  // --workload stress-ng: "microsecs_per_clone"
  return run;
}

SampleSet read_stored_runs(const Store& store, const std::string& spec) {
  SampleSet set{spec, "store", {}};
  if (is_run_id_list(spec)) {
    for (const std::int64_t id : parse_run_ids(spec)) {
      const std::optional<StoredRun> stored = store.load(id);
      if (!stored) {
        throw UsageError(fmt::format("run id {} is not in {}", id, store.path()));
      }
      set.runs.push_back(observation_of(stored->record, stored->environment));
    }
    return set;
  }
  for (const StoredRun& stored : store.load_label(spec)) {
    set.runs.push_back(observation_of(stored.record, stored.environment));
  }
  if (set.runs.empty()) {
    throw UsageError(
        fmt::format("'{}' is neither a file nor a label of any run in {}", spec, store.path()));
  }
  return set;
}

}  // namespace clonebench
