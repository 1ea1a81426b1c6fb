#include "trace/fork_prediction.hpp"

#include <gtest/gtest.h>

#include <cerrno>
#include <cmath>

#include "core/error.hpp"
#include "record/summary_field.hpp"
#include "record/trace_summary_json.hpp"
#include "report/trace_report.hpp"
#include "support/golden.hpp"
#include "trace/fork_prediction_table.hpp"
#include "trace/trace_table.hpp"

namespace clonebench {
namespace {

// cost = 50 µs + 10 ns per 4 KiB page + 100 ns per VMA. Only the fixed cost is uncertain, by
// ±1 µs (95 %) for the mean; one fork scatters from -20 µs to +30 µs around it. The sweep
// measured parents of 300 to 65,536 pages and 10 to 100 VMAs.
ForkCostModel hand_made_model() {
  PhaseCostModel create;
  create.phase = "create";
  create.coefficients = {{"fixed_ns", 50'000, 49'000, 51'000},
                         {"per_page_ns", 10, 10, 10},
                         {"per_vma_ns", 100, 100, 100}};
  const double fixed_sd = 1000 / 1.959963984540054;
  create.covariance = {{fixed_sd * fixed_sd, 0, 0}, {0, 0, 0}, {0, 0, 0}};
  create.residual_lo_ns = -20'000;
  create.residual_hi_ns = 30'000;
  create.n = 40;
  create.points = 4;
  create.bootstrap = 400;
  create.x_min = {300, 10};
  create.x_max = {65'536, 100};
  return ForkCostModel{"file model.json", "Huber", create};
}

Creation creation_of(CreationKind kind, std::int64_t duration_ns, std::uint64_t rss_kb,
                     std::uint32_t vmas, int error = 0) {
  Creation creation;
  creation.kind = kind;
  creation.duration_ns = duration_ns;
  creation.call = "clone";
  creation.comm = "ansible";
  creation.error = error;
  creation.parent.rss_anon_kb = rss_kb;
  creation.parent.vmas = vmas;
  return creation;
}

// Four forks, hand-worked against the model (predicted cost; interval of one fork):
//   1 MiB, 20 VMAs:  54,560 ns [34,535, 84,577]; measured 60 µs: inside (256 pages: extrapolated)
//   2 MiB, 40 VMAs:  59,120 ns [39,095, 89,137]; measured 200 µs: above
//   8 MiB, 50 VMAs:  75,480 ns; measured 80 µs: inside
//   64 MiB, 100 VMAs: 223,840 ns [203,815, 253,857]; measured 100 µs: below
// and a vfork, a thread and a failed fork that a fork model does not predict; an untraced run
// whose fork counts for nothing.
TraceCensus hand_made_census() {
  TraceRun run;
  run.wall_ns = 1'000'000'000;
  run.creations = {creation_of(CreationKind::kFork, 60'000, 1024, 20),
                   creation_of(CreationKind::kFork, 200'000, 2048, 40),
                   creation_of(CreationKind::kFork, 80'000, 8192, 50),
                   creation_of(CreationKind::kFork, 100'000, 65'536, 100),
                   creation_of(CreationKind::kVfork, 30'000, 1024, 20),
                   creation_of(CreationKind::kThread, 10'000, 1024, 20),
                   creation_of(CreationKind::kFork, 5'000, 1024, 20, EAGAIN)};
  TraceRun untraced;
  untraced.traced = false;
  untraced.creations = {creation_of(CreationKind::kFork, 1'000'000, 1024, 20)};
  TraceCensus census;
  census.command = {"ansible-playbook", "play.yml"};
  census.runs = {run, untraced};
  return census;
}

TEST(ForkPrediction, PredictsEachForkFromItsParentsPagesAndVmas) {
  const CostPrediction one = predict_cost(
      hand_made_model().create, fork_shape(creation_of(CreationKind::kFork, 0, 1024, 20).parent));
  EXPECT_DOUBLE_EQ(one.estimate_ns, 54'560);
  EXPECT_NEAR(one.run_lo_ns, 54'560 - std::hypot(1000, 20'000), 1e-6);
  EXPECT_NEAR(one.run_hi_ns, 54'560 + std::hypot(1000, 30'000), 1e-6);
}

TEST(ForkPrediction, CountsOnlyTheParentsAnonymousPagesWhichForkCopies) {
  // Fork leaves file pages to fault in again in the child: 7 MiB of them add nothing.
  Creation with_files = creation_of(CreationKind::kFork, 0, 1024, 20);
  with_files.parent.rss_file_kb = 7 * 1024;
  with_files.parent.rss_shmem_kb = 1024;
  const CostPrediction one = predict_cost(hand_made_model().create, fork_shape(with_files.parent));
  EXPECT_DOUBLE_EQ(one.estimate_ns, 54'560);  // 256 anonymous pages, 20 VMAs
}

TEST(ForkPrediction, SumsPredictedAndMeasuredForksByParentSizeBucket) {
  const ForkPrediction prediction = predict_forks(hand_made_census(), hand_made_model());
  EXPECT_EQ(prediction.runs, 1U);
  ASSERT_EQ(prediction.buckets.size(), 3U);
  const ForkPredictionRow& small = prediction.buckets[0];
  EXPECT_EQ(small.label, "< 4 MiB");
  EXPECT_EQ(small.forks, 2U);
  EXPECT_DOUBLE_EQ(small.measured_total_ns, 260'000);
  EXPECT_DOUBLE_EQ(small.measured_p50_ns, 130'000);
  EXPECT_NEAR(small.predicted_total_ns, 113'680, 1e-6);
  EXPECT_NEAR(small.predicted_total_lo_ns, 111'680, 1e-6);  // 2 forks x ±1 µs
  EXPECT_NEAR(small.predicted_total_hi_ns, 115'680, 1e-6);
  EXPECT_NEAR(small.predicted_one_ns, 56'840, 1e-6);  // 384 pages, 30 VMAs on average
  EXPECT_EQ(small.inside, 1U);
  EXPECT_EQ(small.above, 1U);
  EXPECT_EQ(small.below, 0U);
  EXPECT_EQ(small.extrapolated, 1U);
  EXPECT_EQ(small.verdict, ModelVerdict::kSlower);

  EXPECT_EQ(prediction.buckets[1].forks, 1U);
  EXPECT_NEAR(prediction.buckets[1].predicted_total_ns, 75'480, 1e-6);
  EXPECT_EQ(prediction.buckets[1].verdict, ModelVerdict::kExplained);
  EXPECT_EQ(prediction.buckets[2].below, 1U);
  EXPECT_EQ(prediction.buckets[2].verdict, ModelVerdict::kFaster);

  const ForkPredictionRow& all = prediction.all;
  EXPECT_EQ(all.forks, 4U);
  EXPECT_DOUBLE_EQ(all.measured_total_ns, 440'000);
  EXPECT_NEAR(all.predicted_total_ns, 413'000, 1e-6);
  EXPECT_NEAR(all.predicted_total_lo_ns, 409'000, 1e-6);
  EXPECT_NEAR(all.predicted_total_hi_ns, 417'000, 1e-6);
  EXPECT_EQ(all.verdict, ModelVerdict::kScattered);
}

TEST(ForkPrediction, LeavesVforksThreadsAndFailedCallsUnpredicted) {
  const ForkPrediction prediction = predict_forks(hand_made_census(), hand_made_model());
  EXPECT_EQ(prediction.vfork_like, 1U);
  EXPECT_EQ(prediction.threads, 1U);
  EXPECT_EQ(prediction.failed, 1U);
  EXPECT_EQ(prediction.other_clones, 0U);
  EXPECT_FALSE(prediction.folio_term);
  EXPECT_TRUE(prediction.vma_term);
}

TEST(ForkPrediction, AssumesBaseFoliosWhenTheModelHasAFolioTerm) {
  ForkCostModel model = hand_made_model();
  model.create.coefficients.push_back({"per_folio_ns", 1, 1, 1});
  for (auto& row : model.create.covariance) {
    row.push_back(0);
  }
  model.create.covariance.push_back({0, 0, 0, 0});
  model.create.x_min.push_back(0);
  model.create.x_max.push_back(1e6);
  const ForkPrediction prediction = predict_forks(hand_made_census(), model);
  EXPECT_TRUE(prediction.folio_term);
  EXPECT_NEAR(prediction.buckets[1].predicted_total_ns, 75'480 + 2048, 1e-6);
  EXPECT_NE(fork_prediction_notes(prediction).find("assumed to be its own 4 KiB folio"),
            std::string::npos);
}

TEST(ModelVerdict, ExplainedTakesFourFifthsInsideTheirIntervals) {
  EXPECT_EQ(model_verdict(0, 0, 0), ModelVerdict::kNoForks);
  EXPECT_EQ(model_verdict(1, 8, 1), ModelVerdict::kExplained);
  EXPECT_EQ(model_verdict(0, 4, 0), ModelVerdict::kExplained);
  EXPECT_EQ(model_verdict(1, 7, 2), ModelVerdict::kSlower);
  EXPECT_EQ(model_verdict(0, 1, 1), ModelVerdict::kSlower);
  EXPECT_EQ(model_verdict(2, 7, 1), ModelVerdict::kFaster);
  EXPECT_EQ(model_verdict(2, 5, 3), ModelVerdict::kScattered);
}

TEST(ModelVerdict, IsInconclusiveWhenMostIntervalsReachDownToZero) {
  EXPECT_EQ(model_verdict(0, 10, 0, 6), ModelVerdict::kInconclusive);
  EXPECT_EQ(model_verdict(0, 10, 0, 5), ModelVerdict::kExplained);
}

TEST(ForkPrediction, ABucketWhoseIntervalsReachZeroIsInconclusiveNotExplained) {
  ForkCostModel model = hand_made_model();
  model.create.coefficients[0].estimate = -40'000;  // a negative intercept, as a noisy sweep fits
  const ForkPrediction prediction = predict_forks(hand_made_census(), model);
  // 1 MiB: 256 pages, 20 VMAs: -40,000 + 2,560 + 2,000 = -35,440 ns, interval up to -5.4 µs.
  const ForkPredictionRow& small = prediction.buckets[0];
  EXPECT_EQ(small.uninformative, 2U);
  EXPECT_EQ(small.verdict, ModelVerdict::kInconclusive);
  EXPECT_NE(fork_prediction_verdicts(prediction)
                .find("the model cannot decide forks from parents < 4 MiB: for 100 % of them"),
            std::string::npos);
  EXPECT_EQ(prediction.buckets[2].uninformative, 0U);  // 64 MiB: 133,840 ns, well above zero
}

TEST(ForkPrediction, TheTableSaysWhereTheModelExplainsTheWorkloadAndWhereNot) {
  TraceCensus census = hand_made_census();
  census.fork_model = hand_made_model();
  predict_census_forks(census);
  const std::string table = render_trace_table(census, {});
  EXPECT_NE(table.find("fork cost: the sweep's model against this workload (model: file "
                       "model.json; 1 traced run)"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("the model explains forks from parents 4-32 MiB: 100 % of them inside"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("the model does not explain forks from parents < 4 MiB: slower than the "
                       "model (50 % above"),
            std::string::npos)
      << table;
  EXPECT_NE(table.find("1 vfork-like, 1 threads"), std::string::npos) << table;
  EXPECT_NE(table.find("1 of 4 forks came from parents outside the sizes the sweep measured"),
            std::string::npos)
      << table;
}

// The census as `trace` stores it: its model's prediction made once, then the document.
nlohmann::json stored_document(TraceCensus census) {
  predict_census_forks(census);
  return trace_census_to_json(census);
}

TEST(ForkPrediction, TheReportShowsPredictedAgainstMeasuredByBucket) {
  TraceCensus census = hand_made_census();
  census.fork_model = hand_made_model();
  const std::string markdown = trace_markdown_report(
      "trace-2026-12-03T12:00:00Z-0002", trace_census_from_json(stored_document(census)));
  testing::expect_golden_file(testing::golden_path("trace/report_with_model.md"), markdown);
  EXPECT_NE(markdown.find("| 4-32 MiB | 1 | 80.0 µs | 75.5 µs [74.5 µs, 76.5 µs] |"),
            std::string::npos)
      << markdown;
}

TEST(ForkPrediction, TheTableSaysInOneLineWhenThereIsNoModel) {
  TraceTableOptions options;
  options.model_note = "fork cost model: none (no stored sweep)";
  const std::string table = render_trace_table(hand_made_census(), options);
  EXPECT_NE(table.find("\n  fork cost model: none (no stored sweep)\n"), std::string::npos)
      << table;
  EXPECT_EQ(table.find("fork cost: the sweep's model"), std::string::npos);
}

TEST(ForkPrediction, TheModelTravelsWithTheCensusThroughItsJson) {
  TraceCensus census = hand_made_census();
  census.fork_model = hand_made_model();
  const nlohmann::json document = stored_document(census);
  EXPECT_EQ(document["fork_prediction"]["all"]["forks"], 4);
  EXPECT_EQ(document["fork_prediction"]["buckets"][0]["verdict"], "slower than the model");
  const TraceCensus back = trace_census_from_json(document);
  ASSERT_TRUE(back.fork_model.has_value());
  EXPECT_EQ(back.fork_model->source, "file model.json");
  EXPECT_EQ(back.fork_model->create.coefficients.size(), 3U);
  ASSERT_TRUE(back.fork_prediction.has_value());
  const ForkPrediction made = predict_forks(census, *census.fork_model);
  EXPECT_EQ(back.fork_prediction->all.predicted_total_ns, made.all.predicted_total_ns);
  EXPECT_EQ(back.fork_prediction->source, made.source);
  EXPECT_EQ(back.fork_prediction->vma_term, made.vma_term);
  EXPECT_EQ(back.fork_prediction->buckets.size(), made.buckets.size());
  EXPECT_EQ(trace_census_to_json(back), document) << "the prediction reads back as it was stored";
  const TraceCensus without = trace_census_from_json(stored_document(hand_made_census()));
  EXPECT_FALSE(without.fork_model.has_value());
  EXPECT_FALSE(without.fork_prediction.has_value());
}

// The "all forks" line of a trace table.
std::string all_forks_line(const std::string& table) {
  const std::size_t start = table.find("  all forks ");
  return start == std::string::npos ? std::string()
                                    : table.substr(start, table.find('\n', start) - start);
}

// The prediction is made once, when the census is taken; a reader shows the stored one and
// never makes its own (which a later change of the prediction would make disagree with it).
TEST(ForkPrediction, EveryReaderShowsThePredictionStoredWithTheCensus) {
  TraceCensus census = hand_made_census();
  census.fork_model = hand_made_model();
  nlohmann::json document = stored_document(census);
  document["fork_prediction"]["all"]["verdict"] = "explained";
  document["fork_prediction"]["all"]["forks"] = 7;
  const TraceCensus back = trace_census_from_json(document);
  const std::string markdown = trace_markdown_report("t", back);
  EXPECT_NE(markdown.find("| all forks | 7 |"), std::string::npos) << markdown;
  EXPECT_TRUE(all_forks_line(render_trace_table(back, {})).ends_with("  explained"));
  predict_census_forks(census);
  EXPECT_TRUE(
      all_forks_line(render_trace_table(census, {})).ends_with("  scattered beyond the model"))
      << "the edited verdict is not the one the census's own prediction gives";
}

TEST(ForkPrediction, AMalformedStoredPredictionIsRefusedNamingTheField) {
  TraceCensus census = hand_made_census();
  census.fork_model = hand_made_model();
  nlohmann::json document = stored_document(census);
  document["fork_prediction"]["buckets"][0]["verdict"] = "probably";
  try {
    trace_census_from_json(document);
    FAIL() << "accepted an unknown verdict";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "fork_prediction.buckets[0].verdict");
  }
}

TEST(ForkPrediction, ACensusWhoseModelHasNoForkPhaseIsRefusedNamingTheField) {
  TraceCensus census = hand_made_census();
  census.fork_model = hand_made_model();
  nlohmann::json document = stored_document(census);
  document["fork_model"]["cost_model"]["phases"][0]["phase"] = "reap";
  try {
    trace_census_from_json(document);
    FAIL() << "accepted a model without a create phase";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "fork_model.cost_model");
  }
}

}  // namespace
}  // namespace clonebench
