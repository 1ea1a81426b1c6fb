#include "trace/what_if.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "core/error.hpp"

namespace clonebench {
namespace {

RunSummary run_with_share(TraceComponent component, double wall_share, double cpu_share) {
  RunSummary summary;
  ComponentUse use;
  use.component = component;
  use.wall_share = wall_share;
  use.cpu_share = cpu_share;
  summary.components.push_back(use);
  return summary;
}

TEST(WhatIf, ParsesAPercentChangeOfANamedPart) {
  const WhatIf what_if = parse_what_if("clone=-3%", "--what-if");
  EXPECT_EQ(what_if.component, TraceComponent::kClone);
  EXPECT_DOUBLE_EQ(what_if.change, -0.03);
  EXPECT_DOUBLE_EQ(parse_what_if("exec=+10%", "--what-if").change, 0.10);
  EXPECT_DOUBLE_EQ(parse_what_if("kernel=-0.5", "--what-if").change, -0.5);
}

TEST(WhatIf, RefusesUnknownPartsAndImpossibleChangesNamingTheFlag) {
  for (const char* bad : {"clone", "clonez=-3%", "clone=", "clone=-3%%", "clone=-100%", "clone=0%",
                          "clone=abc", "=-3%"}) {
    try {
      parse_what_if(bad, "--what-if");
      ADD_FAILURE() << bad << " was accepted";
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--what-if"), std::string::npos) << bad;
    }
  }
}

TEST(WhatIf, AThreePercentCheaperCloneAtOnePercentOfTheTimeSavesAtMostThreeHundredths) {
  // Worked by hand: s = 0.01, c = -0.03, bound s·c = -0.0003 (-0.03 %).
  EXPECT_NEAR(amdahl_bound(0.01, -0.03), -0.0003, 1e-15);
  // The seed's Ansible figures: creation 0.79 % of the wall, clone 3 % cheaper: -0.0237 %.
  EXPECT_NEAR(amdahl_bound(0.0079, -0.03), -0.000237, 1e-12);
}

TEST(WhatIf,
     AThreePointSixPercentFasterRunFromAThreePercentCheaperCloneNeedsOneHundredTwentyPercent) {
  EXPECT_NEAR(share_needed(0.036, -0.03), 1.2, 1e-12);
  EXPECT_NEAR(share_needed(0.01, -0.05), 0.2, 1e-12);
  EXPECT_TRUE(std::isinf(share_needed(0.01, 0)));
}

TEST(WhatIf, EvaluatesTheBoundOverRunsAsMedianAndRange) {
  const std::vector<RunSummary> runs{run_with_share(TraceComponent::kClone, 0.0065, 0.01),
                                     run_with_share(TraceComponent::kClone, 0.0079, 0.02),
                                     run_with_share(TraceComponent::kClone, 0.0070, 0.03)};
  const WhatIfOutcome outcome = evaluate_what_if({TraceComponent::kClone, -0.03}, runs, 0.036);
  EXPECT_DOUBLE_EQ(outcome.wall_share.median, 0.0070);
  EXPECT_DOUBLE_EQ(outcome.wall_share.low, 0.0065);
  EXPECT_DOUBLE_EQ(outcome.wall_share.high, 0.0079);
  EXPECT_NEAR(outcome.wall_bound.median, -0.00021, 1e-12);
  EXPECT_NEAR(outcome.cpu_bound.median, -0.0006, 1e-12);
  ASSERT_TRUE(outcome.needed_share.has_value());
  EXPECT_NEAR(*outcome.needed_share, 1.2, 1e-12);
  EXPECT_FALSE(outcome.claim_possible_on_wall);
}

TEST(WhatIf, AClaimWithinTheMeasuredShareIsPossible) {
  const std::vector<RunSummary> runs{run_with_share(TraceComponent::kExec, 0.5, 0.5)};
  const WhatIfOutcome outcome = evaluate_what_if({TraceComponent::kExec, -0.10}, runs, 0.04);
  EXPECT_NEAR(*outcome.needed_share, 0.4, 1e-12);
  EXPECT_TRUE(outcome.claim_possible_on_wall);
}

TEST(WhatIf, ClaimsMustBeASavingBetweenZeroAndAHundredPercent) {
  EXPECT_DOUBLE_EQ(parse_claimed_saving("3.6%", "--claim"), 0.036);
  EXPECT_THROW(parse_claimed_saving("0%", "--claim"), UsageError);
  EXPECT_THROW(parse_claimed_saving("100%", "--claim"), UsageError);
  EXPECT_THROW(parse_claimed_saving("x", "--claim"), UsageError);
}

}  // namespace
}  // namespace clonebench
