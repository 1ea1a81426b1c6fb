// The pieces of `clonebench ab` that decide what runs: the seeded pair order and the splitting
// of SPEC / --a / --b into words.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

#include "cli/argument_split.hpp"
#include "compare/ab_document.hpp"
#include "compare/pair_order.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

using Words = std::vector<std::string>;

TEST(PairOrder, FollowsTheTopBitOfTheStandardMersenneTwister) {
  // std::mt19937_64 with its default seed 5489 is fixed by the C++ standard: its outputs begin
  // 14514284786278117030 (top bit 1), 4620546740167642908 (0), 13109570281517897720 (1),
  // 17462938647148434322 (1), 355488278567739596 (0); the 10000th is 9981545732273789042.
  const std::vector<PairOrder> orders = pair_orders(5, 5489);
  const std::vector<PairOrder> expected = {PairOrder::kBA, PairOrder::kAB, PairOrder::kBA,
                                           PairOrder::kBA, PairOrder::kAB};
  EXPECT_EQ(orders, expected);
  EXPECT_EQ(pair_orders(10000, 5489).back(), PairOrder::kBA);  // 9981545732273789042 ≥ 2^63
}

TEST(PairOrder, IsReproducibleFromItsSeed) {
  EXPECT_EQ(pair_orders(50, 0x5eed), pair_orders(50, 0x5eed));
  EXPECT_NE(pair_orders(50, 0x5eed), pair_orders(50, 0x5eee));
}

TEST(PairOrder, ALongerExperimentExtendsAShorterOneWithTheSameSeed) {
  const std::vector<PairOrder> short_run = pair_orders(10, 42);
  const std::vector<PairOrder> long_run = pair_orders(30, 42);
  EXPECT_TRUE(std::equal(short_run.begin(), short_run.end(), long_run.begin()));
}

TEST(PairOrder, IsRoughlyBalancedOverManySeeds) {
  // 1000 seeds × 20 pairs: the AB share is a binomial proportion over 20000 flips with
  // standard deviation √(0.25 / 20000) ≈ 0.00354; within ±4 standard deviations.
  std::size_t ab = 0;
  for (std::uint64_t seed = 0; seed < 1000; ++seed) {
    const auto orders = pair_orders(20, seed);
    ab += static_cast<std::size_t>(std::count(orders.begin(), orders.end(), PairOrder::kAB));
  }
  const double share = static_cast<double>(ab) / 20000.0;
  EXPECT_GT(share, 0.5 - 4 * 0.00354);
  EXPECT_LT(share, 0.5 + 4 * 0.00354);
}

TEST(PairOrder, IsNotStrictAlternation) {
  // Strict ABAB turns carry-over into a fake effect; a coin flip has runs of equal orders.
  const auto orders = pair_orders(20, 7);
  bool repeated = false;
  for (std::size_t i = 1; i < orders.size(); ++i) {
    repeated = repeated || orders[i] == orders[i - 1];
  }
  EXPECT_TRUE(repeated);
}

TEST(AbDesign, CountsAbAndBaPairsAndRecordsTheSeed) {
  AbDesign design;
  design.orders = {PairOrder::kAB, PairOrder::kBA, PairOrder::kBA};
  design.seed = 255;
  design.warmups = 1;
  const auto json = ab_design_json(design);
  EXPECT_EQ(json["pairs"], 3);
  EXPECT_EQ(json["ab_pairs"], 1);
  EXPECT_EQ(json["ba_pairs"], 2);
  EXPECT_EQ(json["order"], nlohmann::ordered_json({"AB", "BA", "BA"}));
  EXPECT_EQ(json["seed_hex"], "0xff");
  EXPECT_TRUE(json["restore"].is_null());
  EXPECT_TRUE(json["experiment"].is_null());
}

TEST(AbDesign, RecordsWhyThePairsEndedAndTheWidestIntervalOfTheLastLook) {
  AbDesign design;
  EXPECT_EQ(ab_design_json(design)["stop"]["reason"], "pairs");
  EXPECT_TRUE(ab_design_json(design)["stop"]["precision_pct"].is_null());
  EXPECT_TRUE(ab_design_json(design)["stop"]["last_look"].is_null());
  design.stop = AbStop{"precision", 1.0, 300.0, 10000, "ops_per_sec_real", 0.93, 151.5};
  const auto stop = ab_design_json(design)["stop"];
  EXPECT_EQ(stop["reason"], "precision");
  EXPECT_EQ(stop["precision_pct"], 1.0);
  EXPECT_EQ(stop["max_time_s"], 300.0);
  EXPECT_EQ(stop["pairs_cap"], 10000);
  EXPECT_EQ(stop["last_look"]["metric"], "ops_per_sec_real");
  EXPECT_EQ(stop["last_look"]["ci_half_width_pct"], 0.93);
  EXPECT_EQ(stop["elapsed_s"], 151.5);
  design.stop.widest_half_width_pct = std::numeric_limits<double>::infinity();
  EXPECT_TRUE(ab_design_json(design)["stop"]["last_look"]["ci_half_width_pct"].is_null());
}

TEST(SplitArguments, SplitsOnAnyWhitespace) {
  EXPECT_EQ(split_arguments("fork  --timeout\t2s\n--rss 64M", "SPEC"),
            (Words{"fork", "--timeout", "2s", "--rss", "64M"}));
}

TEST(SplitArguments, GivesNothingForBlankText) {
  EXPECT_TRUE(split_arguments("", "--a").empty());
  EXPECT_TRUE(split_arguments("   ", "--a").empty());
}

TEST(SplitArguments, KeepsQuotedSpacesAndRemovesTheQuotes) {
  EXPECT_EQ(split_arguments("--label 'my kernel' --x \"a b\"c", "--a"),
            (Words{"--label", "my kernel", "--x", "a bc"}));
}

TEST(SplitArguments, KeepsAnEmptyQuotedWord) {
  EXPECT_EQ(split_arguments("--label '' x", "--b"), (Words{"--label", "", "x"}));
}

TEST(SplitArguments, HonoursBackslashesOutsideSingleQuotes) {
  EXPECT_EQ(split_arguments(R"(a\ b 'c\d' "e\"f")", "SPEC"), (Words{"a b", R"(c\d)", "e\"f"}));
}

TEST(SplitArguments, RejectsAnUnterminatedQuoteNamingTheFlag) {
  try {
    split_arguments("--rss '64M", "--b");
    FAIL() << "no error";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find("--b"), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("unterminated"), std::string::npos);
  }
  EXPECT_THROW(split_arguments("fork \\", "SPEC"), UsageError);
}

}  // namespace
}  // namespace clonebench
