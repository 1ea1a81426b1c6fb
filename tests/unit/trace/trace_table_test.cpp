#include "trace/trace_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "record/trace_summary_json.hpp"
#include "report/trace_report.hpp"
#include "support/golden.hpp"

namespace clonebench {
namespace {

using testing::expect_golden_file;
using testing::golden_path;

Creation creation(CreationKind kind, std::int64_t at_ns, std::int64_t duration_ns, const char* comm,
                  std::uint64_t rss_anon_kb, std::uint32_t vmas) {
  Creation made;
  made.kind = kind;
  made.at_ns = at_ns;
  made.duration_ns = duration_ns;
  made.call_ns = duration_ns;
  made.call = kind == CreationKind::kVfork ? "vfork" : "clone";
  made.comm = comm;
  made.parent.rss_anon_kb = rss_anon_kb;
  made.parent.rss_file_kb = 1024;
  made.parent.vmas = vmas;
  made.parent.threads = 1;
  return made;
}

// Two traced runs of a made-up play; program names that a terminal or markdown would act on.
TraceCensus sample_census() {
  TraceCensus census;
  census.command = {"ansible-playbook", "site.yml"};
  census.started_at = "2026-12-03T12:00:00Z";
  census.kernel_release = "6.18.0";
  census.host = "host";
  census.cpus = 2;
  for (const std::int64_t wall_ns : {10'000'000'000, 11'000'000'000}) {
    TraceRun run;
    run.wall_ns = wall_ns;
    run.user_ns = 6'000'000'000;
    run.sys_ns = 1'500'000'000;
    run.creations = {
        creation(CreationKind::kFork, 1'000'000, 70'000, "python3", 2048, 42),
        creation(CreationKind::kFork, 2'000'000, 1'000'000, "ansible|*x*", 50'000, 245),
        creation(CreationKind::kVfork, 3'000'000, 30'000, "sh\x1b[2J", 1024, 30),
        creation(CreationKind::kThread, 4'000'000, 20'000, "python3", 50'000, 245)};
    run.execs = {{5'000'000, 400'000, "execve", "sh", 0}, {6'000'000, 50'000, "execve", "x", 2}};
    run.exits = {{7'000'000, 300'000, "sh"}};
    census.runs.push_back(run);
  }
  return census;
}

TEST(TraceTable, ShowsTheCensusSharesAndTheWhatIfBoundWithTheClaimsNeededShare) {
  TraceTableOptions options;
  options.what_ifs = {{TraceComponent::kClone, -0.03}};
  options.claimed_saving = 0.036;
  expect_golden_file(golden_path("trace/table.txt"), render_trace_table(sample_census(), options));
}

// "largest parent: 111.0 MiB RSS, 92 VMAs" once combined two parents: the one with the most RSS
// is named with its own VMAs, and another parent's larger VMA count is said to be another's.
TEST(TraceTable, NamesTheLargestParentWithItsOwnVmasAndKeepsAnotherParentsMostVmasApart) {
  TraceCensus census = sample_census();
  census.runs.resize(1);
  census.runs[0].creations = {creation(CreationKind::kFork, 1'000, 70'000, "make", 112'000, 43),
                              creation(CreationKind::kFork, 2'000, 70'000, "cc1", 4'096, 92)};
  const std::string table = render_trace_table(census, {});
  EXPECT_NE(table.find("largest parent: make, 110.4 MiB RSS and 43 VMAs at its creation; most "
                       "VMAs of any parent: 92 (another creation's parent)"),
            std::string::npos)
      << table;
}

TEST(TraceTable, SaysHowManyProcessesOfTheTreeItStoppedWhenTheCommandEnded) {
  TraceCensus census = sample_census();
  census.runs[0].left_running = 1;
  const std::string table = render_trace_table(census, {});
  EXPECT_NE(table.find("1 process of the tree was still running when the command ended (over the "
                       "runs): clonebench stopped it"),
            std::string::npos)
      << table;
}

TEST(TraceTable, WritesTinySharesWithoutScientificNotation) {
  TraceCensus census = sample_census();
  census.runs.resize(1);
  census.runs[0].wall_ns = 1'000'000'000'000;  // 1000 s against µs of creations
  const std::string table = render_trace_table(census, {});
  EXPECT_EQ(table.find("e-0"), std::string::npos) << table;
}

TEST(TraceReport, RendersAStoredCensusAsMarkdownWithTheProgramNamesEscaped) {
  const TraceCensus stored = trace_census_from_json(trace_census_to_json(sample_census()));
  expect_golden_file(golden_path("trace/report.md"),
                     trace_markdown_report("trace-2026-12-03T12:00:00Z-0001", stored));
}

TEST(TraceReport, PutsNoTextOfTheCensusIntoThePlotScript) {
  const PlotScript plots =
      trace_plot_script(trace_census_from_json(trace_census_to_json(sample_census())));
  EXPECT_EQ(plots.titles.size(), 4U);
  for (const char* census_text : {"python3", "ansible", "site.yml", "\x1b"}) {
    EXPECT_EQ(plots.script.find(census_text), std::string::npos) << census_text;
  }
}

// The trace's plots were drawn 760 px wide with 11 px text (8-9 px on the page, 14 elsewhere), and
// all kernel time, often far larger than fork, vfork and thread together, shared their axis.
TEST(TraceReport, DrawsItsPlotsAtTheReportsSizeWithKernelTimeOnItsOwnAxis) {
  const PlotScript plots = trace_plot_script(sample_census());
  EXPECT_TRUE(
      plots.script.starts_with("set terminal svg size 640,400 dynamic noenhanced font "
                               "\"sans,14\""))
      << plots.script;
  const std::size_t kinds = plots.script.find("$trace_kinds << EOD");
  const std::size_t shares = plots.script.find("$trace_shares << EOD");
  ASSERT_NE(kinds, std::string::npos);
  ASSERT_NE(shares, std::string::npos);
  const std::string kinds_plot =
      plots.script.substr(kinds, plots.script.find("reset", kinds) - kinds);
  EXPECT_EQ(kinds_plot.find("kernel"), std::string::npos) << kinds_plot;
  EXPECT_NE(plots.script.find("\"kernel (all sys)\" 1", shares), std::string::npos);
}

// The share bars' value labels sit above the bars: the axis ended at the taller bar's tic and
// gnuplot clipped its label at the plot's edge.
TEST(TraceReport, EndsTheShareAxisHighEnoughAboveTheTallerBarForItsLabel) {
  const std::string script = trace_plot_script(sample_census()).script;
  const std::string block = "$trace_shares << EOD\n";
  const std::size_t rows = script.find(block);
  ASSERT_NE(rows, std::string::npos) << script;
  double creation = 0, kernel = 0;
  ASSERT_EQ(
      std::sscanf(script.c_str() + rows + block.size(), "0 %lf %*s %*s 1 %lf", &creation, &kernel),
      2)
      << script.substr(rows);
  const std::size_t range = script.find("set yrange [0:", rows);
  ASSERT_NE(range, std::string::npos) << script.substr(rows);
  const double top = std::strtod(script.c_str() + range + 14, nullptr);
  EXPECT_GE(top, 1.2 * std::max(creation, kernel)) << script.substr(rows);
}

TEST(TraceReport, LeadsWithCreationsShareOfTheWallTimeAndWhatACheaperCreationCouldSave) {
  const std::string markdown = trace_markdown_report("t", sample_census());
  const std::size_t headline = markdown.find("**Process creation (fork, vfork, thread) is ");
  ASSERT_NE(headline, std::string::npos) << markdown;
  EXPECT_LT(headline, markdown.find("| part |"));
  EXPECT_NE(markdown.find("10 % cheaper would shorten the wall time by at most ", headline),
            std::string::npos)
      << markdown;
}

}  // namespace
}  // namespace clonebench
