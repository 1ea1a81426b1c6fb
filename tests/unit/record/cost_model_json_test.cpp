// Where a cost model is found: inside a sweep summary, as a bare model in a file, and the summary
// inside a `sweep --json` document, so that no command picks these keys out by hand.
#include "record/cost_model_json.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

CostModel one_phase_model() {
  PhaseCostModel phase;
  phase.phase = "create";
  phase.coefficients = {{"fixed_ns", 1000, 900, 1100}, {"per_page_ns", 2, 1.8, 2.2}};
  phase.covariance = {{4, 0.5}, {0.5, 0.01}};
  phase.n = 12;
  phase.points = 4;
  phase.bootstrap = 400;
  phase.x_min = {0};
  phase.x_max = {16384};
  return CostModel{"Huber", {phase}};
}

TEST(CostModelJson, ASummaryWithAModelGivesItBack) {
  const nlohmann::json summary = {{"points", nlohmann::json::array()},
                                  {"model", cost_model_to_json(one_phase_model())}};
  EXPECT_TRUE(summary_has_cost_model(summary));
  const std::optional<CostModel> model = summary_cost_model(summary, "test");
  ASSERT_TRUE(model);
  EXPECT_EQ(cost_model_to_json(*model), cost_model_to_json(one_phase_model()));
}

TEST(CostModelJson, ASummaryWithoutAModelHasNone) {
  for (const nlohmann::json& summary :
       {nlohmann::json::object(), nlohmann::json{{"model_note", "too few runs"}},
        nlohmann::json::array(), nlohmann::json(nullptr)}) {
    EXPECT_FALSE(summary_has_cost_model(summary)) << summary;
    EXPECT_FALSE(summary_cost_model(summary, "test")) << summary;
  }
}

TEST(CostModelJson, AMalformedModelInASummaryIsAnErrorNamingTheSource) {
  try {
    summary_cost_model({{"model", {{"estimator", "x"}}}}, "sweep s-1");
    FAIL() << "a model without phases was accepted";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("sweep s-1: not a sweep cost model"),
              std::string::npos)
        << error.what();
  }
}

TEST(CostModelJson, AFileMayHoldASummaryOrABareModel) {
  const nlohmann::json bare = cost_model_to_json(one_phase_model());
  EXPECT_EQ(cost_model_to_json(cost_model_of_file(bare, "f")), bare);
  EXPECT_EQ(cost_model_to_json(cost_model_of_file({{"model", bare}}, "f")), bare);
  EXPECT_THROW(cost_model_of_file(nlohmann::json::object(), "f"), UsageError);
}

TEST(CostModelJson, TheSweepSummaryOfASweepDocumentIsItsSweepMember) {
  const nlohmann::json summary = {{"stressor", "fork"}};
  EXPECT_EQ(sweep_summary_of_document({{"schema", "clonebench/1"}, {"sweep", summary}}), summary);
  EXPECT_FALSE(sweep_summary_of_document({{"schema", "clonebench/1"}}));
  EXPECT_FALSE(sweep_summary_of_document(nlohmann::json::array()));
}

}  // namespace
}  // namespace clonebench
