// The report of a multi-axis sweep (the cost model's coefficient table in every format and one
// panel per axis with the model's line and band) and of a kernels experiment (a dot per boot,
// the boot-level interval), byte for byte against tests/golden/report; and
// --assume-no-boot-effect said in every format.

#include <gtest/gtest.h>

#include "record/kernels_summary_json.hpp"
#include "record/sweep_summary_json.hpp"
#include "report/plot_script.hpp"
#include "report/report_input.hpp"
#include "report/report_renderers.hpp"
#include "support/golden.hpp"
#include "support/plane_sweep.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"
#include "sweep/sweep_analysis.hpp"

namespace clonebench {
namespace {

constexpr const char* kMultiAxisTag = "sweep-2026-12-01T10:00:00Z-0001";
constexpr const char* kKernelsTag = "kernels-2026-12-01T11:00:00Z-0002";

// A sweep of 16M and 64M parents in 1 or 256 VMAs and 4K or 64K folios, 3 rounds, whose costs
// are a known plane with a small deterministic wobble; the summary is analyze_sweep()'s, as stored.
// A sweep over sizes, VMA counts and folio sizes; over sizes alone (three of them) when not
// `other_axes`.
nlohmann::json multi_axis_summary(bool other_axes = true) {
  SweepSettings settings;
  settings.stressor = "fork";
  settings.sizes = other_axes ? std::vector<std::uint64_t>{16u << 20, 64u << 20}
                              : std::vector<std::uint64_t>{0, 16u << 20, 64u << 20};
  settings.vmas = other_axes ? std::vector<std::uint64_t>{1, 256} : std::vector<std::uint64_t>{1};
  if (other_axes) {
    settings.folios = {4096, 65536};
  }
  settings.rounds = 3;
  settings.seed = 5;
  const std::vector<SweepPoint> design = settings.design();
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    for (std::size_t point = 0; point < design.size(); ++point) {
      ParentMemory parent = testing::populated_parent(design[point]);
      parent.folio_order_samples[design[point].folio_bytes == 65536 ? 4 : 0] = 100;
      samples.push_back({point, round, static_cast<std::uint32_t>(point),
                         SweepRun{parent, design[point].bytes, 1000, 1000,
                                  testing::plane_costs(design[point], point, round)}});
    }
  }
  return sweep_summary_to_json(analyze_sweep(settings, samples, 42.0));
}

RunRecord boot_run(const std::string& label, int index, double ops_per_s) {
  RunRecord run = testing::report_fork_run(label, index, ops_per_s);
  run.experiment = kKernelsTag;
  return run;
}

// A kernels experiment of 4 boots per kernel (the fewest whose rank test can reach α = 0.05),
// 2 runs per boot; B about 3 % slower.
void save_kernels(Store& store) {
  store.begin_experiment(kKernelsTag, ExperimentKind::kKernels, "2026-12-01T11:00:00Z");
  const double boots_a[] = {6100, 6040, 6160, 6075}, boots_b[] = {5910, 5880, 5975, 5930};
  for (int boot = 0; boot < 4; ++boot) {
    for (const auto& [side, rates] : {std::pair{"a", boots_a}, std::pair{"b", boots_b}}) {
      Environment environment = testing::report_environment(
          side[0] == 'a' ? testing::kKernelA : testing::kKernelB, "Mitigation: IBPB");
      environment.boot_id = fmt::format("{}-boot-{}", side, boot);
      for (int run = 0; run < 2; ++run) {
        RunRecord record = boot_run(std::string("k:") + side, boot * 4 + run,
                                    rates[boot] * (run == 0 ? 0.999 : 1.001));
        store.save(record, environment);
      }
    }
  }
  KernelsSummary summary;
  summary.spec = "fork --timeout 2";
  summary.runs_per_boot = 2;
  summary.seed = 3;
  summary.boot_order = "ABBAABBA";
  summary.a = KernelsSummarySide{"k:a", "/boot/vmlinuz-a", "", 0, testing::kKernelA, ""};
  summary.b = KernelsSummarySide{"k:b", "/boot/vmlinuz-b", "", 0, testing::kKernelB, ""};
  for (std::uint64_t boot = 1; boot <= 8; ++boot) {
    KernelsSummaryBoot stored;
    stored.sequence = boot;
    stored.image.assign(1, "ABBAABBA"[boot - 1] == 'A' ? 'a' : 'b');
    stored.ok = true;
    summary.boots.push_back(stored);
  }
  store.finish_experiment(kKernelsTag, nlohmann::json(kernels_summary_to_json(summary, nullptr)),
                          "complete");
}

constexpr const char* kCountedTag = "kernels-2026-12-01T12:00:00Z-0003";

// A kernels experiment counted in guest instructions (--measure instructions): each run's
// "seconds" are 10^9 instructions, B about 5 % more instructions per fork than A.
void save_counted_kernels(Store& store) {
  store.begin_experiment(kCountedTag, ExperimentKind::kKernels, "2026-12-01T12:00:00Z");
  const double per_second_a[] = {553.1, 552.8, 553.3, 552.9};
  for (int boot = 0; boot < 4; ++boot) {
    for (const char* side : {"a", "b"}) {
      Environment environment = testing::report_environment(testing::kKernelA, "");
      environment.boot_id = fmt::format("{}/boot-{}-{}", kCountedTag, side, boot);
      GuestFacts guest;
      guest.measure = std::string("instructions");
      environment.guest = guest;
      for (int run = 0; run < 2; ++run) {
        RunRecord record = testing::report_fork_run(
            std::string("c:") + side, 100 + boot * 4 + run,
            per_second_a[boot] * (side[0] == 'a' ? 1.0 : 0.95) * (run == 0 ? 0.9999 : 1.0001));
        record.experiment = kCountedTag;
        store.save(record, environment);
      }
    }
  }
  KernelsSummary summary;
  summary.spec = "fork --rss 16M --timeout 0.3s";
  summary.runs_per_boot = 2;
  summary.measure = "instructions";
  summary.metric = "guest_instructions_per_op";
  summary.unit = "instructions";
  summary.warmup_runs = 1;
  summary.boot_order = "ABBAABBA";
  summary.a = KernelsSummarySide{"c:a", "/boot/vmlinuz-a", "", 0, testing::kKernelA, ""};
  summary.b =
      KernelsSummarySide{"c:b", "/boot/vmlinuz-a", "", 0, testing::kKernelA, "mitigations=off"};
  for (std::uint64_t boot = 1; boot <= 8; ++boot) {
    KernelsSummaryBoot stored;
    stored.sequence = boot;
    stored.image.assign(1, "ABBAABBA"[boot - 1] == 'A' ? 'a' : 'b');
    stored.ok = true;
    summary.boots.push_back(stored);
  }
  store.finish_experiment(kCountedTag, nlohmann::json(kernels_summary_to_json(summary, nullptr)),
                          "complete");
}

class ExperimentReport : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(path_);
    std::vector<RunRecord> runs = {testing::report_fork_run("sweep-fork", 1, 4000)};
    store.save_experiment({kMultiAxisTag, "sweep", "2026-12-01T10:00:00Z", multi_axis_summary()},
                          runs, testing::report_environment(testing::kKernelB, "IBPB"));
    save_kernels(store);
  }
  ReportInput input(const std::vector<std::string>& selection) const {
    const Store store(path_, Store::Access::kReadOnly);
    return select_report_input(store, selection);
  }
  void expect_goldens(const ReportInput& selected, const std::string& name) const {
    testing::expect_golden_file(testing::golden_path("report/" + name + ".md"),
                                render_markdown_report(selected));
    testing::expect_golden_file(testing::golden_path("report/" + name + ".sru.txt"),
                                render_sru_report(selected));
    const PlotScript plots = plot_script(selected);
    testing::expect_golden_file(testing::golden_path("report/" + name + ".gp"), plots.script);
    std::vector<std::string> svgs(plots.titles.size(), "<svg viewBox=\"0 0 10 10\"></svg>");
    testing::expect_golden_file(testing::golden_path("report/" + name + ".html"),
                                render_html_report(selected, plots.titles, svgs));
  }
  std::string path_ = scratch_.file("runs.db");
};

