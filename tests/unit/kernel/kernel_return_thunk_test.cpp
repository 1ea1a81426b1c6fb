// The return path every kernel call pays, from the vulnerability lines of real kernels.
#include <gtest/gtest.h>

#include "kernel/return_thunk.hpp"

namespace clonebench {
namespace {

ReturnThunk thunk_of(const std::string& srso, const std::string& retbleed,
                     const std::string& its = "Not affected") {
  return classify_return_thunk(
      {{"spec_rstack_overflow", srso}, {"retbleed", retbleed}, {"indirect_target_selection", its}});
}

TEST(ReturnThunk, SrsoSafeRetPatchesInTheThunkWithOrWithoutMicrocode) {
  EXPECT_EQ(thunk_of("Mitigation: Safe RET", "Not affected").path, ReturnPath::kSrsoSafeReturn);
  EXPECT_EQ(thunk_of("Vulnerable: Safe RET, no microcode",
                     "Mitigation: untrained return thunk; SMT vulnerable")
                .path,
            ReturnPath::kSrsoSafeReturn);
  EXPECT_EQ(thunk_of("Mitigation: safe RET", "Not affected").kind, "srso-safe-ret");
}

TEST(ReturnThunk, SrsoWithoutSafeRetLeavesPlainReturns) {
  EXPECT_EQ(thunk_of("Vulnerable: Microcode, no safe RET", "Not affected").path,
            ReturnPath::kPlainReturn);
  EXPECT_EQ(thunk_of("Vulnerable: No microcode", "Not affected").path, ReturnPath::kPlainReturn);
  EXPECT_EQ(thunk_of("Mitigation: IBPB", "Not affected").path, ReturnPath::kPlainReturn);
  EXPECT_EQ(thunk_of("Not affected", "Not affected").kind, "plain-ret");
}

TEST(ReturnThunk, RetbleedThunksAndCallDepthTrackingAreRecognised) {
  EXPECT_EQ(thunk_of("Not affected", "Mitigation: untrained return thunk; SMT disabled").path,
            ReturnPath::kUntrainedReturn);
  EXPECT_EQ(thunk_of("Not affected", "Mitigation: Stuffing").path, ReturnPath::kCallDepthTracking);
  EXPECT_EQ(thunk_of("Not affected", "Mitigation: Enhanced IBRS").path, ReturnPath::kPlainReturn);
  EXPECT_EQ(
      thunk_of("Not affected", "Not affected", "Mitigation: Aligned branch/return thunks").path,
      ReturnPath::kAlignedThunks);
}

TEST(ReturnThunk, OnlyThunksThatMispredictOrCountMakeCallsExpensive) {
  EXPECT_TRUE(makes_calls_expensive(ReturnPath::kSrsoSafeReturn));
  EXPECT_TRUE(makes_calls_expensive(ReturnPath::kUntrainedReturn));
  EXPECT_TRUE(makes_calls_expensive(ReturnPath::kCallDepthTracking));
  EXPECT_FALSE(makes_calls_expensive(ReturnPath::kPlainReturn));
  EXPECT_FALSE(makes_calls_expensive(ReturnPath::kAlignedThunks));
}

TEST(ReturnThunk, MissingFilesAreUnknownAndTheEvidenceIsTheLinesRead) {
  const ReturnThunk unknown = classify_return_thunk({{"meltdown", "Mitigation: PTI"}});
  EXPECT_EQ(unknown.path, ReturnPath::kUnknown);
  EXPECT_TRUE(unknown.evidence.empty());
  const ReturnThunk read = thunk_of("Vulnerable: No microcode", "Not affected");
  EXPECT_EQ(read.evidence.size(), 3U);
  EXPECT_EQ(read.evidence.at("spec_rstack_overflow"), "Vulnerable: No microcode");
}

TEST(ReturnThunk, EveryKindNamesItsPath) {
  for (ReturnPath path :
       {ReturnPath::kPlainReturn, ReturnPath::kSrsoSafeReturn, ReturnPath::kUntrainedReturn,
        ReturnPath::kCallDepthTracking, ReturnPath::kAlignedThunks}) {
    const std::map<ReturnPath, ReturnThunk> examples = {
        {ReturnPath::kPlainReturn, thunk_of("Not affected", "Not affected")},
        {ReturnPath::kSrsoSafeReturn, thunk_of("Mitigation: Safe RET", "Not affected")},
        {ReturnPath::kUntrainedReturn,
         thunk_of("Not affected", "Mitigation: untrained return thunk")},
        {ReturnPath::kCallDepthTracking, thunk_of("Not affected", "Mitigation: Stuffing")},
        {ReturnPath::kAlignedThunks,
         thunk_of("Not affected", "Not affected", "Mitigation: Aligned branch/return thunks")}};
    EXPECT_EQ(return_path_of_kind(examples.at(path).kind), path) << examples.at(path).kind;
  }
  EXPECT_EQ(return_path_of_kind("something else"), ReturnPath::kUnknown);
}

}  // namespace
}  // namespace clonebench
