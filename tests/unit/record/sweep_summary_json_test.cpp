// The sweep summary's one codec: a stored summary read back and written again is the same
// bytes; a summary stored before the newer fields (VMA and folio lists, the cost model, the
// stop) still decodes; and every malformed field it reads is named.

#include "record/sweep_summary_json.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "support/golden.hpp"

namespace clonebench {
namespace {

// A summary as `sweep` stores it: every axis, folios that did and did not materialise, the cost
// model and the stop (tests/unit/sweep/sweep_summary_format_test.cpp writes it).
nlohmann::json stored_sweep() {
  std::ifstream file(testing::golden_path("sweep/every_axis.json"));
  std::stringstream text;
  text << file.rdbuf();
  return nlohmann::json::parse(text.str());
}

std::string malformed_field(const nlohmann::json& json) {
  try {
    sweep_summary_from_json(json);
  } catch (const SummaryError& error) {
    return error.field();
  }
  return "";
}

TEST(SweepSummaryJson, AStoredSummaryReadBackIsWrittenAgainUnchanged) {
  const nlohmann::json stored = stored_sweep();
  const SweepSummary summary = sweep_summary_from_json(stored);
  EXPECT_EQ(sweep_summary_to_json(summary), stored);
  EXPECT_EQ(summary.points.size(), 12U);
  ASSERT_TRUE(summary.model.has_value());
  EXPECT_EQ(summary.model->phases.size(), 3U);
  ASSERT_TRUE(summary.stop.has_value());
  EXPECT_EQ(summary.stop->reason, "precision");
  EXPECT_EQ(summary.points.back().folio_bytes(), 2U << 20);
  EXPECT_EQ(summary.points.back().folio->materialised, false);
  EXPECT_FALSE(summary.points.front().folio->materialised.has_value()) << "4K: not measured";
}

TEST(SweepSummaryJson, TheCostModelAloneRoundTripsToo) {
  const nlohmann::json model = stored_sweep().at("model");
  EXPECT_EQ(sweep_model_to_json(sweep_model_from_json(model)), model);
}

TEST(SweepSummaryJson, ASummaryStoredBeforeTheNewerFieldsDecodesWithoutThem) {
  nlohmann::json old = stored_sweep();
  for (const char* key : {"vmas_list", "folio_list", "model", "stop"}) {
    old.erase(key);
  }
  for (auto& point : old.at("points")) {
    point.erase("vmas");
    point.erase("folio");
  }
  const SweepSummary summary = sweep_summary_from_json(old);
  EXPECT_TRUE(summary.vmas_list.empty());
  EXPECT_FALSE(summary.model.has_value());
  EXPECT_FALSE(summary.stop.has_value());
  EXPECT_EQ(summary.points[0].vmas, 1U);
  EXPECT_EQ(summary.points[0].folio_bytes(), 0U);
}

TEST(SweepSummaryJson, EveryMalformedFieldIsNamed) {
  const std::vector<std::pair<nlohmann::json::json_pointer, nlohmann::json>> cases = {
      {"/stressor"_json_pointer, 7},
      {"/rounds"_json_pointer, 1e12},
      {"/vmas_list/1"_json_pointer, -8},
      {"/points/3/folio/materialised"_json_pointer, "yes"},
      {"/points/0/runs/1/round"_json_pointer, -1},
      {"/points/0/entries_copied"_json_pointer, "many"},
      {"/fits/2/r2_runs"_json_pointer, nullptr},
      {"/stop/reason"_json_pointer, "boredom"},
      {"/stop/rounds_cap"_json_pointer, 2.5},
      {"/model/phases/1/x_min"_json_pointer, {1}},
      {"/model/phases/0/misfits"_json_pointer, 3},
      {"/model/phases/2/residual_quantiles_ns"_json_pointer, {1, nullptr}},
  };
  const char* fields[] = {"stressor",
                          "rounds",
                          "vmas_list[1]",
                          "points[3].folio.materialised",
                          "points[0].runs[1].round",
                          "points[0].entries_copied",
                          "",  // null reads as absent
                          "stop.reason",
                          "stop.rounds_cap",
                          "model.phases[1].x_min",
                          "model.phases[0].misfits",
                          "model.phases[2].residual_quantiles_ns[1]"};
  for (std::size_t i = 0; i < cases.size(); ++i) {
    nlohmann::json json = stored_sweep();
    json[cases[i].first] = cases[i].second;
    EXPECT_EQ(malformed_field(json), fields[i]) << cases[i].first.to_string();
  }
  nlohmann::json missing = stored_sweep();
  missing["model"]["phases"][0].erase("bootstrap");
  EXPECT_EQ(malformed_field(missing), "model.phases[0].bootstrap");
}

}  // namespace
}  // namespace clonebench
