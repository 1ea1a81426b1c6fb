// From synthetic runs to the sweep summary and its report; and the shuffled order of rounds.

#include "sweep/sweep_analysis.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "core/error.hpp"
#include "sweep/sweep_report.hpp"
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
  const nlohmann::json summary = analyze_sweep(settings, samples, 1.5);
  ASSERT_EQ(summary.at("fits").size(), 3u);
  const std::vector<std::pair<double, double>> truth = {{100, 50}, {200, 200}, {150, 300}};
  for (std::size_t phase = 0; phase < 3; ++phase) {
    const auto& fit = summary.at("fits")[phase];
    const auto& slope = fit.at("per_page_ns");
    const auto& fixed = fit.at("fixed_us");
    EXPECT_NEAR(slope.at("estimate").get<double>(), truth[phase].first, truth[phase].first * 0.05);
    EXPECT_LT(slope.at("ci")[0].get<double>(), truth[phase].first * 1.05);
    EXPECT_GT(slope.at("ci")[1].get<double>(), truth[phase].first * 0.95);
    EXPECT_NEAR(fixed.at("estimate").get<double>(), truth[phase].second, truth[phase].second * 0.1);
    EXPECT_GT(fit.at("r2").get<double>(), 0.95);
  }
  EXPECT_EQ(summary.at("points")[2].at("pages").get<double>(), 8192.0);
  EXPECT_EQ(summary.at("points")[2].at("runs").size(), 4u);

  const std::string report = render_sweep_report(summary);
  EXPECT_NE(report.find("per page ns"), std::string::npos);
  EXPECT_NE(report.find("32 MiB"), std::string::npos);
  EXPECT_NE(report.find("total µs per op vs pages"), std::string::npos);
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
  parent.region_rss_kb = 0;
  EXPECT_EQ(sweep_pages(parent), 256.0);
}

TEST(SweepReport, RejectsASummaryThatIsNotASweep) {
  EXPECT_THROW(render_sweep_report(nlohmann::json::object()), UsageError);
  EXPECT_THROW(render_sweep_report({{"points", 1}, {"fits", 2}}), UsageError);
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
