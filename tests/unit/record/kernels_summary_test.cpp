// The stored result of `clonebench kernels`: what is written reads back the same, an old or
// interrupted summary reads as its defaults, and a malformed stored field is an error naming it.

#include <gtest/gtest.h>

#include "record/experiment_summary.hpp"
#include "record/kernels_summary_json.hpp"

namespace clonebench {
namespace {

KernelsSummary example_kernels() {
  KernelsSummary summary;
  summary.experiment = "kernels-2026-12-01T11:00:00Z-ab12";
  summary.spec = "fork --timeout 2";
  summary.accelerator = "tcg";
  summary.emulated = true;
  summary.accelerator_note = "/dev/kvm cannot be opened; emulating";
  summary.seed = 7;
  summary.boot_order = "ABBA";
  summary.runs_per_boot = 2;
  summary.guest_append = "quiet";
  summary.a = KernelsSummarySide{"k:a", "/boot/a", "00ff", 1234, "6.8.0", ""};
  summary.b = KernelsSummarySide{"k:b", "/boot/b", "ff00", 4321, "", ""};
  summary.boots = {{1,
                    "a",
                    true,
                    "boot-1",
                    "6.8.0",
                    2,
                    30.5,
                    "",
                    {},
                    "00000000000000a1",
                    "x-1",
                    {{"fork", {2.5e6}, {1.8e6, 1.81e6}, {{"create", 9e4}}}}},
                   {2, "b", false, "", "", 0, 120, "no runs", {"Kernel panic"}, "", "", {}}};
  summary.failed_boots = 1;
  summary.stop_reason = "the planned boots";
  return summary;
}

// compare's document as the kernels summary stores it: one metric.
nlohmann::ordered_json comparison_json() {
  return {{"summary", "B is slower"},
          {"warnings", {"emulated"}},
          {"metrics",
           {{{"name", "ops_per_sec_real"},
             {"a", {{"median", 6000}, {"n", 2}}},
             {"b", {{"median", 5900}, {"n", 2}}},
             {"effect", {{"estimate_pct", -1.6}, {"ci_pct", {nullptr, nullptr}}}}}}}};
}

// The field named by the error decoding `json` throws; "" when it decodes.
std::string kernels_malformed_field(const nlohmann::json& json) {
  try {
    kernels_summary_from_json(json);
  } catch (const SummaryError& error) {
    return error.field();
  }
  return "";
}

TEST(KernelsSummaryCodec, ReadsBackWhatItWroteComparisonIncluded) {
  const nlohmann::json stored(kernels_summary_to_json(example_kernels(), comparison_json()));
  const KernelsSummary read = kernels_summary_from_json(stored);
  EXPECT_EQ(nlohmann::json(kernels_summary_to_json(read, stored.at("comparison"))), stored);
  ASSERT_TRUE(read.comparison.has_value());
  EXPECT_EQ(read.comparison->metrics.at(0).b.median, 5900);
  EXPECT_EQ(read.boots.at(1).last_console_lines, std::vector<std::string>{"Kernel panic"});
  EXPECT_EQ(stored.at("notice"), kKernelsEmulationNotice);
}

TEST(KernelsSummaryCodec, WritesOnlyAFailedBootsFailureAndNoNoticeUnderKvm) {
  KernelsSummary summary = example_kernels();
  summary.emulated = false;
  const nlohmann::ordered_json json = kernels_summary_to_json(summary, nullptr);
  EXPECT_FALSE(json.at("boots").at(0).contains("failure"));
  EXPECT_EQ(json.at("boots").at(1).at("failure"), "no runs");
  EXPECT_FALSE(json.contains("notice"));
  EXPECT_TRUE(json.at("comparison").is_null());
  EXPECT_FALSE(kernels_summary_from_json(nlohmann::json(json)).comparison.has_value());
}

TEST(KernelsSummaryCodec, AnInterruptedExperimentsEmptySummaryReadsAsDefaults) {
  const KernelsSummary read = kernels_summary_from_json(nlohmann::json::object());
  EXPECT_FALSE(read.a.has_value());
  EXPECT_TRUE(read.boots.empty());
  EXPECT_FALSE(experiment_summary_from_json(ExperimentKind::kKernels, nlohmann::json::object()));
}

TEST(KernelsSummaryCodec, NamesTheMalformedField) {
  const nlohmann::json stored(kernels_summary_to_json(example_kernels(), comparison_json()));
  nlohmann::json json = stored;
  json["boots"][1]["image"] = "c";
  EXPECT_EQ(kernels_malformed_field(json), "boots[1].image");
  json = stored;
  json["a"]["image"] = 3;
  EXPECT_EQ(kernels_malformed_field(json), "a.image");
  json = stored;
  json["seed"] = -1;
  EXPECT_EQ(kernels_malformed_field(json), "seed");
  json = stored;
  json["comparison"]["metrics"][0]["effect"]["ci_pct"] = {1.0};
  EXPECT_EQ(kernels_malformed_field(json), "comparison.metrics[0].effect.ci_pct");
  try {
    experiment_summary_from_json(ExperimentKind::kKernels, json);
    ADD_FAILURE() << "accepted a one-ended interval";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "comparison.metrics[0].effect.ci_pct");
  }
}

}  // namespace
}  // namespace clonebench
