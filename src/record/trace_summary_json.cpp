#include "record/trace_summary_json.hpp"

#include <limits>
#include <tuple>
#include <utility>

#include "record/cost_model_json.hpp"
#include "record/json_array.hpp"
#include "record/summary_field.hpp"

namespace clonebench {
namespace {

nlohmann::json parent_json(const ParentSize& parent) {
  return {{"rss_anon_kb", parent.rss_anon_kb},
          {"rss_file_kb", parent.rss_file_kb},
          {"rss_shmem_kb", parent.rss_shmem_kb},
          {"page_tables_kb", parent.page_tables_kb},
          {"vmas", parent.vmas},
          {"threads", parent.threads}};
}

nlohmann::json creation_json(const Creation& creation) {
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

nlohmann::json run_json(const TraceRun& run) {
  nlohmann::json document = {{"traced", run.traced},
                             {"wall_ns", run.wall_ns},
                             {"user_ns", run.user_ns},
                             {"sys_ns", run.sys_ns},
                             {"exit_code", run.exit_code},
                             {"exit_signal", run.exit_signal},
                             {"interrupted", run.interrupted},
                             {"dropped_events", run.dropped_events},
                             {"dropped_calls", run.dropped_calls},
                             {"left_running", run.left_running},
                             {"creations", nlohmann::json::array()},
                             {"execs", nlohmann::json::array()},
                             {"exits", nlohmann::json::array()}};
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

nlohmann::json fork_model_json(const ForkCostModel& model) {
  return {{"source", model.source},
          {"cost_model", cost_model_to_json(CostModel{model.estimator, {model.create}})}};
}

nlohmann::json prediction_row_json(const ForkPredictionRow& row) {
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

// Derived from "fork_model" and the runs when the census was taken; read back with it.
nlohmann::json fork_prediction_json(const ForkPrediction& prediction) {
  const nlohmann::json buckets = json_array(prediction.buckets, prediction_row_json);
  return {{"runs", prediction.runs},
          {"folios_assumed_base_pages", prediction.folio_term},
          {"vmas_term", prediction.vma_term},
          {"all", prediction_row_json(prediction.all)},
          {"buckets", buckets},
          {"not_predicted",
           {{"vfork_like", prediction.vfork_like},
            {"threads", prediction.threads},
            {"other_clones", prediction.other_clones},
            {"failed", prediction.failed}}}};
}

// Times in a census are below 10^18 ns (31 years), so that no sum of two overflows; durations
// are never negative (a teardown not seen is -1).
constexpr std::int64_t kMaxTraceNs = 1'000'000'000'000'000'000;

std::int64_t trace_ns(const SummaryField& object, const char* key, std::int64_t lowest = 0) {
  const SummaryField field = object.at(key);
  const std::int64_t value = field.integer();
  if (value < lowest || value >= kMaxTraceNs) {
    field.fail("out of range");
  }
  return value;
}

int trace_int(const SummaryField& object, const char* key) {
  const SummaryField field = object.at(key);
  const std::int64_t value = field.integer();
  if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max()) {
    field.fail("out of range");
  }
  return static_cast<int>(value);
}

ParentSize parent_of(const SummaryField& object) {
  ParentSize parent;
  parent.rss_anon_kb = object.at("rss_anon_kb").count();
  parent.rss_file_kb = object.at("rss_file_kb").count();
  parent.rss_shmem_kb = object.at("rss_shmem_kb").count();
  parent.page_tables_kb = object.at("page_tables_kb").count();
  parent.vmas = object.at("vmas").count32();
  parent.threads = object.at("threads").count32();
  return parent;
}

Creation creation_of(const SummaryField& object) {
  Creation creation;
  creation.at_ns = trace_ns(object, "at_ns", -kMaxTraceNs);
  creation.duration_ns = trace_ns(object, "duration_ns");
  creation.call_ns = trace_ns(object, "call_ns");
  const SummaryField kind = object.at("kind");
  if (!parse_creation_kind(kind.text(), creation.kind)) {
    kind.fail("unknown creation kind");
  }
  creation.call = object.at("call").text();
  creation.comm = object.at("comm").text();
  creation.clone_flags = object.at("clone_flags").count();
  creation.error = trace_int(object, "errno");
  creation.parent = parent_of(object.at("parent"));
  return creation;
}

TraceRun trace_run_of(const SummaryField& object) {
  TraceRun run;
  run.traced = object.at("traced").boolean();
  run.wall_ns = trace_ns(object, "wall_ns");
  run.user_ns = trace_ns(object, "user_ns");
  run.sys_ns = trace_ns(object, "sys_ns");
  run.exit_code = trace_int(object, "exit_code");
  run.exit_signal = trace_int(object, "exit_signal");
  run.interrupted = object.at("interrupted").boolean();
  run.dropped_events = object.at("dropped_events").count();
  run.dropped_calls = object.at("dropped_calls").count();
  run.left_running = object.at("left_running").count32();
  run.creations = decoded_items(object.at("creations").items(), creation_of);
  for (const SummaryField& exec : object.at("execs").items()) {
    run.execs.push_back({trace_ns(exec, "at_ns", -kMaxTraceNs), trace_ns(exec, "duration_ns"),
                         exec.at("call").text(), exec.at("comm").text(), trace_int(exec, "errno")});
  }
  for (const SummaryField& exit : object.at("exits").items()) {
    run.exits.push_back({trace_ns(exit, "at_ns", -kMaxTraceNs), trace_ns(exit, "teardown_ns", -1),
                         exit.at("comm").text()});
  }
  return run;
}

std::pair<double, double> interval_of(const SummaryField& object, const char* key) {
  const std::vector<SummaryField> ends = object.at(key).items();
  if (ends.size() != 2) {
    object.at(key).fail("not an interval of two numbers");
  }
  return {ends[0].number(), ends[1].number()};
}

std::size_t size_of(const SummaryField& object, const char* key) {
  return static_cast<std::size_t>(object.at(key).count());
}

ForkPredictionRow prediction_row_of(const SummaryField& object) {
  ForkPredictionRow row;
  row.label = object.at("label").text();
  row.low_kb = object.at("low_kb").count();
  row.high_kb = object.at("high_kb").count();
  row.forks = size_of(object, "forks");
  row.measured_total_ns = object.at("measured_total_ns").number();
  row.measured_p50_ns = object.at("measured_p50_ns").number();
  row.predicted_total_ns = object.at("predicted_total_ns").number();
  std::tie(row.predicted_total_lo_ns, row.predicted_total_hi_ns) =
      interval_of(object, "predicted_total_ci_ns");
  row.predicted_one_ns = object.at("predicted_one_ns").number();
  std::tie(row.one_lo_ns, row.one_hi_ns) = interval_of(object, "one_prediction_interval_ns");
  row.below = size_of(object, "below");
  row.inside = size_of(object, "inside");
  row.above = size_of(object, "above");
  row.uninformative = size_of(object, "uninformative");
  row.extrapolated = size_of(object, "extrapolated");
  const SummaryField verdict = object.at("verdict");
  if (!parse_model_verdict(verdict.text(), row.verdict)) {
    verdict.fail("unknown verdict");
  }
  return row;
}

// The stored prediction of the census's model (`source`: the model's, which it predicted with).
ForkPrediction fork_prediction_of(const SummaryField& object, const std::string& source) {
  ForkPrediction prediction;
  prediction.source = source;
  prediction.runs = size_of(object, "runs");
  prediction.folio_term = object.at("folios_assumed_base_pages").boolean();
  if (const std::optional<SummaryField> vmas = object.find("vmas_term")) {
    prediction.vma_term = vmas->boolean();
  }
  prediction.all = prediction_row_of(object.at("all"));
  prediction.buckets = decoded_items(object.at("buckets").items(), prediction_row_of);
  const SummaryField not_predicted = object.at("not_predicted");
  prediction.vfork_like = size_of(not_predicted, "vfork_like");
  prediction.threads = size_of(not_predicted, "threads");
  prediction.other_clones = size_of(not_predicted, "other_clones");
  prediction.failed = size_of(not_predicted, "failed");
  return prediction;
}

// A model from another host or a hand-edited file is untrusted input: a census without a
// usable "create" phase is refused.
ForkCostModel fork_model_of(const SummaryField& object, const nlohmann::json& document) {
  ForkCostModel model;
  model.source = object.at("source").text();
  const SummaryField cost_model_field = object.at("cost_model");
  CostModel cost_model;
  const std::string source = "fork_model.cost_model";
  try {
    cost_model = cost_model_from_json(document.at("cost_model"), source);
  } catch (const UsageError& error) {
    cost_model_field.fail(std::string(error.what()).substr(source.size() + 2));
  }
  model.estimator = cost_model.estimator;
  for (const PhaseCostModel& phase : cost_model.phases) {
    if (phase.phase == "create") {
      model.create = phase;
      return model;
    }
  }
  cost_model_field.fail("no model of the \"create\" phase");
}

}  // namespace

nlohmann::json trace_census_to_json(const TraceCensus& census) {
  nlohmann::json document = {{"schema", kTraceSchema},
                             {"tool", {{"name", "clonebench"}, {"version", CLONEBENCH_VERSION}}},
                             {"command", census.command},
                             {"started_at", census.started_at},
                             {"kernel_release", census.kernel_release},
                             {"host", census.host},
                             {"cpus", census.cpus},
                             {"runs", nlohmann::json::array()}};
  for (const TraceRun& run : census.runs) {
    document["runs"].push_back(run_json(run));
  }
  if (census.fork_model) {
    document["fork_model"] = fork_model_json(*census.fork_model);
  }
  if (census.fork_prediction) {
    document["fork_prediction"] = fork_prediction_json(*census.fork_prediction);
  }
  return document;
}

TraceCensus trace_census_from_json(const nlohmann::json& document) {
  const SummaryField root(document, "");
  const SummaryField schema = root.at("schema");
  if (schema.text() != kTraceSchema) {
    schema.fail(std::string("expected \"") + kTraceSchema + "\"");
  }
  TraceCensus census;
  census.command = decoded_items(root.at("command").items(), &SummaryField::text);
  census.started_at = root.at("started_at").text();
  census.kernel_release = root.at("kernel_release").text();
  census.host = root.at("host").text();
  census.cpus = root.at("cpus").count32();
  census.runs = decoded_items(root.at("runs").items(), trace_run_of);
  if (const std::optional<SummaryField> model = root.find("fork_model")) {
    census.fork_model = fork_model_of(*model, document.at("fork_model"));
    // Stored with every model since the prediction was made; a census without one predicts none.
    if (const std::optional<SummaryField> prediction = root.find("fork_prediction")) {
      census.fork_prediction = fork_prediction_of(*prediction, census.fork_model->source);
    }
  }
  return census;
}

}  // namespace clonebench
