// From synthetic runs to the sweep summary and its report; and the shuffled order of rounds.

#include "sweep/sweep_analysis.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <sstream>
#include <string>

#include "core/error.hpp"
#include "record/sweep_summary_json.hpp"
#include "sweep/line_fit.hpp"
#include "sweep/sweep_render.hpp"
#include "sweep/sweep_runner.hpp"

namespace clonebench {
namespace {

// A fork run at `bytes` of anon memory whose costs follow fixed + per page exactly, with noise.
RunResult synthetic_run(std::uint64_t bytes, std::mt19937_64& rng) {
  std::normal_distribution<double> noise(1.0, 0.02);
  RunResult result;
  result.stressor = "fork";
  result.parent.kind = ParentKind::kAnon;
  result.parent.requested_bytes = bytes;
  result.parent.region_rss_kb = bytes / 1024;
  result.parent.region_anonymous_kb = bytes / 1024;
  const double pages = static_cast<double>(bytes / 4096);
  for (int op = 0; op < 50; ++op) {
    result.create.add(static_cast<std::uint64_t>((50000 + 100 * pages) * noise(rng)));
    result.reap.add(static_cast<std::uint64_t>((200000 + 200 * pages) * noise(rng)));
  }
  result.bogo_ops = 50;
  result.sys_time_s = 50 * (300000 + 150 * pages) * noise(rng) * 1e-9;
  return result;
}

SweepSettings settings_of(std::vector<std::uint64_t> sizes) {
  SweepSettings settings;
  settings.stressor = "fork";
  settings.rounds = 4;
  settings.seed = 9;
  settings.sizes = std::move(sizes);
  return settings;
}

TEST(SweepAnalysis, RecoversThePerPageAndFixedCostOfEachPhase) {
  const SweepSettings settings = settings_of({0, 16u << 20, 32u << 20, 64u << 20});
  std::mt19937_64 rng(4);
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    for (std::size_t point = 0; point < settings.sizes.size(); ++point) {
      samples.push_back(
          SweepSample{point, round, 0, sweep_run_of(synthetic_run(settings.sizes[point], rng))});
    }
  }
  const SweepSummary summary = analyze_sweep(settings, samples, 1.5);
  ASSERT_EQ(summary.fits.size(), 3u);
  const std::vector<std::pair<double, double>> truth = {{100, 50}, {200, 200}, {150, 300}};
  for (std::size_t phase = 0; phase < 3; ++phase) {
    const SweepFit& fit = summary.fits[phase];
    EXPECT_EQ(fit.phase, kSweepPhases[phase]);
    EXPECT_NEAR(fit.per_page_ns.estimate, truth[phase].first, truth[phase].first * 0.05);
    EXPECT_LT(fit.per_page_ns.lo, truth[phase].first * 1.05);
    EXPECT_GT(fit.per_page_ns.hi, truth[phase].first * 0.95);
    EXPECT_NEAR(fit.fixed_us.estimate, truth[phase].second, truth[phase].second * 0.1);
    EXPECT_GT(fit.r2, 0.95);
    EXPECT_FALSE(fit.bad_fit) << fit.phase;
    EXPECT_TRUE(fit.flags.empty()) << fit.phase;
  }
  EXPECT_EQ(summary.points[2].pages, 8192.0);
  EXPECT_EQ(summary.points[2].runs.size(), 4u);

  const std::string report = render_sweep(summary);
  EXPECT_NE(report.find("per page ns"), std::string::npos);
  EXPECT_NE(report.find("32 MiB"), std::string::npos);
  EXPECT_NE(report.find("total µs per op vs pages"), std::string::npos);
}

// A sweep printed two fits of the same costs side by side, Theil–Sen and the cost model, without
// saying which to quote. One leads, the other is labelled a cross-check: for a sweep of --rss
// alone, the line; for one that also varied --vmas or --folio, the cost model (the line over
// pages pools those axes).
TEST(SweepAnalysis, LeadsWithOneFitAndLabelsTheOtherACrossCheck) {
  const SweepSettings settings = settings_of({0, 16u << 20, 32u << 20, 64u << 20});
  std::mt19937_64 rng(4);
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    for (std::size_t point = 0; point < settings.sizes.size(); ++point) {
      samples.push_back(
          SweepSample{point, round, 0, sweep_run_of(synthetic_run(settings.sizes[point], rng))});
    }
  }
  SweepSummary summary = analyze_sweep(settings, samples, 1.5);
  ASSERT_TRUE(summary.model.has_value());
  const std::string line_first = render_sweep(summary);
  const std::size_t headline = line_first.find("the figures to quote: the Theil–Sen line");
  const std::size_t cross_check = line_first.find("cross-check, not to quote: the cost model");
  ASSERT_NE(headline, std::string::npos) << line_first;
  ASSERT_NE(cross_check, std::string::npos) << line_first;
  EXPECT_LT(headline, cross_check);
  EXPECT_EQ(line_first.find("the figures to quote", headline + 1), std::string::npos);

