// The stored summary of `ab --preset hvo-key`: what is written reads back the same, and a
// malformed stored field is an error naming it.

#include <gtest/gtest.h>

#include "record/experiment_summary.hpp"
#include "record/hvo_key_summary_json.hpp"

namespace clonebench {
namespace {

HvoKeySummary example_summary() {
  HvoKeySummary summary;
  summary.spec = "fork --rss 64M";
  summary.small_rss_bytes = 16 << 20;
  summary.large_rss_bytes = 64 << 20;
  summary.hugetlb_pages = 2;
  summary.hugetlb_page_kb = 2048;
  summary.key = {"ops_per_sec_real", "slower", -2.36, {-3.34, -1.35}, 0.0001, 320};
  summary.control = {"ops_per_sec_real", "inconclusive", -0.32, {-1.36, std::nullopt}, 0.5, 320};
  summary.attribution = "attributed to the key";
  summary.per_page = {{"on - off", 1.5, {0.5, 2.5}, 320}};
  summary.discarded = {{"off", 0, ""}, {"on", 1, "before the run: 1 HugeTLB page(s) exist"}};
  summary.rounds = 320;
  summary.stop_reason = "max-time";
  summary.elapsed_s = 360;
  summary.seed = 42;
  summary.warnings = {"noisy"};
  return summary;
}

TEST(HvoKeySummaryCodec, ReadsBackWhatItWrote) {
  const nlohmann::json json = hvo_key_summary_json(example_summary());
  const HvoKeySummary read = hvo_key_summary_from_json(json);
  EXPECT_EQ(hvo_key_summary_json(read), json);
  EXPECT_FALSE(read.control.ci_pct.hi.has_value());
  EXPECT_EQ(read.discarded[1].runs, 1u);
}

TEST(HvoKeySummaryCodec, NamesTheMalformedField) {
  nlohmann::json json = hvo_key_summary_json(example_summary());
  json["per_page"][0]["ci_ns"] = nlohmann::json::array({1.0});
  try {
    hvo_key_summary_from_json(json);
    ADD_FAILURE() << "accepted a one-ended interval";
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "per_page[0].ci_ns");
  }
  json = hvo_key_summary_json(example_summary());
  json["key"]["estimate_pct"] = "x";
  EXPECT_THROW(hvo_key_summary_from_json(json), SummaryError);
  EXPECT_FALSE(experiment_summary_from_json(ExperimentKind::kHvoKey, nlohmann::json::object()));
  EXPECT_THROW(experiment_summary_from_json(ExperimentKind::kHvoKey, json), SummaryError);
}

}  // namespace
}  // namespace clonebench
