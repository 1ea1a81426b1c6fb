#include "trace/trace_analysis.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"
#include "record/summary_field.hpp"
#include "record/trace_summary_json.hpp"

namespace clonebench {
namespace {

Creation made(CreationKind kind, std::int64_t duration_ns, std::uint64_t rss_anon_kb) {
  Creation creation;
  creation.kind = kind;
  creation.duration_ns = duration_ns;
  creation.call = "clone";
  creation.comm = "bash";
  creation.parent.rss_anon_kb = rss_anon_kb;
  creation.parent.vmas = 40;
  return creation;
}

// 1 s of wall time, 0.5 s of CPU time (0.2 s of it in the kernel).
TraceRun sample_run() {
  TraceRun run;
  run.wall_ns = 1'000'000'000;
  run.user_ns = 300'000'000;
  run.sys_ns = 200'000'000;
  run.creations = {
      made(CreationKind::kFork, 1'000'000, 1024), made(CreationKind::kFork, 3'000'000, 8 * 1024),
      made(CreationKind::kVfork, 500'000, 64 * 1024), made(CreationKind::kThread, 500'000, 1024)};
  run.execs = {{0, 4'000'000, "execve", "true", 0}, {0, 1'000'000, "execve", "x", 2}};
  run.exits = {{0, 2'000'000, "true"}, {0, -1, "sh"}};
  return run;
}

const ComponentUse& use_of(const RunSummary& summary, TraceComponent component) {
  for (const ComponentUse& use : summary.components) {
    if (use.component == component) {
      return use;
    }
  }
  throw std::logic_error("no such component");
}

TEST(TraceAnalysis, SharesAreTotalsOverTheWallAndOverTheTreesCpuTime) {
  const RunSummary summary = summarize_run(sample_run());
  const ComponentUse& clone = use_of(summary, TraceComponent::kClone);
  EXPECT_EQ(clone.count, 3U);
  EXPECT_EQ(clone.time.total_ns, 4'500'000);
  EXPECT_DOUBLE_EQ(clone.wall_share, 0.0045);
  EXPECT_DOUBLE_EQ(clone.cpu_share, 0.009);
  EXPECT_EQ(use_of(summary, TraceComponent::kCreate).time.total_ns, 5'000'000);
  EXPECT_EQ(use_of(summary, TraceComponent::kFork).count, 2U);
  EXPECT_EQ(use_of(summary, TraceComponent::kThread).count, 1U);
  const ComponentUse& exec = use_of(summary, TraceComponent::kExec);
  EXPECT_EQ(exec.count, 2U);
  EXPECT_EQ(exec.failed, 1U);
  EXPECT_DOUBLE_EQ(exec.wall_share, 0.005);
  const ComponentUse& exit = use_of(summary, TraceComponent::kExit);
  EXPECT_EQ(exit.count, 2U);
  EXPECT_EQ(exit.time.total_ns, 2'000'000);
  EXPECT_DOUBLE_EQ(use_of(summary, TraceComponent::kKernel).wall_share, 0.2);
  EXPECT_DOUBLE_EQ(use_of(summary, TraceComponent::kKernel).cpu_share, 0.4);
}

TEST(TraceAnalysis, BucketsProcessCreationsByTheParentsRss) {
  const RunSummary summary = summarize_run(sample_run());
  ASSERT_EQ(summary.buckets.size(), 3U);
  EXPECT_EQ(summary.buckets[0].time.count, 1U);  // 1 MiB (the thread is left out)
  EXPECT_EQ(summary.buckets[1].time.count, 1U);  // 8 MiB
  EXPECT_EQ(summary.buckets[2].time.count, 1U);  // 64 MiB
  EXPECT_DOUBLE_EQ(summary.buckets[1].time.p50_ns, 3'000'000);
  EXPECT_EQ(summary.max_parent_rss_kb, 64U * 1024);
  EXPECT_EQ(summary.failures_by_errno.at("ENOENT"), 1U);
}

TEST(TraceAnalysis, PercentilesInterpolateBetweenDurations) {
  const TimeSummary summary = summarize_times({10, 20, 30, 40, 50});
  EXPECT_EQ(summary.total_ns, 150);
  EXPECT_DOUBLE_EQ(summary.p50_ns, 30);
  EXPECT_DOUBLE_EQ(summary.p90_ns, 46);
  EXPECT_DOUBLE_EQ(summary.max_ns, 50);
}

TEST(TraceAnalysis, TheTracingsEffectIsTheRatioOfEachAdjacentTracedAndUntracedPair) {
  TraceRun untraced;
  untraced.traced = false;
  untraced.wall_ns = 100;
  TraceRun traced;
  traced.wall_ns = 110;
  TraceRun traced_slower;
  traced_slower.wall_ns = 130;
  const TracingEffect effect = tracing_effect({untraced, traced, traced_slower, untraced});
  EXPECT_EQ(effect.pairs, 2U);
  EXPECT_DOUBLE_EQ(effect.ratio.median, 1.2);
  EXPECT_DOUBLE_EQ(effect.ratio.low, 1.1);
  EXPECT_DOUBLE_EQ(effect.ratio.high, 1.3);
}

TEST(TraceJson, ACensusSurvivesItsCodecUnchanged) {
  TraceCensus census;
  census.command = {"make", "-j2"};
  census.started_at = "2026-12-03T12:00:00Z";
  census.kernel_release = "6.18";
  census.host = "h";
  census.cpus = 2;
  census.runs = {sample_run()};
  census.runs[0].dropped_events = 3;
  const TraceCensus back = trace_census_from_json(trace_census_to_json(census));
  EXPECT_EQ(trace_census_to_json(back), trace_census_to_json(census));
  EXPECT_EQ(back.runs[0].creations[2].kind, CreationKind::kVfork);
  EXPECT_EQ(back.runs[0].dropped_events, 3U);
}

TEST(TraceJson, RefusesAnotherSchemaNamingTheField) {
  try {
    trace_census_from_json({{"schema", "clonebench/1"}});
    FAIL();
  } catch (const SummaryError& error) {
    EXPECT_EQ(error.field(), "schema");
  }
}

// Found by fuzz_trace_census: a schema that is no string escaped as a JSON type error.
TEST(TraceJson, RefusesASchemaThatIsNoStringAsAUsageError) {
  EXPECT_THROW(trace_census_from_json({{"schema", 1}}), UsageError);
  EXPECT_THROW(trace_census_from_json(nlohmann::json::array()), UsageError);
}

// Found by fuzz_trace_census: two durations near the int64 limit summed past it, and the
// conversion of that sum was undefined.
TEST(TraceJson, RefusesTimesThatNoSumCouldHoldNamingTheField) {
  TraceCensus census;
  census.runs = {sample_run()};
  nlohmann::json document = trace_census_to_json(census);
  document["runs"][0]["creations"][0]["duration_ns"] = INT64_MAX;
  try {
    trace_census_from_json(document);
    FAIL() << "accepted a duration of 292 years";
  } catch (const SummaryError& error) {
    EXPECT_EQ(std::string(error.what()), "runs[0].creations[0].duration_ns: out of range");
  }
  document["runs"][0]["creations"][0]["duration_ns"] = -5;
  EXPECT_THROW(trace_census_from_json(document), SummaryError);
}

TEST(TraceAnalysis, ATotalPastTheRangeOfItsIntegerSaturates) {
  EXPECT_EQ(summarize_times({9e18, 9e18}).total_ns, static_cast<std::int64_t>(9.2e18));
}

}  // namespace
}  // namespace clonebench