TEST_F(ExperimentReport, AMultiAxisSweepGivesTheCoefficientTableAndOnePanelPerAxis) {
  const ReportInput selected = input({kMultiAxisTag});
  expect_goldens(selected, "sweep_multi_axis");
  const PlotScript plots = plot_script(selected);
  for (const char* axis : {"pages", "vmas", "folio"}) {
    EXPECT_NE(plots.script.find(fmt::format("$model_{}_line << EOD", axis)), std::string::npos)
        << axis;
  }
  const std::string sru = render_sru_report(selected);
  EXPECT_NE(sru.find("per VMA ns"), std::string::npos);
  EXPECT_NE(sru.find("per folio ns"), std::string::npos);
}

// One headline per phase (record/sweep_headline.hpp): a sweep over sizes alone quotes the
// Theil–Sen line and shows the cost model after it as a cross-check, in every format.
TEST_F(ExperimentReport, ASweepOverSizesAloneQuotesTheLineAndShowsTheCostModelAsACrossCheck) {
  constexpr const char* kSizesTag = "sweep-2026-12-01T12:00:00Z-0003";
  {
    Store store(path_);
    std::vector<RunRecord> runs = {testing::report_fork_run("sweep-sizes", 7, 4000)};
    store.save_experiment({kSizesTag, "sweep", "2026-12-01T12:00:00Z", multi_axis_summary(false)},
                          runs, testing::report_environment(testing::kKernelB, "IBPB"));
  }
  const ReportInput selected = input({kSizesTag});
  for (const std::string& text : {render_markdown_report(selected), render_sru_report(selected)}) {
    const std::size_t quoted = text.find("The figures to quote: the Theil");
    const std::size_t cross_check = text.find("Cross-check, not to quote: the cost model");
    ASSERT_NE(quoted, std::string::npos) << text;
    ASSERT_NE(cross_check, std::string::npos) << text;
    EXPECT_LT(quoted, cross_check);
  }
}

