// The stored census of `clonebench trace`: what is written reads back the same (its fork model
// and the prediction made with it included), and a malformed stored field is an error naming it,
// also through the codec of every experiment kind.

#include <gtest/gtest.h>

#include "record/experiment_summary.hpp"
#include "record/trace_summary_json.hpp"

namespace clonebench {
namespace {

TraceCensus example_census() {
  TraceCensus census;
  census.command = {"make", "-j2"};
  census.started_at = "2026-12-03T12:00:00Z";
  census.kernel_release = "6.18";
  census.host = "h";
  census.cpus = 2;
  TraceRun run;
  run.wall_ns = 1'000'000'000;
  run.exit_code = 2;
  Creation fork;
  fork.at_ns = -5;  // before the command's release: a creation of the tracer's own child
  fork.duration_ns = 40'000;
  fork.call = "clone";
  fork.comm = "make";
  fork.parent.rss_anon_kb = 4096;
  fork.parent.vmas = 30;
  run.creations = {fork};
  run.execs = {{10, 400'000, "execve", "cc", 0}};
  run.exits = {{20, -1, "cc"}};
  census.runs = {run};
  PhaseCostModel create;
  create.phase = "create";
  create.coefficients = {{"fixed_ns", 50'000, 49'000, 51'000}, {"per_page_ns", 10, 9, 11}};
  create.covariance = {{1, 0}, {0, 1}};
  create.x_min = {1};
  create.x_max = {65'536};
  census.fork_model = ForkCostModel{"file model.json", "Huber", create};
  return census;
}

ForkPrediction example_prediction() {
  ForkPrediction prediction;
  prediction.source = "file model.json";
  prediction.runs = 1;
  prediction.all.label = "all forks";
  prediction.all.forks = 1;
  prediction.all.verdict = ModelVerdict::kExplained;
  return prediction;
}

std::string trace_malformed_field(const nlohmann::json& json) {
  try {
    trace_census_from_json(json);
  } catch (const SummaryError& error) {
    return error.field();
  }
  return "";
}

TEST(TraceSummaryCodec, ReadsBackWhatItWroteItsForkModelIncluded) {
  const nlohmann::json stored = trace_census_to_json(example_census());
  const TraceCensus read = trace_census_from_json(stored);
  EXPECT_EQ(trace_census_to_json(read), stored);
  ASSERT_TRUE(read.fork_model.has_value());
  EXPECT_EQ(read.fork_model->create.coefficients.at(1).hi, 11);
  EXPECT_EQ(read.runs.at(0).creations.at(0).at_ns, -5);
  EXPECT_EQ(read.runs.at(0).exits.at(0).teardown_ns, -1);
}

TEST(TraceSummaryCodec, WritesThePredictionAndReadsItBack) {
  TraceCensus census = example_census();
  census.fork_prediction = example_prediction();
  census.fork_prediction->vma_term = true;
  nlohmann::json stored = trace_census_to_json(census);
  EXPECT_EQ(stored.at("fork_prediction").at("all").at("verdict"), "explained");
  const TraceCensus read = trace_census_from_json(stored);
  ASSERT_TRUE(read.fork_prediction.has_value());
  EXPECT_EQ(read.fork_prediction->all.verdict, ModelVerdict::kExplained);
  EXPECT_EQ(read.fork_prediction->all.forks, 1u);
  EXPECT_EQ(read.fork_prediction->source, "file model.json");
  EXPECT_TRUE(read.fork_prediction->vma_term);
  EXPECT_EQ(trace_census_to_json(read), stored);
  stored["fork_prediction"] = "anything";  // read back: checked like every stored field
  EXPECT_EQ(trace_malformed_field(stored), "fork_prediction");
}

TEST(TraceSummaryCodec, NamesTheMalformedField) {
  const nlohmann::json stored = trace_census_to_json(example_census());
  nlohmann::json json = stored;
  json["runs"][0]["creations"][0]["kind"] = "spoon";
  EXPECT_EQ(trace_malformed_field(json), "runs[0].creations[0].kind");
  json = stored;
  json["runs"][0]["exits"][0]["teardown_ns"] = -2;
  EXPECT_EQ(trace_malformed_field(json), "runs[0].exits[0].teardown_ns");
  json = stored;
  json["runs"][0]["creations"][0]["parent"]["vmas"] = 1e10;
  EXPECT_EQ(trace_malformed_field(json), "runs[0].creations[0].parent.vmas");
  json = stored;
  json["command"][1] = 2;
  EXPECT_EQ(trace_malformed_field(json), "command[1]");
  json = stored;
  json["fork_model"]["cost_model"]["phases"][0]["covariance"] = {{1}};
  EXPECT_EQ(trace_malformed_field(json), "fork_model.cost_model");
  json = stored;
  json["schema"] = "clonebench/1";
  EXPECT_EQ(trace_malformed_field(json), "schema");
}

TEST(TraceSummaryCodec, TheStoreChecksATraceAndReadsTheEmptyOneOfAnInterruptedTraceAsNone) {
  nlohmann::json json = trace_census_to_json(example_census());
  json["runs"][0]["wall_ns"] = "1 s";
  try {
    experiment_summary_from_json(ExperimentKind::kTrace, json);
    ADD_FAILURE() << "accepted a wall time that is text";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "runs[0].wall_ns");
  }
  EXPECT_FALSE(experiment_summary_from_json(ExperimentKind::kTrace, nlohmann::json::object()));
}

}  // namespace
}  // namespace clonebench
