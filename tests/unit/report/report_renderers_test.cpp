// `clonebench report`'s markdown, SRU text, gnuplot script (data inline) and HTML page for every
// kind of selection (two kernels' runs, an ab experiment, a sweep, scales), from a small store
// built in the test, byte for byte against tests/golden/report; and the selections it must refuse.

#include "report/report_renderers.hpp"

#include <fmt/core.h>
#include <gtest/gtest.h>

#include "core/error.hpp"
#include "record/trace_summary_json.hpp"
#include "report/plot_script.hpp"
#include "report/report_facts.hpp"
#include "report/report_input.hpp"
#include "support/golden.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

class ReportRender : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(path_);
    testing::fill_report_store(store);
  }
  ReportInput input(const std::vector<std::string>& selection) const {
    const Store store(path_, Store::Access::kReadOnly);
    return select_report_input(store, selection);
  }
  // The message of the refusal, with the database path replaced by "DB".
  std::string refusal(const std::vector<std::string>& selection) const {
    try {
      input(selection);
    } catch (const UsageError& error) {
      std::string message = error.what();
      if (const auto at = message.find(path_); at != std::string::npos) {
        message.replace(at, path_.size(), "DB");
      }
      return message;
    }
    return "no error";
  }
  void expect_goldens(const std::vector<std::string>& selection, const std::string& name) const {
    const ReportInput selected = input(selection);
    testing::expect_golden_file(testing::golden_path("report/" + name + ".md"),
                                render_markdown_report(selected));
    testing::expect_golden_file(testing::golden_path("report/" + name + ".sru.txt"),
                                render_sru_report(selected));
    const PlotScript plots = plot_script(selected);
    testing::expect_golden_file(testing::golden_path("report/" + name + ".gp"), plots.script);
    // The page around the plots, with a stand-in for each SVG gnuplot would draw.
    std::vector<std::string> svgs;
    for (std::size_t i = 0; i < plots.titles.size(); ++i) {
      svgs.push_back("<svg viewBox=\"0 0 10 10\"><text>plot " + std::to_string(i) +
                     "</text></svg>");
    }
    testing::expect_golden_file(testing::golden_path("report/" + name + ".html"),
                                render_html_report(selected, plots.titles, svgs));
  }
  std::string path_ = scratch_.file("runs.db");
};

TEST_F(ReportRender, TwoKernelsGiveATrendAComparisonAndTheEnvironmentSideBySide) {
  expect_goldens({testing::kKernelA, testing::kKernelB}, "kernels");
}

TEST_F(ReportRender, AnAbExperimentGivesItsCommandPairsEffectAndVerdict) {
  expect_goldens({testing::kAbTag}, "ab");
  const ReportInput newest = input({"ab"});
  ASSERT_TRUE(newest.experiment.has_value());
  EXPECT_EQ(newest.experiment->tag, testing::kAbTag);
  EXPECT_EQ(newest.runs.size(), 16U);
}

TEST_F(ReportRender, ASweepGivesItsFitsAndPoints) {
  expect_goldens({"sweep"}, "sweep");
}

TEST_F(ReportRender, AScaleGivesItsTwoCurvesPointsAndWhereThroughputStopsGrowing) {
  expect_goldens({"scale"}, "scale");
  const ReportInput newest = input({"scale"});
  ASSERT_TRUE(newest.experiment.has_value());
  EXPECT_EQ(newest.experiment->tag, testing::kScaleTag);
  EXPECT_EQ(newest.runs.size(), 18U);
  EXPECT_EQ(plot_script(newest).titles.size(), 2U);
}

TEST_F(ReportRender, AnHvoKeyExperimentGivesItsEffectsAttributionSlopesAndThePresetToRepeat) {
  expect_goldens({"hvo-key"}, "hvo_key");
  const ReportInput newest = input({"hvo-key"});
  ASSERT_TRUE(newest.experiment.has_value());
  EXPECT_EQ(newest.experiment->tag, testing::kHvoKeyTag);
  EXPECT_EQ(newest.runs.size(), 12U);
  const std::string sru = render_sru_report(newest);
  EXPECT_NE(sru.find("    sudo clonebench ab --preset hvo-key 'fork --rss 64M' --seed 0x2a\n"),
            std::string::npos)
      << sru;
  EXPECT_EQ(sru.find("clonebench run"), std::string::npos) << "the test plan repeats the preset";
  EXPECT_EQ(plot_script(newest).titles.size(), 2U);
}

// Each kind's word selects the newest complete experiment of that kind, and only of that kind.
TEST_F(ReportRender, EveryKindsWordSelectsTheNewestExperimentOfItsKindOrSaysNoneIsStored) {
  for (const ExperimentKind kind : experiment_kinds()) {
    const std::string word(experiment_kind_name(kind));
    const std::string refused = refusal({word});
    if (refused == "no error") {
      EXPECT_EQ(input({word}).experiment->kind, kind) << word;
    } else {
      EXPECT_EQ(refused, "report: no complete " + word + " experiment is stored in DB") << word;
    }
  }
  EXPECT_EQ(refusal({"trace"}), "report: no complete trace experiment is stored in DB");
  EXPECT_EQ(refusal({"hvo-key"}), "no error");
}