// A legend of nine entries (band, line and runs of each phase) once squeezed the data to a third
// of the plot, and reap's line and band hid under total's.
TEST_F(ExperimentReport, ACostModelPanelHasALegendEntryPerPhaseAndDrawsEveryLineOverEveryBand) {
  const std::string script = plot_script(input({kMultiAxisTag})).script;
  const std::size_t start = script.find("$model_pages_runs << EOD");
  ASSERT_NE(start, std::string::npos);
  const std::size_t plot = script.find("\nplot ", start);
  const std::string panel = script.substr(plot, script.find("reset", plot) - plot);
  std::size_t titled = 0;
  for (std::size_t at = panel.find(" title "); at != std::string::npos;
       at = panel.find(" title ", at + 1)) {
    ++titled;
  }
  EXPECT_EQ(titled, 3U) << panel;
  EXPECT_LT(panel.rfind("filledcurves"), panel.find("with lines")) << panel;
  EXPECT_LT(panel.rfind("with points"), panel.find("with lines")) << panel;
  EXPECT_NE(panel.find("dt 2 lc rgb \"#d62728\" title 'total (dashed)'"), std::string::npos)
      << panel;
  EXPECT_NE(script.find("set key horizontal maxrows 1", start), std::string::npos);
}

TEST_F(ExperimentReport, AKernelsExperimentDrawsADotPerBootAndTheBootLevelInterval) {
  const ReportInput selected = input({kKernelsTag});
  expect_goldens(selected, "kernels_experiment");
  const PlotScript plots = plot_script(selected);
  ASSERT_FALSE(plots.titles.empty());
  EXPECT_NE(plots.titles.front().find("boot-level 95 % CI"), std::string::npos);
  EXPECT_NE(plots.script.find("$boot_interval"), std::string::npos);
  // Each kernel is named by its release under its column (an experiment's labels overlapped),
  // and keeps the colour it has in the other plots (gnuplot's line colours 1 and 2).
  EXPECT_NE(plots.script.find("set xtics ('A: 6.8.0-31-generic' 0, 'B: 6.8.0-35-generic' 1)"),
            std::string::npos);
  EXPECT_NE(plots.script.find("with points pt 7 ps 0.8 lc 2 title 'k:b boots'"), std::string::npos);
}

// The part of `output` from `from` up to `to` (or its end).
std::string between(const std::string& output, const std::string& from, const std::string& to) {
  const std::size_t begin = output.find(from);
  if (begin == std::string::npos) {
    return "";
  }
  return output.substr(begin, output.find(to, begin) - begin);
}

TEST_F(ExperimentReport, AKernelsExperimentCountedInInstructionsNamesItsCountsInItsSections) {
  {
    Store store(path_);
    save_counted_kernels(store);
  }
  const ReportInput selected = input({kCountedTag});
  const PlotScript plots = plot_script(selected);
  const std::string html =
      render_html_report(selected, plots.titles, std::vector<std::string>(plots.titles.size(), ""));
  const std::string sru = render_sru_report(selected);
  // The kernels section of each format, and the whole SRU report.
  for (const std::string& section :
       {between(render_markdown_report(selected), "## Kernels", "## Runs"),
        between(html, "<section class=\"verdict\"", "</section>"), sru}) {
    EXPECT_NE(section.find("instructions"), std::string::npos) << section;
    for (const char* word : {"ops/s", "faster", "slower", "do not represent"}) {
      EXPECT_EQ(section.find(word), std::string::npos) << word << " in:\n" << section;
    }
  }
  EXPECT_NE(plots.script.find("guest instructions per operation"), std::string::npos);
  EXPECT_NE(sru.find("Counted in guest instructions"), std::string::npos);
  EXPECT_NE(sru.find("B executes more instructions than A"), std::string::npos) << sru;
  EXPECT_NE(sru.find("--measure instructions --b-append mitigations=off"), std::string::npos)
      << sru;
  EXPECT_NE(sru.find("median instructions/op"), std::string::npos) << sru;
}

