// The human table: one aligned row per run with the numbers people compare first.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "render/exporters.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

std::vector<std::string> table_lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

TEST(ExportTable, HasTwoHeaderLinesAndOneLinePerRun) {
  const auto lines = table_lines_of(render_table(testing::sample_document()));
  ASSERT_EQ(lines.size(), 6U);  // and the two notes on clone's row
  EXPECT_NE(lines[0].find("create µs"), std::string::npos);
  EXPECT_EQ(lines[1].rfind("stressor", 0), 0U);
  EXPECT_EQ(lines[2].rfind("clone ", 0), 0U);
  EXPECT_EQ(lines[3].rfind("fork ", 0), 0U);
}

// The clone row's failures and reap times look like a broken run unless the table says why.
TEST(ExportTable, ExplainsCloneFlagFailuresAndItsQueuedReaping) {
  const auto lines = table_lines_of(render_table(testing::sample_document()));
  ASSERT_EQ(lines.size(), 6U);
  EXPECT_TRUE(lines[4].starts_with("note: EINVAL and EPERM failures are deliberate")) << lines[4];
  EXPECT_TRUE(
      lines[5].starts_with("note: clone keeps up to --clone-max children alive and reaps "
                           "the oldest first (FIFO"))
      << lines[5];
  RunDocument fork_only = testing::sample_document();
  fork_only.runs.erase(fork_only.runs.begin());
  EXPECT_EQ(render_table(fork_only).find("note:"), std::string::npos);
}

// A run whose first intervals were slow reports less than the steady state: the table says so.
TEST(ExportTable, NotesARunThatStartedBelowItsSteadyRate) {
  RunDocument document = testing::sample_document();
  document.runs[1].result.intervals =
      ThroughputSeries{0.1, {85, 85, 109, 149, 150, 159, 154, 165, 173, 161}, 0.1};
  const auto lines = table_lines_of(render_table(document));
  ASSERT_EQ(lines.size(), 7U);
  EXPECT_TRUE(
      lines[6].starts_with("note: run 2 (fork) started slow: its first 0.3 s ran at 59 % "
                           "of the rate of the rest"))
      << lines[6];
  document.runs[1].result.intervals =
      ThroughputSeries{0.1, {160, 161, 162, 165, 152, 157, 162, 169, 166, 163}, 0.1};
  EXPECT_EQ(render_table(document).find("started slow"), std::string::npos);
}

TEST(ExportTable, SaysARunCountedInGuestInstructionsHasNoTimes) {
  RunDocument counted = testing::sample_document();
  counted.runs.erase(counted.runs.begin());
  GuestFacts guest;
  guest.measure = std::string("instructions");
  counted.environment.guest = guest;
  const std::string table = render_table(counted);
  EXPECT_NE(table.find("note: measured in a QEMU guest under icount"), std::string::npos) << table;
  EXPECT_NE(table.find("guest_instructions_per_op"), std::string::npos);
  guest.measure = std::string("time");
  counted.environment.guest = guest;
  EXPECT_EQ(render_table(counted).find("icount"), std::string::npos);
}

TEST(ExportTable, RightAlignsNumbersUnderTheirHeaders) {
  const auto lines = table_lines_of(render_table(testing::sample_document()));
  const std::size_t end = lines[1].find("ops/s real") + std::string("ops/s real").size();
  EXPECT_EQ(lines[2].substr(0, end).substr(end - 6), "279.50");
  EXPECT_EQ(lines[3].substr(0, end).substr(end - 6), "690.32");
  const std::size_t ops_end = lines[1].find("bogo ops") + std::string("bogo ops").size();
  EXPECT_EQ(lines[2].substr(ops_end - 4, 4), "2807");
  EXPECT_EQ(lines[3].substr(ops_end - 4, 4), "2071");
}

TEST(ExportTable, ShowsLatencyPercentilesInMicroseconds) {
  // 98 creates of 1 ms and 2 of 3 ms. Nearest rank: p50 is the 50th value (1 ms), p99 the 99th
  // (3 ms); each is shown as the middle of its histogram bucket (64 per power of two):
  // 1 000 000 ns lies in [999 424, 1 007 616), middle 1 003 519.5 ns → "1003.5";
  // 3 000 000 ns lies in [2 981 888, 3 014 656), middle 2 998 271.5 ns → "2998.3" (below the
  // maximum, so not clamped).
  RunDocument document = testing::sample_document();
  LatencyHistogram create;
  for (int i = 0; i < 98; ++i) {
    create.add(1'000'000);
  }
  create.add(3'000'000);
  create.add(3'000'000);
  document.runs[1].result.create = create;
  const auto lines = table_lines_of(render_table(document));
  const std::size_t p50_end = lines[1].find("p50") + 3;
  const std::size_t p99_end = lines[1].find("p99") + 3;
  EXPECT_EQ(lines[3].substr(p50_end - 6, 6), "1003.5") << lines[3];
  EXPECT_EQ(lines[3].substr(p99_end - 6, 6), "2998.3") << lines[3];
}

TEST(ExportTable, ListsFailuresOrADash) {
  const auto lines = table_lines_of(render_table(testing::sample_document()));
  EXPECT_EQ(lines[2].substr(lines[2].size() - 21), "EINVAL 120, EPERM 340");
  EXPECT_EQ(lines[3].back(), '-');
}

TEST(ExportTable, PrintsADashForAPhaseWithoutSamples) {
  RunDocument document = testing::sample_document();
  document.runs[1].result.start = LatencyHistogram{};
  const auto lines = table_lines_of(render_table(document));
  EXPECT_NE(lines[3].find(" - "), std::string::npos) << lines[3];
}

TEST(ExportTable, EndsNoLineWithSpaces) {
  for (const auto& line : table_lines_of(render_table(testing::sample_document()))) {
    ASSERT_FALSE(line.empty());
    EXPECT_NE(line.back(), ' ') << line;
  }
}

}  // namespace
}  // namespace clonebench
