// A stored summary is untrusted: the decoder builds the typed summary from a well-formed one and
// names the first malformed field of any other, with no json exception and no crash.
#include "record/experiment_summary.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "core/text_safety.hpp"
#include "record/cost_model_json.hpp"
#include "sweep/cost_model_fit.hpp"

namespace clonebench {
namespace {

nlohmann::json sweep_json() {
  const auto estimate = [](double value, double lo, double hi) {
    return nlohmann::json{{"estimate", value}, {"ci", {lo, hi}}};
  };
  return {{"stressor", "fork"},
          {"points",
           {{{"rss_bytes", 4096},
             {"pages", 1},
             {"create_us", 60},
             {"runs", {{{"pages", 1}, {"create_us", 61}, {"total_us", 90}}}}}}},
          {"fits",
           {{{"phase", "create"},
             {"per_page_ns", estimate(2.1, 2.0, 2.2)},
             {"fixed_us", estimate(60, 58.5, 61.2)},
             {"r2", 0.99},
             {"n", 6},
             {"bad_fit", false}}}}};
}

nlohmann::json ab_json() {
  return {
      {"threshold_pct", 2},
      {"summary", "B is slower"},
      {"warnings", {"few pairs"}},
      {"metrics",
       {{{"name", "ops_per_sec_real"},
         {"a", {{"median", 100}, {"n", 8}, {"cv_pct", 1.5}}},
         {"b", {{"median", 90}, {"n", 8}}},
         {"effect", {{"estimate_pct", -10}, {"ci_pct", {-12, nullptr}}, {"mde_pct", nullptr}}}}}},
      {"ab", {{"setup_a", "echo a"}, {"restore", nullptr}}}};
}

// A complete stored scale of one point and one step, as analyze_scale() writes it.
nlohmann::json scale_json() {
  return {
      {"stressor", "fork"},
      {"workload", "clean"},
      {"instances", {1, 2}},
      {"rounds", 6},
      {"timeout_s", 0.5},
      {"seed", 3},
      {"elapsed_s", 12.5},
      {"order", "seeded"},
      {"confidence", 0.95},
      {"ops_per_s_definition", "ops"},
      {"efficiency_definition", "efficiency"},
      {"points",
       {{{"instances", 1},
         {"n", 6},
         {"ops_per_s", {{"median", 1000.0}, {"ci", {990.0, 1010.0}}}},
         {"efficiency", {{"median", 1.0}, {"ci", nullptr}}},
         {"ci_confidence", 0.96875},
         {"runs",
          {{{"round", 0},
            {"order", 1},
            {"ops_per_s", 1000.0},
            {"efficiency", 1.0},
            {"bogo_ops", 500},
            {"real_time_s", 0.5}}}}}}},
      {"steps", {{{"from", 1}, {"to", 2}, {"verdict", "grows"}}}},
      {"knee",
       {{"status", "reached"}, {"instances", 2}, {"next_instances", 4}, {"definition", "knee"}}}};
}

// The field named by the error `decode` throws on `json`; "" when it decodes.
template <typename Decode>
std::string malformed_field(Decode decode, const nlohmann::json& json) {
  try {
    decode(json);
  } catch (const SummaryError& error) {
    return error.field();
  }
  return "";
}

TEST(ExperimentSummary, AWellFormedSweepDecodesIntoItsFitsAndPoints) {
  const SweepSummary sweep = sweep_summary_from_json(sweep_json());
  ASSERT_EQ(sweep.fits.size(), 1U);
  EXPECT_EQ(sweep.fits[0].phase, "create");
  EXPECT_DOUBLE_EQ(sweep.fits[0].per_page_ns.hi, 2.2);
  ASSERT_EQ(sweep.points.size(), 1U);
  EXPECT_EQ(sweep.points[0].rss_bytes, 4096U);
  EXPECT_EQ(sweep.points[0].runs[0].cost_us("total"), 90.0);
  EXPECT_FALSE(sweep.points[0].runs[0].cost_us("reap").has_value());
}

TEST(ExperimentSummary, TheEmptySummaryOfAnUnfinishedExperimentDecodesAsEmpty) {
  EXPECT_TRUE(sweep_summary_from_json(nlohmann::json::object()).fits.empty());
  EXPECT_TRUE(ab_summary_from_json(nlohmann::json::object()).metrics.empty());
  EXPECT_TRUE(scale_summary_from_json(nlohmann::json::object()).points.empty());
}

TEST(ExperimentSummary, ASweepPhaseMustBeAKnownPhase) {
  nlohmann::json json = sweep_json();
  json["fits"][0]["phase"] = "create\nsystem(\"touch /tmp/z\")\n#";
  try {
    sweep_summary_from_json(json);
    FAIL() << "accepted an unknown phase";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "fits[0].phase");
    EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
  }
}

TEST(ExperimentSummary, EveryMalformedSweepFieldIsNamed) {
  const auto decode = [](const nlohmann::json& json) { sweep_summary_from_json(json); };
  const std::vector<std::pair<nlohmann::json::json_pointer, nlohmann::json>> cases = {
      {"/fits/0/per_page_ns/ci"_json_pointer, nlohmann::json::array()},
      {"/fits/0/per_page_ns/ci"_json_pointer, {1, 2, 3}},
      {"/fits/0/fixed_us/ci/1"_json_pointer, "wide"},
      {"/fits/0/r2"_json_pointer, "high"},
      {"/fits/0/n"_json_pointer, -1},
      {"/fits"_json_pointer, "none"},
      {"/points/0/pages"_json_pointer, "many"},
      {"/points/0/runs/0/total_us"_json_pointer, {1}},
  };
  const char* fields[] = {"fits[0].per_page_ns.ci",
                          "fits[0].per_page_ns.ci",
                          "fits[0].fixed_us.ci[1]",
                          "fits[0].r2",
                          "fits[0].n",
                          "fits",
                          "points[0].pages",
                          "points[0].runs[0].total_us"};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    nlohmann::json json = sweep_json();
    json[cases[i].first] = cases[i].second;
    EXPECT_EQ(malformed_field(decode, json), fields[i]) << cases[i].first.to_string();
  }
  nlohmann::json missing = sweep_json();
  missing["fits"][0].erase("per_page_ns");
  EXPECT_EQ(malformed_field(decode, missing), "fits[0].per_page_ns");
  EXPECT_EQ(malformed_field(decode, nlohmann::json::array()), "the summary");
}