  summary.vmas_list = {1, 64};  // as if --vmas had been an axis
  const std::string model_first = render_sweep(summary);
  EXPECT_NE(model_first.find("the figures to quote: cost model over every axis"), std::string::npos)
      << model_first;
  EXPECT_NE(model_first.find("cross-check, not to quote: the Theil–Sen line over pages alone, "
                             "which pools the --vmas axis"),
            std::string::npos)
      << model_first;
}

// A fork run whose create cost bends upward with size (a second-order term that more than
// doubles the per-page cost at the largest size) while its reap cost stays straight; ±0.3 % of
// deterministic round-to-round jitter.
RunResult bent_run(std::uint64_t bytes, std::uint32_t round) {
  const double pages = static_cast<double>(bytes / 4096);
  const double jitter = 1 + 0.002 * (static_cast<double>(round) - 1.5);
  RunResult result;
  result.stressor = "fork";
  result.parent.kind = ParentKind::kAnon;
  result.parent.requested_bytes = bytes;
  result.parent.region_rss_kb = result.parent.region_anonymous_kb = bytes / 1024;
  const double create_ns = (50000 + 20 * pages + 0.0015 * pages * pages) * jitter;
  const double reap_ns = (200000 + 200 * pages) * jitter;
  for (int op = 0; op < 10; ++op) {
    result.create.add(static_cast<std::uint64_t>(create_ns));
    result.reap.add(static_cast<std::uint64_t>(reap_ns));
  }
  result.bogo_ops = 10;
  result.sys_time_s = 10 * (create_ns + reap_ns) * 1e-9;
  return result;
}

TEST(SweepAnalysis, MarksABentCostAsABadFitInTheSummaryAndTheReport) {
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t mib = 0; mib <= 56; mib += 8) {
    sizes.push_back(mib << 20);
  }
  const SweepSettings settings = settings_of(sizes);
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < settings.rounds; ++round) {
    for (std::size_t point = 0; point < sizes.size(); ++point) {
      samples.push_back(SweepSample{point, round, 0, sweep_run_of(bent_run(sizes[point], round))});
    }
  }
  const SweepSummary summary = analyze_sweep(settings, samples, 1.0);
  std::map<std::string, SweepFit> fits;
  for (const SweepFit& fit : summary.fits) {
    fits[fit.phase] = fit;
  }
  EXPECT_TRUE(fits.at("create").bad_fit);
  EXPECT_EQ(fits.at("create").flags, std::vector<std::string>{"nonlinear"});
  EXPECT_FALSE(fits.at("reap").bad_fit);
  const std::string report = render_sweep(summary);
  // Said for what it means, not shouted: a bent line can still have an R² of 0.99.
  EXPECT_EQ(report.find("BAD FIT"), std::string::npos) << report;
  EXPECT_NE(report.find("  curved\n"), std::string::npos) << report;
  EXPECT_NE(report.find("curved: the per-page cost of the smaller and the larger half"),
            std::string::npos)
      << report;
  EXPECT_NE(report.find("is not create + reap"), std::string::npos) << report;
  EXPECT_EQ(report.find("copied"), std::string::npos) << "4 KiB pages: copied is pages" << report;
  std::istringstream lines(report);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("reap ", 0) == 0) {
      EXPECT_TRUE(line.ends_with("  ok")) << line;
    }
  }
}

std::vector<SweepSample> synthetic_rounds(const SweepSettings& settings, std::uint32_t rounds,
                                          std::mt19937_64& rng) {
  std::vector<SweepSample> samples;
  for (std::uint32_t round = 0; round < rounds; ++round) {
    for (std::size_t point = 0; point < settings.sizes.size(); ++point) {
      samples.push_back(
          SweepSample{point, round, 0, sweep_run_of(synthetic_run(settings.sizes[point], rng))});
    }
  }
  return samples;
}

