#include "store/stored_runs.hpp"

#include <fmt/core.h>

#include <charconv>
#include <limits>

#include "compare/run_boot.hpp"
#include "core/error.hpp"
#include "record/instruction_metrics.hpp"

namespace clonebench {

bool is_run_id_list(std::string_view text) {
  // Digits separated by single commas, no empty item.
  bool previous_digit = false;
  for (char c : text) {
    if (c == ',') {
      if (!previous_digit) {
        return false;
      }
      previous_digit = false;
    } else if (c >= '0' && c <= '9') {
      previous_digit = true;
    } else {
      return false;
    }
  }
  return previous_digit;
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

RunObservation observation_of(const RunRecord& record, const nlohmann::json& environment) {
  const RunResult& r = record.result;
  RunObservation run;
  run.group = r.stressor;
  run.run_id = record.id;
  run.options = r.options;
  run.environment = environment;
  run.boot = run_boot(environment, record.label);
  run.profiled = record.profile.has_value();
  run.metrics = stored_run_metric_values(record, environment);
  return run;
}

SampleSet read_stored_runs(const Store& store, const std::string& spec) {
  SampleSet set{spec, "store", {}};
  if (is_run_id_list(spec)) {
    std::size_t start = 0;
    while (start <= spec.size()) {
      const std::size_t comma = std::min(spec.find(',', start), spec.size());
      const std::int64_t id = parse_run_id(spec.substr(start, comma - start));
      const std::optional<StoredRun> stored = store.load(id);
      if (!stored) {
        throw UsageError(fmt::format("run id {} is not in {}", id, store.path()));
      }
      set.runs.push_back(observation_of(stored->record, stored->environment));
      start = comma + 1;
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
