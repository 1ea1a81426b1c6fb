#include "trace/trace_json.hpp"

#include "core/error.hpp"
#include "sweep/cost_model_json.hpp"
#include "trace/fork_prediction.hpp"

namespace clonebench {
namespace {

using nlohmann::json;

json parent_json(const ParentSize& parent) {
  return {{"rss_anon_kb", parent.rss_anon_kb},
          {"rss_file_kb", parent.rss_file_kb},
          {"rss_shmem_kb", parent.rss_shmem_kb},
          {"page_tables_kb", parent.page_tables_kb},
          {"vmas", parent.vmas},
          {"threads", parent.threads}};
}

json creation_json(const Creation& creation) {
  return {{"at_ns", creation.at_ns},
          {"duration_ns", creation.duration_ns},
          {"call_ns", creation.call_ns},
          {"kind", creation_kind_name(creation.kind)},
          {"call", creation.call},
          {"comm", creation.comm},
          {"clone_flags", creation.clone_flags},
          {"errno", creation.error},
          {"parent", parent_json(creation.parent)}};
}

json run_json(const TraceRun& run) {
  json document = {{"traced", run.traced},
                   {"wall_ns", run.wall_ns},
                   {"user_ns", run.user_ns},
                   {"sys_ns", run.sys_ns},
                   {"exit_code", run.exit_code},
                   {"exit_signal", run.exit_signal},
                   {"interrupted", run.interrupted},
                   {"dropped_events", run.dropped_events},
                   {"dropped_calls", run.dropped_calls},
                   {"left_running", run.left_running},
                   {"creations", json::array()},
                   {"execs", json::array()},
                   {"exits", json::array()}};
  for (const Creation& creation : run.creations) {
    document["creations"].push_back(creation_json(creation));
  }
  for (const ExecCall& exec : run.execs) {
    document["execs"].push_back({{"at_ns", exec.at_ns},
                                 {"duration_ns", exec.duration_ns},
                                 {"call", exec.call},
                                 {"comm", exec.comm},
                                 {"errno", exec.error}});
  }
  for (const ProcessExit& exit : run.exits) {
    document["exits"].push_back(
        {{"at_ns", exit.at_ns}, {"teardown_ns", exit.teardown_ns}, {"comm", exit.comm}});
  }
  return document;
}

// Reads field `key` of `object` as T; a missing field or a wrong type names the source and field.
template <typename T>
T field(const json& object, const char* key, const std::string& where) {
  const auto found = object.find(key);
  if (found == object.end()) {
    throw UsageError(where + ": missing field '" + key + "'");
  }
  try {
    return found->get<T>();
  } catch (const json::exception&) {
    throw UsageError(where + ": field '" + key + "' has the wrong type");
  }
}

// Times in a census are below 10^18 ns (31 years), so that no sum of two overflows; durations
// are never negative (a teardown not seen is -1).
constexpr std::int64_t kMaxTraceNs = 1'000'000'000'000'000'000;

std::int64_t field_ns(const json& object, const char* key, const std::string& where,
                      std::int64_t lowest = 0) {
  const auto value = field<std::int64_t>(object, key, where);
  if (value < lowest || value >= kMaxTraceNs) {
    throw UsageError(where + ": field '" + key + "' is out of range");
  }
  return value;
}

ParentSize parent_from(const json& object, const std::string& where) {
  ParentSize parent;
  parent.rss_anon_kb = field<std::uint64_t>(object, "rss_anon_kb", where);
  parent.rss_file_kb = field<std::uint64_t>(object, "rss_file_kb", where);
  parent.rss_shmem_kb = field<std::uint64_t>(object, "rss_shmem_kb", where);
  parent.page_tables_kb = field<std::uint64_t>(object, "page_tables_kb", where);
  parent.vmas = field<std::uint32_t>(object, "vmas", where);
  parent.threads = field<std::uint32_t>(object, "threads", where);
  return parent;
}

Creation creation_from(const json& object, const std::string& where) {
  Creation creation;
  creation.at_ns = field_ns(object, "at_ns", where, -kMaxTraceNs);
  creation.duration_ns = field_ns(object, "duration_ns", where);
  creation.call_ns = field_ns(object, "call_ns", where);
  if (!parse_creation_kind(field<std::string>(object, "kind", where), creation.kind)) {
    throw UsageError(where + ": unknown creation kind");
  }
  creation.call = field<std::string>(object, "call", where);
  creation.comm = field<std::string>(object, "comm", where);
  creation.clone_flags = field<std::uint64_t>(object, "clone_flags", where);
  creation.error = field<int>(object, "errno", where);
  creation.parent = parent_from(field<json>(object, "parent", where), where + ".parent");
  return creation;
}

TraceRun run_from(const json& object, const std::string& where) {
  TraceRun run;
  run.traced = field<bool>(object, "traced", where);
  run.wall_ns = field_ns(object, "wall_ns", where);
  run.user_ns = field_ns(object, "user_ns", where);
  run.sys_ns = field_ns(object, "sys_ns", where);
  run.exit_code = field<int>(object, "exit_code", where);
  run.exit_signal = field<int>(object, "exit_signal", where);
  run.interrupted = field<bool>(object, "interrupted", where);
  run.dropped_events = field<std::uint64_t>(object, "dropped_events", where);
  run.dropped_calls = field<std::uint64_t>(object, "dropped_calls", where);
  run.left_running = field<std::uint32_t>(object, "left_running", where);
  std::size_t index = 0;
  for (const json& creation : field<json::array_t>(object, "creations", where)) {
    run.creations.push_back(
        creation_from(creation, where + ".creations[" + std::to_string(index++) + "]"));
  }
  index = 0;
  for (const json& exec : field<json::array_t>(object, "execs", where)) {
    const std::string at = where + ".execs[" + std::to_string(index++) + "]";
    run.execs.push_back({field_ns(exec, "at_ns", at, -kMaxTraceNs),
                         field_ns(exec, "duration_ns", at), field<std::string>(exec, "call", at),
                         field<std::string>(exec, "comm", at), field<int>(exec, "errno", at)});
  }
  index = 0;
  for (const json& exit : field<json::array_t>(object, "exits", where)) {
    const std::string at = where + ".exits[" + std::to_string(index++) + "]";
    run.exits.push_back({field_ns(exit, "at_ns", at, -kMaxTraceNs),
                         field_ns(exit, "teardown_ns", at, -1),
                         field<std::string>(exit, "comm", at)});
  }
  return run;
}

json fork_model_json(const ForkCostModel& model) {
  return {{"source", model.source},
          {"cost_model", cost_model_to_json(CostModel{model.estimator, {model.create}})}};
}

// A model from another host or a hand-edited file is untrusted input: a census without a
// usable "create" phase is refused.
ForkCostModel fork_model_from(const json& object, const std::string& where) {
  if (!object.is_object()) {
    throw UsageError(where + ": not an object");
  }
  ForkCostModel model;
  model.source = field<std::string>(object, "source", where);
  const CostModel cost_model =
      cost_model_from_json(field<json>(object, "cost_model", where), where + ".cost_model");
  model.estimator = cost_model.estimator;
  for (const PhaseCostModel& phase : cost_model.phases) {
    if (phase.phase == "create") {
      model.create = phase;
      return model;
    }
  }
  throw UsageError(where + ".cost_model: no model of the \"create\" phase");
}

json prediction_row_json(const ForkPredictionRow& row) {
  return {{"label", row.label},
          {"low_kb", row.low_kb},
          {"high_kb", row.high_kb},
          {"forks", row.forks},
          {"measured_total_ns", row.measured_total_ns},
          {"measured_p50_ns", row.measured_p50_ns},
          {"predicted_total_ns", row.predicted_total_ns},
          {"predicted_total_ci_ns", {row.predicted_total_lo_ns, row.predicted_total_hi_ns}},
          {"predicted_one_ns", row.predicted_one_ns},
          {"one_prediction_interval_ns", {row.one_lo_ns, row.one_hi_ns}},
          {"below", row.below},
          {"inside", row.inside},
          {"above", row.above},
          {"uninformative", row.uninformative},
          {"extrapolated", row.extrapolated},
          {"verdict", model_verdict_text(row.verdict)}};
}

// Derived from "fork_model" and the runs, for readers of the JSON; never read back.
json fork_prediction_json(const ForkPrediction& prediction) {
  json buckets = json::array();
  for (const ForkPredictionRow& row : prediction.buckets) {
    buckets.push_back(prediction_row_json(row));
  }
  return {{"runs", prediction.runs},
          {"folios_assumed_base_pages", prediction.folio_term},
          {"all", prediction_row_json(prediction.all)},
          {"buckets", buckets},
          {"not_predicted",
           {{"vfork_like", prediction.vfork_like},
            {"threads", prediction.threads},
            {"other_clones", prediction.other_clones},
            {"failed", prediction.failed}}}};
}

}  // namespace

json trace_census_to_json(const TraceCensus& census) {
  json document = {{"schema", kTraceSchema},
                   {"tool", {{"name", "clonebench"}, {"version", CLONEBENCH_VERSION}}},
                   {"command", census.command},
                   {"started_at", census.started_at},
                   {"kernel_release", census.kernel_release},
                   {"host", census.host},
                   {"cpus", census.cpus},
                   {"runs", json::array()}};
  for (const TraceRun& run : census.runs) {
    document["runs"].push_back(run_json(run));
  }
  if (census.fork_model) {
    document["fork_model"] = fork_model_json(*census.fork_model);
    document["fork_prediction"] = fork_prediction_json(predict_forks(census, *census.fork_model));
  }
  return document;
}

TraceCensus trace_census_from_json(const json& document, const std::string& source) {
  const auto schema = document.is_object() ? document.find("schema") : document.end();
  if (!document.is_object() || schema == document.end() || !schema->is_string() ||
      schema->get<std::string>() != kTraceSchema) {
    throw UsageError(source + ": not a " + std::string(kTraceSchema) + " document");
  }
  TraceCensus census;
  census.command = field<std::vector<std::string>>(document, "command", source);
  census.started_at = field<std::string>(document, "started_at", source);
  census.kernel_release = field<std::string>(document, "kernel_release", source);
  census.host = field<std::string>(document, "host", source);
  census.cpus = field<std::uint32_t>(document, "cpus", source);
  std::size_t index = 0;
  for (const json& run : field<json::array_t>(document, "runs", source)) {
    census.runs.push_back(run_from(run, source + ": runs[" + std::to_string(index++) + "]"));
  }
  if (const auto model = document.find("fork_model"); model != document.end()) {
    census.fork_model = fork_model_from(*model, source + ": fork_model");
  }
  return census;
}

}  // namespace clonebench
