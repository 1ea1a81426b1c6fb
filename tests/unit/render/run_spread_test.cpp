// The spread under `run`'s table: each stressor's repeated runs as mean ± σ and min … max, with
// its digits from the number rule; runs of different settings never pooled; none for one run.

#include "render/run_spread.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

RunRecord run_of(const char* stressor, std::uint64_t bogo_ops, std::uint64_t rss_bytes = 0) {
  RunRecord record;
  record.result.stressor = stressor;
  record.result.instances = 1;
  record.result.bogo_ops = bogo_ops;
  record.result.real_time_s = 1;
  record.result.usr_time_s = 0.25;
  record.result.sys_time_s = 0.25;
  record.result.options.rss_bytes = rss_bytes;
  return record;
}

TEST(RunSpread, GivesTheMeanSigmaAndRangeOfEachStressorsRuns) {
  RunDocument document;
  for (const std::uint64_t ops : {6000, 6100, 6200}) {
    document.runs.push_back(run_of("fork", ops));
  }
  // σ = 100: two significant digits of it, so no decimals.
  EXPECT_EQ(render_run_spread(document),
            "spread (mean ± σ, range min … max):\n"
            "fork x1, 3 runs: ops/s real 6100 ± 100, range 6000 … 6200; ops/s cpu 12200 ± 200, "
            "range 12000 … 12400\n");
}

TEST(RunSpread, NeverPoolsRunsOfDifferentSettings) {
  RunDocument document;
  document.runs = {run_of("fork", 6000), run_of("fork", 3000, 64 << 20), run_of("fork", 6100),
                   run_of("fork", 3100, 64 << 20)};
  const std::string spread = render_run_spread(document);
  EXPECT_NE(spread.find("fork x1 rss_bytes 0, 2 runs: ops/s real 6050 ± 71, range 6000 … 6100"),
            std::string::npos)
      << spread;
  EXPECT_NE(spread.find("fork x1 rss_bytes 67108864, 2 runs: ops/s real 3050 ± 71, range 3000 … "
                        "3100"),
            std::string::npos)
      << spread;
}

TEST(RunSpread, SaysNothingOfAStressorRunOnce) {
  RunDocument document;
  document.runs = {run_of("fork", 6000), run_of("vfork", 9000)};
  EXPECT_EQ(render_run_spread(document), "");
}

}  // namespace
}  // namespace clonebench