TEST(ExperimentSummary, AnAbIntervalHasTwoEndsThatAreNumbersOrNull) {
  const AbSummary ab = ab_summary_from_json(ab_json());
  ASSERT_EQ(ab.metrics.size(), 1U);
  EXPECT_EQ(ab.metrics[0].ci_pct.lo, -12.0);
  EXPECT_FALSE(ab.metrics[0].ci_pct.bounded());
  EXPECT_FALSE(ab.metrics[0].mde_pct.has_value());
  EXPECT_EQ(ab.setup_a, "echo a");
  EXPECT_FALSE(ab.restore.has_value());
  const auto decode = [](const nlohmann::json& json) { ab_summary_from_json(json); };
  nlohmann::json json = ab_json();
  json["metrics"][0]["effect"]["ci_pct"] = nlohmann::json::array();
  EXPECT_EQ(malformed_field(decode, json), "metrics[0].effect.ci_pct");
  json = ab_json();
  json["warnings"][0] = 7;
  EXPECT_EQ(malformed_field(decode, json), "warnings[0]");
  json = ab_json();
  json["metrics"][0]["a"]["median"] = "fast";
  EXPECT_EQ(malformed_field(decode, json), "metrics[0].a.median");
}

TEST(ExperimentSummary, AnAbSummaryKeepsItsDesignForTheCommandLineAndNamesAMalformedPart) {
  nlohmann::json json = ab_json();
  json["ab"]["spec"] = "fork --rss 64M";
  json["ab"]["pairs"] = 20;
  json["ab"]["seed"] = 42;
  json["ab"]["seed_hex"] = "0x2a";
  const AbSummary ab = ab_summary_from_json(json);
  EXPECT_EQ(ab.spec, "fork --rss 64M");
  EXPECT_EQ(ab.pairs, 20U);
  EXPECT_EQ(ab.seed_hex, "0x2a");
  EXPECT_FALSE(ab.warmups_per_arm.has_value());
  EXPECT_FALSE(ab_summary_from_json(ab_json()).spec.has_value());
  const auto decode = [](const nlohmann::json& bad) { ab_summary_from_json(bad); };
  json["ab"]["pairs"] = -1;
  EXPECT_EQ(malformed_field(decode, json), "ab.pairs");
  json["ab"]["pairs"] = 20;
  json["ab"]["a_options"] = nlohmann::json::array();
  EXPECT_EQ(malformed_field(decode, json), "ab.a_options");
}

