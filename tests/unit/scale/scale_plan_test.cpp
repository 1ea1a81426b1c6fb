// The rounds of a scale (every count once per round, rotated so each count takes each position
// equally often) and the instance counts as typed or by default.

#include "scale/scale_plan.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "core/error.hpp"
#include "scale/instance_list.hpp"

namespace clonebench {
namespace {

TEST(ScalePlan, RunsEveryCountOnceInEachRound) {
  const std::vector<ScaleVisit> plan = scale_plan(4, 6, 11);
  ASSERT_EQ(plan.size(), 24u);
  for (std::uint32_t round = 0; round < 6; ++round) {
    std::set<std::size_t> points;
    for (std::uint32_t position = 0; position < 4; ++position) {
      const ScaleVisit& visit = plan[round * 4 + position];
      EXPECT_EQ(visit.round, round);
      EXPECT_EQ(visit.position, position);
      points.insert(visit.point);
    }
    EXPECT_EQ(points, (std::set<std::size_t>{0, 1, 2, 3})) << "round " << round;
  }
}

TEST(ScalePlan, GivesEveryCountEveryPositionEquallyOftenOverAsManyRoundsAsCounts) {
  const std::vector<ScaleVisit> plan = scale_plan(3, 6, 5);
  std::map<std::pair<std::size_t, std::uint32_t>, int> times;
  for (const ScaleVisit& visit : plan) {
    ++times[{visit.point, visit.position}];
  }
  ASSERT_EQ(times.size(), 9u);
  for (const auto& [point_position, count] : times) {
    EXPECT_EQ(count, 2) << "count " << point_position.first << " at " << point_position.second;
  }
}

TEST(ScalePlan, TwoCountsAlternateWhichRunsFirst) {
  const std::vector<ScaleVisit> plan = scale_plan(2, 4, 3);
  EXPECT_EQ(plan[0].point, plan[3].point);
  EXPECT_NE(plan[0].point, plan[2].point);
  EXPECT_EQ(plan[0].point, plan[4].point);
}

TEST(ScalePlan, TheSameSeedGivesTheSameOrderAndAnotherSeedMayNot) {
  const auto points_of = [](const std::vector<ScaleVisit>& plan) {
    std::vector<std::size_t> points;
    for (const ScaleVisit& visit : plan) {
      points.push_back(visit.point);
    }
    return points;
  };
  EXPECT_EQ(points_of(scale_plan(6, 3, 42)), points_of(scale_plan(6, 3, 42)));
  bool differs = false;
  for (std::uint64_t seed = 1; seed < 10 && !differs; ++seed) {
    differs = points_of(scale_plan(6, 3, seed)) != points_of(scale_plan(6, 3, 0));
  }
  EXPECT_TRUE(differs) << "the seed does not change the order";
}

TEST(ScaleInstanceList, DefaultsToPowersOfTwoAndEveryCpu) {
  EXPECT_EQ(default_instance_counts(1), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(default_instance_counts(2), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(default_instance_counts(6), (std::vector<std::uint32_t>{1, 2, 4, 6}));
  EXPECT_EQ(default_instance_counts(8), (std::vector<std::uint32_t>{1, 2, 4, 8}));
  EXPECT_EQ(default_instance_counts(12), (std::vector<std::uint32_t>{1, 2, 4, 8, 12}));
}

TEST(ScaleInstanceList, ParsesACommaListInAscendingOrder) {
  EXPECT_EQ(parse_instance_list("1,2", "--instances"), (std::vector<std::uint32_t>{1, 2}));
  EXPECT_EQ(parse_instance_list("8,1,4,2", "--instances"),
            (std::vector<std::uint32_t>{1, 2, 4, 8}));
}

TEST(ScaleInstanceList, RefusesBadListsNamingTheFlag) {
  for (const std::string text : {"", "1", "0,1", "1,x", "1,2,2", "2,4", "1,,2", "1,1025", "1,-2"}) {
    try {
      parse_instance_list(text, "--instances");
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--instances"), std::string::npos) << error.what();
    }
  }
}

}  // namespace
}  // namespace clonebench