// Every table, plot axis and CDF of runs a guest counted in instructions names the count; none
// shows a time or a speed (issue 38: the Runs table, the intervals, the CDFs and the trend said
// ops/s and µs while only the summaries said instructions).
void expect_counts_only(const ReportInput& selected) {
  const PlotScript plots = plot_script(selected);
  const std::string html =
      render_html_report(selected, plots.titles, std::vector<std::string>(plots.titles.size(), ""));
  for (const std::string& output :
       {render_markdown_report(selected), render_sru_report(selected), html, plots.script}) {
    for (const char* word : {"ops/s", "µs", "time (s)", "Throughput", "Latency of", "interval s"}) {
      EXPECT_EQ(output.find(word), std::string::npos) << word << " in:\n" << output;
    }
    EXPECT_NE(output.find("instructions"), std::string::npos) << output;
  }
}

TEST_F(ExperimentReport, EveryTableAxisAndCdfOfACountedExperimentNamesInstructions) {
  {
    Store store(path_);
    save_counted_kernels(store);
  }
  const ReportInput selected = input({kCountedTag});
  expect_goldens(selected, "kernels_counted");
  expect_counts_only(selected);
  const std::string markdown = render_markdown_report(selected);
  EXPECT_NE(markdown.find("| instructions/op | create mean instructions |"), std::string::npos)
      << markdown;
  const PlotScript plots = plot_script(selected);
  EXPECT_NE(plots.script.find("guest instructions (log scale)"), std::string::npos);
}

TEST_F(ExperimentReport, TheLabelsOfACountedExperimentAreReportedInInstructionsToo) {
  {
    Store store(path_);
    save_counted_kernels(store);
  }
  const ReportInput selected = input({"c:a", "c:b"});
  expect_counts_only(selected);
  EXPECT_NE(render_sru_report(selected).find("median instructions/op"), std::string::npos);
  EXPECT_NE(render_markdown_report(selected).find(
                "Trend of guest instructions per operation across labels (lower is better)"),
            std::string::npos);
}

TEST_F(ExperimentReport, TwoLabelsOfSeveralBootsEachGetTheBootPlotAndOneBootEachDoesNot) {
  const PlotScript boots = plot_script(input({"k:a", "k:b"}));
  ASSERT_GE(boots.titles.size(), 2U);
  EXPECT_NE(boots.titles[1].find("boot-level 95 % CI"), std::string::npos) << boots.titles[1];
  Store store(path_);
  testing::fill_report_store(store);
  for (const std::string& title :
       plot_script(input({testing::kKernelA, testing::kKernelB})).titles) {
    EXPECT_EQ(title.find("Boots"), std::string::npos) << title;
  }
}

TEST_F(ExperimentReport, AssumingNoBootEffectIsSaidInEveryFormat) {
  Store store(path_);
  testing::fill_report_store(store);  // two kernels, one boot each
  ReportInput selected = input({testing::kKernelA, testing::kKernelB});
  const std::string capped = render_sru_report(selected);
  EXPECT_NE(capped.find("Inconclusive (one boot per side)"), std::string::npos);
  selected.assume_no_boot_effect = true;
  const std::string sru = render_sru_report(selected);
  EXPECT_NE(sru.find("No boot effect assumed"), std::string::npos);
  EXPECT_NE(sru.find("--format sru --assume-no-boot-effect"), std::string::npos);
  EXPECT_EQ(sru.find("Inconclusive (one boot per side)"), std::string::npos);
  EXPECT_NE(render_markdown_report(selected).find("No boot effect assumed"), std::string::npos);
  const PlotScript plots = plot_script(selected);
  const std::string html =
      render_html_report(selected, plots.titles, std::vector<std::string>(plots.titles.size(), ""));
  EXPECT_NE(html.find("No boot effect assumed"), std::string::npos);
}

}  // namespace
}  // namespace clonebench
