// What makes a report read at a glance (issue 35): no axis in scientific notation, an ab's verdict
// said once and first, its arms named by their options with A first, table cells of one token
// never broken inside.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "report/plot_script.hpp"
#include "report/report_input.hpp"
#include "report/report_renderers.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

std::size_t count_of(std::string_view text, std::string_view part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string_view::npos;
       at = text.find(part, at + part.size())) {
    ++count;
  }
  return count;
}

class ReportLegibility : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(path_);
    testing::fill_report_store(store);
  }
  ReportInput input(const std::vector<std::string>& selection) const {
    const Store store(path_, Store::Access::kReadOnly);
    return select_report_input(store, selection);
  }
  std::string html(const std::vector<std::string>& selection) const {
    const ReportInput selected = input(selection);
    const PlotScript plots = plot_script(selected);
    return render_html_report(selected, plots.titles,
                              std::vector<std::string>(plots.titles.size(), "<svg></svg>"));
  }
  std::string path_ = scratch_.file("runs.db");
};

// gnuplot's default tic format writes 1000000 as "1e+06" (it did on the reap CDF's axis).
TEST_F(ReportLegibility, EveryPlotSetsPlainTicFormatsOnBothAxes) {
  for (const std::vector<std::string>& selection :
       {std::vector<std::string>{testing::kKernelA, testing::kKernelB},
        std::vector<std::string>{"ab"}, std::vector<std::string>{"sweep"},
        std::vector<std::string>{"scale"}, std::vector<std::string>{"hvo-key"}}) {
    const PlotScript plots = plot_script(input(selection));
    ASSERT_FALSE(plots.titles.empty()) << selection.front();
    EXPECT_EQ(count_of(plots.script, "reset\n"), plots.titles.size()) << selection.front();
    EXPECT_EQ(count_of(plots.script, "set format x '%.10g'\n"), plots.titles.size())
        << selection.front();
    EXPECT_EQ(count_of(plots.script, "set format y '%.10g'\n"), plots.titles.size())
        << selection.front();
  }
}

TEST_F(ReportLegibility, AnAbPageSaysItsVerdictOnceAndBeforeItsTable) {
  const std::string page = html({testing::kAbTag});
  const std::string_view verdict = "B is slower than A beyond the ±1 % threshold: ops_per_sec_real";
  EXPECT_EQ(count_of(page, verdict), 1U) << page;
  EXPECT_LT(page.find(verdict), page.find("<table>")) << page;
}

TEST_F(ReportLegibility, AnAbsLegendsNameTheArmsByTheirOptionsAFirst) {
  const PlotScript plots = plot_script(input({testing::kAbTag}));
  const std::size_t a = plots.script.find("title 'A: --rss 0'");
  const std::size_t b = plots.script.find("title 'B: --rss 64M'");
  ASSERT_NE(a, std::string::npos) << plots.script;
  ASSERT_NE(b, std::string::npos) << plots.script;
  EXPECT_LT(a, b);
  EXPECT_EQ(plots.script.find(":a'"), std::string::npos) << "no legend names an arm by its label";
}

// A browser breaks "6.18.44-fc-v1272:b" after a hyphen unless told not to.
TEST_F(ReportLegibility, ATableCellOfOneTokenIsNeverBrokenInside) {
  const std::string page = html({testing::kAbTag});
  EXPECT_NE(page.find(".nw{white-space:nowrap}"), std::string::npos);
  EXPECT_NE(page.find("<td class=\"nw\">pair:a</td>"), std::string::npos) << page;
  EXPECT_NE(page.find("<td class=\"nw\">2026-11-30T08:30:00Z</td>"), std::string::npos);
  EXPECT_NE(page.find("<th align=\"right\">A median</th>"), std::string::npos)
      << "cells of several words still wrap at their spaces";
}

}  // namespace
}  // namespace clonebench
