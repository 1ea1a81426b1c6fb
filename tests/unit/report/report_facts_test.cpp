// The command lines a report shows, from the typed stored summaries.

#include "report/report_facts.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

TEST(AbCommand, RebuildsTheCommandFromTheStoredDesignWithTheSeedInHex) {
  AbSummary summary;
  summary.spec = "fork --rss 64M";
  summary.a_options = "--thp never";
  summary.b_options = "--thp always";
  summary.setup_b = "echo 1 > /proc/sys/vm/x";
  summary.pairs = 20;
  summary.warmups_per_arm = 2;
  summary.seed = 42;
  summary.seed_hex = "0x2a";
  EXPECT_EQ(ab_command(summary),
            "clonebench ab 'fork --rss 64M' --a '--thp never' --b '--thp always' --setup-b "
            "'echo 1 > /proc/sys/vm/x' --pairs 20 --warmup 2 --seed 0x2a");
  summary.seed_hex.reset();
  EXPECT_TRUE(ab_command(summary).ends_with(" --seed 42")) << ab_command(summary);
}

TEST(AbCommand, SaysNotAvailableForWhatASummaryWithoutItsDesignLacks) {
  EXPECT_EQ(ab_command(AbSummary{}),
            "clonebench ab n/a --a n/a --b n/a --pairs n/a --warmup n/a --seed n/a");
}

TEST(AbCommand, EscapesControlCharactersOfAStoredSetupCommand) {
  AbSummary summary;
  summary.setup_a = "echo \x1b[2J";
  EXPECT_EQ(ab_command(summary).find('\x1b'), std::string::npos);
}

}  // namespace
}  // namespace clonebench