TEST_F(ReportRender, AScaleOfTooFewRoundsSaysSoAndDrawsNoErrorBars) {
  expect_goldens({testing::kScaleFewTag}, "scale_few_rounds");
  const ReportInput few = input({testing::kScaleFewTag});
  EXPECT_NE(render_sru_report(few).find("n/a (too few runs)"), std::string::npos);
  EXPECT_EQ(plot_script(few).script.find("yerrorbars"), std::string::npos);
}

TEST_F(ReportRender, AScaleCommandCarriesTheStressNgOptionsOfItsRuns) {
  ScaleSummary summary;
  summary.settings = {"fork", "stress-ng", {1, 2, 8}, 12, 0.5, 3};
  StressNgOptions options;
  options.fork_max = 4;
  options.fork_vm = 1;
  options.fork_unmap = 1;
  EXPECT_EQ(scale_command(summary, options),
            "clonebench scale fork --instances 1,2,8 --rounds 12 --timeout 0.5s --seed 3 "
            "--workload stress-ng --fork-max 4 --fork-vm --fork-unmap");
  EXPECT_EQ(scale_command(summary, StressNgOptions{}),
            "clonebench scale fork --instances 1,2,8 --rounds 12 --timeout 0.5s --seed 3 "
            "--workload stress-ng");
}

TEST_F(ReportRender, RunIdsSelectThoseRunsInTheOrderGiven) {
  const ReportInput selected = input({"3,1", "12"});
  ASSERT_EQ(selected.runs.size(), 3U);
  EXPECT_EQ(selected.runs[0].record.id, 3);
  EXPECT_EQ(selected.runs[2].record.label, testing::kKernelB);
  EXPECT_FALSE(selected.experiment.has_value());
}

TEST_F(ReportRender, UnknownIdsLabelsAndExperimentsAreRefusedByName) {
  EXPECT_EQ(refusal({"999"}), "report: run 999 is not in DB");
  EXPECT_EQ(refusal({"6.9.0-1-generic"}),
            "report: '6.9.0-1-generic' is neither a run id, a label nor an experiment in DB");
  EXPECT_EQ(refusal({testing::kAbTag, testing::kKernelA}),
            "report: experiment 'ab-2026-11-30T09:00:00Z-0001' must be the only SELECTION "
            "(report runs or one experiment)");
}

// A label holding a run a guest counted in instructions beside timed runs was reported in the
// first run's quantity, every other run's cells "–": refused, naming the runs of each kind.
TEST_F(ReportRender, RunsCountedInInstructionsAreNeverReportedBesideTimedRuns) {
  std::int64_t counted_id = 0;
  {
    Store store(path_);
    Environment guest = testing::report_environment(testing::kKernelA, "");
    guest.guest = GuestFacts{};
    guest.guest->measure = std::string("instructions");
    RunRecord counted = testing::report_fork_run(testing::kKernelA, 60, 550);
    counted_id = store.save(counted, guest);
  }
  const std::string expected = fmt::format(
      "report: run {} counted guest instructions (kernels --measure instructions) and runs 1, 2, "
      "3, 4, 5 and 1 more timed: a report shows one of the two quantities; select the runs of "
      "one by their ids",
      counted_id);
  EXPECT_EQ(refusal({testing::kKernelA}), expected);
  EXPECT_EQ(refusal({testing::kKernelA, testing::kKernelB}).substr(0, 40), expected.substr(0, 40));
  EXPECT_EQ(refusal({"1-3"}), "no error");
}

TEST_F(ReportRender, AKindWithoutAnExperimentIsRefused) {
  const std::string empty = scratch_.file("empty.db");
  { Store create(empty); }
  const Store store(empty, Store::Access::kReadOnly);
  for (const std::string kind : {"sweep", "scale"}) {
    try {
      select_report_input(store, {kind});
      ADD_FAILURE() << "an empty database gave a " << kind;
    } catch (const UsageError& error) {
      EXPECT_EQ(std::string(error.what()),
                "report: no complete " + kind + " experiment is stored in " + empty);
    }
  }
}

// The SRU text is fitted to 72 columns as a whole; a trace's command, however long, stays one
// line to paste (it wrapped once its plan indented it by two columns, not four).
TEST_F(ReportRender, ATracesLongCommandStaysOneLineInTheSruText) {
  const std::string tag = "trace-2026-11-30T12:00:00Z-0009";
  {
    Store store(path_);
    TraceCensus census;
    census.command = {"bash", "-c",
                      "for i in 1 2 3 4 5 6 7 8; do /bin/true; done; sleep 0; /bin/echo done "
                      "with every iteration of the loop"};
    census.started_at = "2026-11-30T12:00:00Z";
    census.kernel_release = testing::kKernelA;
    census.host = "vm";
    census.cpus = 2;
    TraceRun run;
    run.wall_ns = 1'200'000;
    run.sys_ns = 900'000;
    census.runs.push_back(run);
    std::vector<RunRecord> none;
    store.save_experiment({tag, "trace", "2026-11-30T12:00:00Z", trace_census_to_json(census)},
                          none, testing::report_environment(testing::kKernelA, "IBPB"));
  }
  const std::string sru = render_sru_report(input({tag}));
  const std::size_t command = sru.find("clonebench trace -- bash -c");
  ASSERT_NE(command, std::string::npos) << sru;
  const std::string line = sru.substr(command, sru.find('\n', command) - command);
  EXPECT_NE(line.find("with every iteration of the loop"), std::string::npos) << sru;
}

}  // namespace
}  // namespace clonebench
