// Every stored experiment that passes validation renders as HTML: its plots are drawn by the real
// gnuplot whatever its data, constant (every run alike: a range of zero width), empty (a traced
// command that created nothing), or at the edge of what a double holds (a threshold of 1e308,
// costs of 1e300: sums and paddings beyond it are infinite, which a script must never say).

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "record/sweep_summary_json.hpp"
#include "record/trace_summary_json.hpp"
#include "report/gnuplot_run.hpp"
#include "report/plot_script.hpp"
#include "report/report_input.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

// The first word of `script` (a run of letters and underscores) that is "inf" or "nan", or "".
// (std::regex would do, but GCC 12 warns inside <regex> in the sanitizer build.)
std::string non_finite_word(const std::string& script) {
  std::string word;
  for (const char c : script + "\n") {
    if (std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_') {
      word += c;
      continue;
    }
    if (word == "inf" || word == "nan") {
      return word;
    }
    word.clear();
  }
  return "";
}

class DegeneratePlots : public testing::TempDirectoryTest {
 protected:
  void SetUp() override {
    if (find_gnuplot().empty()) {
      GTEST_SKIP() << "gnuplot is not installed";
    }
  }
  // Draws the plots of `selection` with gnuplot: one SVG per plot, no error.
  void expect_drawn(const std::vector<std::string>& selection) const {
    const Store store(path_, Store::Access::kReadOnly);
    const PlotScript plots = plot_script(select_report_input(store, selection));
    std::vector<std::string> svgs;
    try {
      svgs = draw_plots(plots, 60);
    } catch (const std::exception& error) {
      ADD_FAILURE() << error.what() << "\n" << plots.script;
      return;
    }
    EXPECT_EQ(svgs.size(), plots.titles.size());
    // gnuplot knows NaN (a point left out); "inf" and "nan" are names it has never heard of.
    EXPECT_EQ(non_finite_word(plots.script), "") << plots.script;
  }
  const std::string path_ = scratch_.file("runs.db");
};

// Two arms of identical runs: every pair's change is 0, and so is its interval.
void save_constant_ab(Store& store, const char* tag, double threshold_pct) {
  std::vector<RunRecord> a, b, both;
  for (int i = 0; i < 8; ++i) {
    a.push_back(testing::report_fork_run("same:a", i, 5000));
    b.push_back(testing::report_fork_run("same:b", 10 + i, 5000));
  }
  both = a;
  both.insert(both.end(), b.begin(), b.end());
  const Environment environment = testing::report_environment(testing::kKernelA, "IBPB");
  nlohmann::json summary = testing::ab_summary(a, b, environment);
  summary["threshold_pct"] = threshold_pct;
  store.save_experiment({tag, "ab", "2026-11-30T09:00:00Z", summary}, both, environment);
}

TEST_F(DegeneratePlots, AnAbOfIdenticalArmsAndAThresholdOf1e308IsDrawn) {
  {
    Store store(path_);
    save_constant_ab(store, "ab-2026-11-30T09:00:00Z-0001", 1e308);
  }
  expect_drawn({"ab-2026-11-30T09:00:00Z-0001"});
}

TEST_F(DegeneratePlots, AnAbOfIdenticalArmsAndAnOrdinaryThresholdIsDrawn) {
  {
    Store store(path_);
    save_constant_ab(store, "ab-2026-11-30T09:00:00Z-0001", 1);
  }
  expect_drawn({"ab-2026-11-30T09:00:00Z-0001"});
}

// A sweep whose every run cost the same, and one whose costs are near the largest double.
nlohmann::json flat_sweep_summary(double cost_us) {
  nlohmann::json summary = testing::sweep_summary();
  for (nlohmann::json& point : summary["points"]) {
    for (const char* phase : {"create_us", "reap_us", "total_us"}) {
      point[phase] = cost_us;
      for (nlohmann::json& run : point["runs"]) {
        run[phase] = cost_us;
      }
    }
  }
  for (nlohmann::json& fit : summary["fits"]) {
    fit["per_page_ns"] = {{"estimate", 0}, {"ci", {0, 0}}};
    fit["fixed_us"] = {{"estimate", cost_us}, {"ci", {cost_us, cost_us}}};
  }
  return summary;
}

TEST_F(DegeneratePlots, ASweepOfEqualCostsAndOneOfHugeCostsAreDrawn) {
  {
    Store store(path_);
    const Environment environment = testing::report_environment(testing::kKernelA, "IBPB");
    for (const auto& [tag, cost_us] : {std::pair{"sweep-2026-11-30T10:00:00Z-0001", 50.0},
                                       std::pair{"sweep-2026-11-30T10:00:00Z-0002", 1e300}}) {
      std::vector<RunRecord> runs = {testing::report_fork_run("sweep-fork", 1, 4000)};
      store.save_experiment({tag, "sweep", "2026-11-30T10:00:00Z", flat_sweep_summary(cost_us)},
                            runs, environment);
    }
  }
  expect_drawn({"sweep-2026-11-30T10:00:00Z-0001"});
  expect_drawn({"sweep-2026-11-30T10:00:00Z-0002"});
}

TEST_F(DegeneratePlots, AScaleOfEqualRatesEverywhereIsDrawn) {
  {
    Store store(path_);
    testing::save_report_scale(store, "scale-2026-11-30T11:00:00Z-0001", "2026-11-30T11:00:00Z",
                               std::vector<std::vector<double>>(6, {1000, 1000, 1000}),
                               testing::report_environment(testing::kKernelA, "IBPB"));
  }
  expect_drawn({"scale-2026-11-30T11:00:00Z-0001"});
}

// `trace -- /bin/true`: one traced run that created no process.
TEST_F(DegeneratePlots, ATraceOfACommandThatCreatedNothingIsDrawn) {
  {
    Store store(path_);
    TraceCensus census;
    census.command = {"/bin/true"};
    census.started_at = "2026-11-30T12:00:00Z";
    census.kernel_release = testing::kKernelA;
    census.host = "vm";
    census.cpus = 2;
    TraceRun run;
    run.wall_ns = 1'200'000;
    run.user_ns = 0;
    run.sys_ns = 900'000;
    census.runs.push_back(run);
    std::vector<RunRecord> none;
    store.save_experiment({"trace-2026-11-30T12:00:00Z-0001", "trace", "2026-11-30T12:00:00Z",
                           trace_census_to_json(census)},
                          none, testing::report_environment(testing::kKernelA, "IBPB"));
  }
  expect_drawn({"trace-2026-11-30T12:00:00Z-0001"});
}

// Runs of one label, every one alike: a flat throughput line and latencies of one value.
TEST_F(DegeneratePlots, RunsThatAreAllAlikeAreDrawn) {
  {
    Store store(path_);
    const Environment environment = testing::report_environment(testing::kKernelA, "IBPB");
    for (int i = 0; i < 3; ++i) {
      RunRecord run = testing::report_fork_run("alike", 1, 4000);
      run.result.intervals = {0.5, {2000, 2000, 2000, 2000}, 0.5};
      store.save(run, environment);
    }
  }
  expect_drawn({"alike"});
}

}  // namespace
}  // namespace clonebench
