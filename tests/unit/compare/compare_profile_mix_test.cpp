// compare and profiles: a mix of profiled and unprofiled runs is refused, and A and B on kernels
// whose fork/exit path differs are told apart.
#include <gtest/gtest.h>

#include "compare/environment_diff.hpp"
#include "compare/profile_mix.hpp"
#include "record/environment_json.hpp"

namespace clonebench {
namespace {

SampleSet side(std::initializer_list<std::optional<bool>> profiled) {
  SampleSet set{"side", "store", {}};
  for (const std::optional<bool>& flag : profiled) {
    RunObservation run;
    run.profiled = flag;
    set.runs.push_back(run);
  }
  return set;
}

TEST(ProfileMix, AllProfiledOrAllUnprofiledIsFine) {
  EXPECT_EQ(profiled_mix(side({true, true}), side({true})), "");
  EXPECT_EQ(profiled_mix(side({false}), side({false, false})), "");
}

TEST(ProfileMix, ProfiledAgainstUnprofiledIsRefusedWithTheCounts) {
  const std::string mix = profiled_mix(side({true, true}), side({false}));
  EXPECT_NE(mix.find("A has 2 profiled and 0 unprofiled runs, B 0 and 1"), std::string::npos)
      << mix;
  EXPECT_NE(profiled_mix(side({true, false}), side({true})), "") << "a mix within one side too";
}

TEST(ProfileMix, RunsWhoseSourceCannotSayAreLeftOut) {
  EXPECT_EQ(profiled_mix(side({std::nullopt}), side({true})), "");
  EXPECT_EQ(profiled_mix(side({std::nullopt, false}), side({std::nullopt})), "");
}

SampleSet on_kernel(const std::string& compound_head, const std::string& thunk) {
  SampleSet set{"side", "store", {}};
  RunObservation run;
  run.environment = environment_from_json(
      {{"kernel_path",
        {{"compound_head", compound_head},
         {"out_of_line", {{"_compound_head", compound_head == "out-of-line"}}},
         {"kallsyms", {{"access", "addresses"}, {"detail", "differs harmlessly " + thunk}}},
         {"return_thunk", {{"kind", thunk}, {"description", "whatever"}}}}},
       {"config", {{"CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP", "y"}}}});
  set.runs.push_back(run);
  return set;
}

TEST(EnvironmentDiff, WarnsWhenTheForkPathOfAAndBDiffers) {
  const auto differences = environment_differences(on_kernel("out-of-line", "srso-safe-ret"),
                                                   on_kernel("inline", "plain-ret"));
  const auto has = [&differences](const std::string& part) {
    return std::any_of(differences.begin(), differences.end(),
                       [&part](const std::string& d) { return d.find(part) != std::string::npos; });
  };
  EXPECT_TRUE(has("kernel_path.compound_head: A out-of-line, B inline"));
  EXPECT_TRUE(has("kernel_path.return_thunk.kind: A srso-safe-ret, B plain-ret"));
  EXPECT_TRUE(has("kernel_path.out_of_line"));
  EXPECT_FALSE(has("kallsyms")) << "how the facts were read is not a difference";
  EXPECT_TRUE(
      environment_differences(on_kernel("inline", "plain-ret"), on_kernel("inline", "plain-ret"))
          .empty());
}

// Runs of a fleet's shared store: A measured on one host, B on another.
TEST(EnvironmentDiff, WarnsWhenAAndBComeFromDifferentHosts) {
  SampleSet a{"a", "store", {}};
  SampleSet b{"b", "store", {}};
  a.runs.emplace_back().environment =
      environment_from_json({{"hostname", "amd-epyc"}, {"cpu_model", "EPYC 9654"}});
  b.runs.emplace_back().environment =
      environment_from_json({{"hostname", "intel-icx"}, {"cpu_model", "Xeon 8380"}});
  const auto differences = environment_differences(a, b);
  ASSERT_EQ(differences.size(), 2U);
  EXPECT_EQ(differences[0], "hostname: A amd-epyc, B intel-icx");
  EXPECT_EQ(differences[1], "cpu_model: A EPYC 9654, B Xeon 8380");
  EXPECT_TRUE(environment_differences(a, a).empty());
}

}  // namespace
}  // namespace clonebench