TEST(SweepPrecision, ThePerPageIntervalNarrowsWithMoreRoundsAndIsRelativeToTheSlope) {
  const SweepSettings settings = settings_of({0, 16u << 20, 32u << 20, 64u << 20});
  std::mt19937_64 rng(11);
  const std::vector<SweepSample> few = synthetic_rounds(settings, 3, rng);
  const std::vector<SweepSample> many = synthetic_rounds(settings, 30, rng);
  const double few_width = per_page_half_width(few);
  const double many_width = per_page_half_width(many);
  EXPECT_GT(few_width, 0.0);
  EXPECT_LT(many_width, few_width);
  // Total = 300 µs + 150 ns per page with 2 % noise: the per-page slope is known within a few %.
  EXPECT_LT(many_width, 0.05);
  std::vector<double> pages, total_ns;
  for (const SweepSample& sample : many) {
    pages.push_back(sweep_pages(sample.run.parent));
    total_ns.push_back(sample.run.costs.total_ns);
  }
  const FitEstimate interval = sen_slope_interval(pages, total_ns);
  EXPECT_DOUBLE_EQ(many_width,
                   (interval.hi - interval.lo) / 2 / std::abs(theil_sen_slope(pages, total_ns)));
}

TEST(SweepPrecision, OneSizeHasNoSlopeAndSoNoPrecision) {
  const SweepSettings settings = settings_of({16u << 20});
  std::mt19937_64 rng(12);
  EXPECT_TRUE(std::isinf(per_page_half_width(synthetic_rounds(settings, 5, rng))));
}

TEST(SweepReport, SaysWhatEndedASweepRunToAPrecision) {
  const SweepSettings settings = settings_of({0, 16u << 20, 32u << 20, 64u << 20});
  std::mt19937_64 rng(13);
  SweepSummary summary = analyze_sweep(settings, synthetic_rounds(settings, 4, rng), 2.0);
  EXPECT_EQ(render_sweep(summary).find("stopped"), std::string::npos)
      << "a sweep of fixed rounds says nothing about stopping";
  summary.stop = StoredSweepStop{"precision", 3.0, 120.0, 1000, 2.41};
  EXPECT_NE(render_sweep(summary).find(
                "stopped: the per-page interval of total is ±2.4 %, within ±3 %\n"),
            std::string::npos)
      << render_sweep(summary);
  summary.stop->reason = "max-time";
  summary.stop->per_page_half_width_pct.reset();
  EXPECT_NE(render_sweep(summary).find("stopped by --max-time before ±3 % was reached: the "
                                       "per-page interval of total is not known yet\n"),
            std::string::npos)
      << render_sweep(summary);
}

TEST(SweepAnalysis, RefusesARunWithoutOperations) {
  const SweepSettings settings = settings_of({0, 16u << 20});
  std::vector<SweepSample> samples(2);
  samples[1].point = 1;
  EXPECT_THROW(analyze_sweep(settings, samples, 1.0), RuntimeError);
}

TEST(SweepAnalysis, CountsCopiedEntriesPerKind) {
  ParentMemory parent;
  parent.kind = ParentKind::kThp;
  parent.region_rss_kb = parent.region_anonymous_kb = 8192;
  parent.anon_huge_kb = 6144;
  EXPECT_EQ(entries_copied(parent), 2048 / 4 + 3);
  EXPECT_EQ(sweep_pages(parent), 2048.0);
  parent.kind = ParentKind::kShared;
  EXPECT_EQ(entries_copied(parent), 0.0);
  parent.kind = ParentKind::kZero;
  parent.requested_bytes = 1u << 20;
  parent.region_rss_kb = parent.region_anonymous_kb = parent.anon_huge_kb = 0;
  EXPECT_EQ(sweep_pages(parent), 256.0);
  EXPECT_EQ(entries_copied(parent), 0.0);  // zero-page entries: nothing to copy
  // A kernel that allocates a page per read fault: the zero region is anonymous memory.
  parent.region_rss_kb = parent.region_anonymous_kb = 1024;
  EXPECT_EQ(sweep_pages(parent), 256.0);
  EXPECT_EQ(entries_copied(parent), 256.0);
}

TEST(SweepReport, RejectsASummaryThatIsNotASweep) {
  // The empty summary of an unfinished sweep has no analysis to render.
  EXPECT_THROW(render_sweep(sweep_summary_from_json(nlohmann::json::object())), UsageError);
  EXPECT_THROW(render_sweep(sweep_summary_from_json({{"points", 1}, {"fits", 2}})), UsageError);
}

TEST(SweepOrder, ShufflesEachRoundIntoAReproduciblePermutation) {
  const auto first = round_order(8, 5, 0);
  std::vector<std::size_t> sorted = first;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, (std::vector<std::size_t>{0, 1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(first, round_order(8, 5, 0));
  // Over 20 rounds, the orders must not all be the same.
  int different = 0;
  for (std::uint32_t round = 1; round < 20; ++round) {
    different += round_order(8, 5, round) != first ? 1 : 0;
  }
  EXPECT_GE(different, 18);
}

}  // namespace
}  // namespace clonebench