TEST(ExperimentSummary, AScaleKneeNeedsItsNextCountUnlessNotReached) {
  const ScaleSummary scale = scale_summary_from_json(scale_json());
  EXPECT_EQ(scale.knee->next_instances, 4U);
  EXPECT_FALSE(scale.points[0].efficiency.ci.has_value());
  const auto decode = [](const nlohmann::json& json) { scale_summary_from_json(json); };
  nlohmann::json json = scale_json();
  json["knee"].erase("next_instances");
  EXPECT_EQ(malformed_field(decode, json), "knee.next_instances");
  json = scale_json();
  json["knee"]["status"] = "sideways";
  EXPECT_EQ(malformed_field(decode, json), "knee.status");
  json = scale_json();
  json["knee"]["status"] = "not reached";
  EXPECT_EQ(malformed_field(decode, json), "knee.next_instances");
  json["knee"]["next_instances"] = nullptr;
  EXPECT_EQ(malformed_field(decode, json), "");
  json = scale_json();
  json["points"][0]["ops_per_s"]["ci"] = {1};
  EXPECT_EQ(malformed_field(decode, json), "points[0].ops_per_s.ci");
  json = scale_json();
  json["points"][0]["instances"] = 1e12;
  EXPECT_EQ(malformed_field(decode, json), "points[0].instances");
}

