// The table of `ab --preset hvo-key`, rendered from a stored summary like the one a run on the
// development machine gave: the key's per-page cost unresolved, the control's interval away
// from 0.

#include "ab/hvo_key_render.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

HvoKeySummary summary_with_a_control_that_differs() {
  HvoKeySummary summary;
  summary.spec = "fork --rss 64M";
  summary.small_rss_bytes = 16u << 20;
  summary.large_rss_bytes = 64u << 20;
  summary.hugetlb_pages = 2;
  summary.hugetlb_page_kb = 2048;
  summary.key = {"ops_per_sec_real", "inconclusive", -1.7, {-9.4, 6.61}, 0.6, 43};
  summary.control = {"ops_per_sec_real", "inconclusive", 2.22, {-3.56, 8.79}, 0.4, 43};
  summary.attribution =
      "not attributable: the control differs from off (control - off +178 ns [+17, +352] per "
      "page) although its key is off, so something the on and control arms share besides the key "
      "moves the result; this machine cannot attribute any difference to the key";
  summary.per_page = {{"off", 1000, {900, 1100}, 43},
                      {"on", 1150, {1000, 1300}, 43},
                      {"control", 1170, {1050, 1290}, 43},
                      {"on - off", 159.529, {-30.808, 501.993}, 43},
                      {"control - off", 177.580, {16.594, 352.273}, 43}};
  summary.discarded = {{"off", 0, ""}, {"on", 0, ""}, {"control", 0, ""}};
  summary.rounds = 43;
  summary.stop_reason = "max-time";
  summary.elapsed_s = 450;
  return summary;
}

std::string line_with(const std::string& text, const std::string& start) {
  const std::size_t at = text.find(start);
  return at == std::string::npos ? "" : text.substr(at, text.find('\n', at) - at);
}

TEST(HvoKeyTable, PointsAtNoUnresolvedEstimateAsTheCostPerPte) {
  const std::string table = render_hvo_key_table(summary_with_a_control_that_differs());
  EXPECT_EQ(table.find("<-"), std::string::npos) << table;
  EXPECT_NE(line_with(table, "  on - off").find("not resolved"), std::string::npos) << table;
  EXPECT_NE(table.find("cannot attribute any difference to the key"), std::string::npos) << table;
}

TEST(HvoKeyTable, WritesEachFigureWithTheDigitsItsIntervalAllows) {
  const std::string table = render_hvo_key_table(summary_with_a_control_that_differs());
  // 159.5 [-30.8, 502.0]: half-width 266, whose two significant digits end at the tens.
  EXPECT_NE(line_with(table, "  on - off").find("160 ns [-30, 500]"), std::string::npos) << table;
  EXPECT_NE(line_with(table, "  key on vs off").find("-1.7 % [-9.4, +6.6]"), std::string::npos)
      << table;
  EXPECT_EQ(table.find("159.529"), std::string::npos) << table;
}

TEST(HvoKeyTable, NamesSizesInOneUnit) {
  const std::string table = render_hvo_key_table(summary_with_a_control_that_differs());
  EXPECT_NE(table.find("slope 16 MiB -> 64 MiB"), std::string::npos) << table;
  EXPECT_NE(table.find("2 HugeTLB pages of 2 MiB"), std::string::npos) << table;
}

TEST(HvoKeyTable, PointsAtAResolvedAndAttributedCost) {
  HvoKeySummary summary = summary_with_a_control_that_differs();
  summary.attribution = "attributed to the key";
  summary.per_page[3] = {"on - off", 3.1, {2.2, 4.0}, 43};
  const std::string table = render_hvo_key_table(summary);
  EXPECT_NE(line_with(table, "  on - off").find("<- cost per PTE of the fake-head test"),
            std::string::npos)
      << table;
}

}  // namespace
}  // namespace clonebench
