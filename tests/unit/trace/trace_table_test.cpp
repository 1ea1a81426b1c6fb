#include "trace/trace_table.hpp"

#include <gtest/gtest.h>

#include "report/trace_report.hpp"
#include "support/golden.hpp"
#include "trace/trace_document.hpp"

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
  const Experiment experiment{"trace-2026-12-03T12:00:00Z-0001", "trace", "2026-12-03T12:00:00Z",
                              trace_document(sample_census()), "complete"};
  expect_golden_file(golden_path("trace/report.md"),
                     trace_markdown_report(experiment.tag, trace_census_of(experiment)));
}

TEST(TraceReport, PutsNoTextOfTheCensusIntoThePlotScript) {
  const Experiment experiment{"t", "trace", "2026-12-03T12:00:00Z", trace_document(sample_census()),
                              "complete"};
  const PlotScript plots = trace_plot_script(trace_census_of(experiment));
  EXPECT_EQ(plots.titles.size(), 3U);
  for (const char* census_text : {"python3", "ansible", "site.yml", "\x1b"}) {
    EXPECT_EQ(plots.script.find(census_text), std::string::npos) << census_text;
  }
}

}  // namespace
}  // namespace clonebench