TEST(ExperimentSummary, AScaleSummaryDecodesWholeAndEncodesToTheSameDocument) {
  const ScaleSummary scale = scale_summary_from_json(scale_json());
  EXPECT_EQ(scale.settings.stressor, "fork");
  EXPECT_EQ(scale.settings.instances, (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(scale.settings.seed, 3U);
  ASSERT_EQ(scale.points.size(), 1U);
  ASSERT_EQ(scale.points[0].runs.size(), 1U);
  EXPECT_EQ(scale.points[0].runs[0].bogo_ops, 500U);
  EXPECT_EQ(scale.steps.at(0).verdict, ScaleStep::kGrows);
  EXPECT_EQ(scale.knee_definition, "knee");
  EXPECT_EQ(dump_json(scale_summary_to_json(scale)), dump_json(scale_json()));
}

TEST(ExperimentSummary, EveryFieldOfAStoredScaleIsCheckedAndNamedWhenMalformed) {
  const auto decode = [](const nlohmann::json& json) { scale_summary_from_json(json); };
  const std::vector<std::pair<std::vector<std::string>, nlohmann::json>> cases = {
      {{"stressor"}, 7},
      {{"instances"}, "1,2"},
      {{"rounds"}, -1},
      {{"timeout_s"}, "0.5s"},
      {{"seed"}, 0.5},
      {{"elapsed_s"}, nullptr},
      {{"order"}, false},
      {{"confidence"}, "95 %"},
      {{"points", "0", "n"}, -6},
      {{"points", "0", "ci_confidence"}, "high"},
      {{"points", "0", "runs", "0", "bogo_ops"}, 1.5},
      {{"points", "0", "runs", "0", "real_time_s"}, "1 s"},
      {{"steps", "0", "verdict"}, "grows\x1b[2J"},
      {{"knee", "definition"}, 1}};
  for (const auto& [path, value] : cases) {
    nlohmann::json json = scale_json();
    nlohmann::json* field = &json;
    std::string name;
    for (const std::string& key : path) {
      const bool index = std::isdigit(static_cast<unsigned char>(key.front())) != 0;
      field = index ? &(*field)[std::stoul(key)] : &(*field)[key];
      name += index ? "[" + key + "]" : (name.empty() ? "" : ".") + key;
    }
    *field = value;
    EXPECT_EQ(malformed_field(decode, json), name) << value.dump();
  }
  nlohmann::json missing = scale_json();
  missing.erase("seed");
  EXPECT_EQ(malformed_field(decode, missing), "seed");
}

// A model of two terms whose interval is worked by hand: var = 1·4 + 2·1000·0.5 + 1000²·0.01
// = 11004 ns², half-width 1.959964 · √11004 = 205.600 ns around 1000 + 2·1000 = 3000 ns.
CostModel hand_model() {
  PhaseCostModel phase;
  phase.phase = "total";
  phase.coefficients = {{"fixed_ns", 1000, 900, 1100}, {"per_page_ns", 2, 1.8, 2.2}};
  phase.covariance = {{4, 0.5}, {0.5, 0.01}};
  phase.residual_lo_ns = -50;
  phase.residual_hi_ns = 60;
  phase.n = 12;
  phase.points = 4;
  phase.bootstrap = 400;
  phase.x_min = {0};
  phase.x_max = {16384};
  return CostModel{"Huber", {phase}};
}

TEST(ExperimentSummary, ASweepModelDecodesAndPredictsTheMeanWithTheHandWorkedInterval) {
  nlohmann::json json = sweep_json();
  json["model"] = cost_model_to_json(hand_model());
  json["vmas_list"] = {1, 64};
  const SweepSummary sweep = sweep_summary_from_json(json);
  ASSERT_TRUE(sweep.model.has_value());
  EXPECT_EQ(sweep.vmas_list, (std::vector<std::uint64_t>{1, 64}));
  const SweepPhaseModel& phase = sweep.model->phases.at(0);
  EXPECT_EQ(phase.term("per_vma_ns"), nullptr);
  const SweepModelPrediction p = phase.predict({1000, 1, 1000});
  EXPECT_NEAR(p.estimate_ns, 3000, 1e-9);
  EXPECT_NEAR(p.hi_ns - 3000, 205.600, 1e-3);
  EXPECT_NEAR(3000 - p.lo_ns, 205.600, 1e-3);
}

// One run's interval widens the mean's by the residual quantiles: hypot(205.600, 60) above and
// hypot(205.600, 50) below the estimate (2.5 %/97.5 % residuals -50 and 60 ns); the mean's interval
// is the model's own.
TEST(ExperimentSummary, ASweepModelsRunIntervalWidensTheMeansByTheResiduals) {
  nlohmann::json json = sweep_json();
  json["model"] = cost_model_to_json(hand_model());
  const SweepSummary sweep = sweep_summary_from_json(json);
  const SweepPhaseModel& phase = sweep.model->phases.at(0);
  const ShapeX shape{1000, 1, 1000};
  const SweepModelPrediction mean = phase.predict(shape);
  const CostPrediction run = predict_cost(phase, shape);
  EXPECT_EQ(run.estimate_ns, mean.estimate_ns);
  EXPECT_EQ(run.mean_lo_ns, mean.lo_ns);
  EXPECT_EQ(run.mean_hi_ns, mean.hi_ns);
  EXPECT_NEAR(run.run_hi_ns - 3000, 214.176, 1e-3);
  EXPECT_NEAR(3000 - run.run_lo_ns, 211.592, 1e-3);
  EXPECT_FALSE(run.extrapolated);
  EXPECT_TRUE(predict_cost(phase, ShapeX{20000, 1, 20000}).extrapolated);
}

TEST(ExperimentSummary, ASweepWithoutAModelStillDecodesAndAMalformedOneIsNamed) {
  EXPECT_FALSE(sweep_summary_from_json(sweep_json()).model.has_value());
  const auto decode = [](const nlohmann::json& json) { sweep_summary_from_json(json); };
  nlohmann::json json = sweep_json();
  json["model"] = cost_model_to_json(hand_model());
  json["model"]["phases"][0]["covariance"][1] = {0.5};
  EXPECT_EQ(malformed_field(decode, json), "model.phases[0].covariance[1]");
  json["model"] = cost_model_to_json(hand_model());
  json["model"]["phases"][0]["coefficients"][1]["term"] = "per_gremlin_ns";
  EXPECT_EQ(malformed_field(decode, json), "model.phases[0].coefficients[1].term");
  json["model"] = cost_model_to_json(hand_model());
  json["model"]["phases"][0]["phase"] = "exec";
  EXPECT_EQ(malformed_field(decode, json), "model.phases[0].phase");
}

}  // namespace
}  // namespace clonebench
