#include "record/run_document_json.hpp"

#include <fmt/core.h>

#include <type_traits>

#include "core/error.hpp"
#include "core/text_safety.hpp"
#include "record/environment_json.hpp"
#include "record/json_array.hpp"
#include "record/metric_table.hpp"
#include "record/profile_json.hpp"
#include "record/record_json.hpp"
#include "record/run_options_json.hpp"
#include "record/start_up_ramp_check.hpp"

namespace clonebench {
namespace {

// A run metric as JSON: counts as integers, the rest as numbers.
nlohmann::json metric_json(const RunMetric& metric, const RunRecord& record) {
  const double value = metric.value(record).value_or(0.0);
  if (metric.whole_number) {
    return static_cast<std::uint64_t>(value);
  }
  return value;
}

nlohmann::json latency_json(const RunResult& result,
                            nlohmann::json (*to_json)(const LatencyHistogram&)) {
  nlohmann::json phases = nlohmann::json::object();
  for (const LatencyPhase& phase : kLatencyPhases) {
    phases[std::string(phase.name)] = to_json(result.*phase.histogram);
  }
  return phases;
}

// Derived from the intervals on the way out, as the rates are; a series too short to judge says
// so, with the reason.
void add_start_up_ramp(const ThroughputSeries& series, nlohmann::json& run) {
  const std::optional<RunStartUpRamp> ramp = start_up_ramp_of(series);
  if (!ramp) {
    run["start_up_ramp"] = {
        {"found", false},
        {"reason",
         fmt::format("not judged: {} whole interval(s), the rule needs {}",
                     start_up_ramp_whole_intervals(series), start_up_ramp_min_intervals())}};
    return;
  }
  nlohmann::json json = {{"found", ramp->found}};
  if (ramp->found) {
    json["intervals"] = ramp->intervals;
    json["seconds"] = ramp->seconds;
    json["ratio"] = ramp->ratio;
    json["p"] = ramp->p;
  }
  run["start_up_ramp"] = std::move(json);
}

nlohmann::json run_to_json(const RunRecord& record) {
  const RunResult& result = record.result;
  nlohmann::json run = {{"id", record.id},
                        {"label", record.label},
                        {"started_at", record.started_at},
                        {"stressor", result.stressor},
                        {"instances", result.instances},
                        {"options", run_options_to_json(result.options)}};
  for (const RunMetric& metric : run_totals()) {
    run[metric.name] = metric_json(metric, record);
  }
  run["failures"] = failures_to_json(result.failures);
  run["latency_us"] = latency_json(result, latency_summary_to_json);
  // The raw buckets, so that a document read back (compare A.json B.json) keeps the whole
  // distribution and not only the printed percentiles.
  run["latency_histograms"] = latency_json(result, histogram_to_json);
  run["parent"] = parent_to_json(result.parent, result.requested_rss_bytes());
  run["intervals"] = intervals_to_json(result.intervals);
  add_start_up_ramp(result.intervals, run);
  if (!record.experiment.empty()) {
    run["experiment"] = record.experiment;
  }
  run["workload"] = workload_name(result.workload());
  run["children_reaped_by_supervisor"] = result.supervisor_reaped;
  if (result.stress_ng) {
    // The fields above are clonebench's complete accounting; these are stress-ng's own.
    run["stress_ng"] = stress_ng_report_json(*result.stress_ng, result.bogo_ops, result.instances);
  }
  // Present exactly for a profiled run: sampling perturbs it, and readers must see that.
  if (record.profile) {
    run["profile"] = profile_to_json(*record.profile);
  }
  return run;
}

// Reads runs[index].key into `out`; absent keys keep the default unless `required`.
template <typename T>
void read(const nlohmann::json& run, const char* key, T& out, const std::string& where,
          bool required) {
  const auto found = run.find(key);
  if (found == run.end() || found->is_null()) {
    if (required) {
      throw UsageError(fmt::format("{}: missing \"{}\"", where, key));
    }
    return;
  }
  if constexpr (std::is_unsigned_v<T>) {
    if (!found->is_number_unsigned()) {
      throw UsageError(
          fmt::format("{}: \"{}\" is not a non-negative integer ({})", where, key, found->dump()));
    }
  }
  try {
    out = found->get<T>();
  } catch (const nlohmann::json::exception&) {
    throw UsageError(
        fmt::format("{}: \"{}\" has the wrong type ({})", where, key, found->type_name()));
  }
}

RunRecord run_from_json(const nlohmann::json& run, const std::string& where) {
  if (!run.is_object()) {
    throw UsageError(fmt::format("{}: not an object", where));
  }
  RunRecord record;
  RunResult& result = record.result;
  read(run, "id", record.id, where, false);
  read(run, "label", record.label, where, false);
  read(run, "started_at", record.started_at, where, false);
  read(run, "experiment", record.experiment, where, false);
  read(run, "stressor", result.stressor, where, true);
  read(run, "instances", result.instances, where, false);
  read(run, "bogo_ops", result.bogo_ops, where, true);
  read(run, "real_time_s", result.real_time_s, where, true);
  read(run, "usr_time_s", result.usr_time_s, where, true);
  read(run, "sys_time_s", result.sys_time_s, where, true);
  read(run, "max_rss_kb", result.max_rss_kb, where, false);
  if (const auto failures = run.find("failures"); failures != run.end()) {
    result.failures = failures_from_json(*failures, where);
  }
  const auto parent = run.find("parent");
  if (parent != run.end()) {
    result.parent = parent_from_json(*parent, where);
  }
  const auto options = run.find("options");
  result.options = run_options_with_parent(options == run.end() ? nlohmann::json() : *options,
                                           parent == run.end() ? nullptr : &*parent, where);
  if (const auto intervals = run.find("intervals"); intervals != run.end()) {
    result.intervals = intervals_from_json(*intervals, where);
  }
  std::string workload(workload_name(result.workload()));
  read(run, "workload", workload, where, false);
  const std::optional<Workload> known = workload_from_name(workload);
  if (!known) {
    throw UsageError(
        fmt::format("{}: \"workload\" is \"{}\", not {}", where, workload, workload_choices()));
  }
  if (*known != result.workload()) {
    // The run's own word wins over options that do not name it (another writer's document).
    result.options.workload = *known == Workload::kStressNg
                                  ? WorkloadOptions(StressNgWorkloadOptions{})
                                  : WorkloadOptions(CleanWorkloadOptions{});
  }
  read(run, "children_reaped_by_supervisor", result.supervisor_reaped, where, false);
  if (const auto stress_ng = run.find("stress_ng"); stress_ng != run.end()) {
    result.stress_ng = stress_ng_from_json(*stress_ng, where);
  }
  if (const auto profile = run.find("profile"); profile != run.end() && !profile->is_null()) {
    record.profile = profile_from_json(*profile, where);
  }
  if (const auto histograms = run.find("latency_histograms"); histograms != run.end()) {
    if (!histograms->is_object()) {
      throw UsageError(fmt::format("{}: \"latency_histograms\" is not an object", where));
    }
    for (const LatencyPhase& phase : kLatencyPhases) {
      if (const auto found = histograms->find(phase.name); found != histograms->end()) {
        result.*phase.histogram =
            histogram_from_json(*found, fmt::format("{}.latency_histograms.{}", where, phase.name));
      }
    }
  }
  return record;
}

}  // namespace

nlohmann::json to_json(const RunDocument& document) {
  const nlohmann::json runs = json_array(document.runs, run_to_json);
  return {{"schema", kRunSchema},
          {"tool", {{"name", "clonebench"}, {"version", CLONEBENCH_VERSION}}},
          {"environment", environment_to_json(document.environment)},
          {"runs", std::move(runs)}};
}

std::string run_document_text(const RunDocument& document) {
  return dump_json(to_json(document), 2) + "\n";
}

RunDocument run_document_from_json(const nlohmann::json& json, const std::string& source) {
  if (!json.is_object()) {
    throw UsageError(fmt::format("{}: not a clonebench/1 document (not a JSON object)", source));
  }
  const auto schema = json.find("schema");
  if (schema == json.end() || !schema->is_string() || schema->get<std::string>() != kRunSchema) {
    throw UsageError(fmt::format("{}: not a clonebench/1 document (\"schema\" is {})", source,
                                 schema == json.end() ? "missing" : schema->dump()));
  }
  RunDocument document;
  if (const auto environment = json.find("environment"); environment != json.end()) {
    if (!environment->is_object()) {
      throw UsageError(fmt::format("{}: \"environment\" is not an object", source));
    }
    document.environment = environment_from_json(*environment);
  }
  const auto runs = json.find("runs");
  if (runs == json.end() || !runs->is_array()) {
    throw UsageError(fmt::format("{}: \"runs\" is missing or not an array", source));
  }
  for (std::size_t i = 0; i < runs->size(); ++i) {
    document.runs.push_back(run_from_json((*runs)[i], fmt::format("{}: runs[{}]", source, i)));
  }
  return document;
}

}  // namespace clonebench
