#include "machine/hvo_state.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

HvoObservation observed(std::optional<std::string> config, std::optional<std::int64_t> sysctl,
                        bool sysctl_exists, std::optional<std::int64_t> pages) {
  HvoObservation observation;
  observation.config_optimize_vmemmap = std::move(config);
  observation.sysctl = sysctl;
  observation.sysctl_file_exists = sysctl_exists;
  observation.hugetlb_pages = pages;
  return observation;
}

bool starts_with(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

TEST(HvoKeyState, IsExactlyOffWithoutHugetlbPagesEvenWhenHvoIsEnabled) {
  const auto state = derive_hvo_key_state(observed("y", 1, true, 0));
  EXPECT_EQ(state.key_on, false);
  EXPECT_TRUE(starts_with(state.basis, "exact:")) << state.basis;
}

TEST(HvoKeyState, IsExactlyOffWhenHvoIsNotCompiledIn) {
  const auto state = derive_hvo_key_state(observed("n", std::nullopt, false, 512));
  EXPECT_EQ(state.key_on, false);
  EXPECT_TRUE(starts_with(state.basis, "exact:")) << state.basis;
}

TEST(HvoKeyState, IsInferredOnWhenPagesExistAndHvoIsEnabled) {
  const auto state = derive_hvo_key_state(observed("y", 1, true, 512));
  EXPECT_EQ(state.key_on, true);
  EXPECT_TRUE(starts_with(state.basis, "inferred:")) << state.basis;
  EXPECT_NE(state.basis.find("512"), std::string::npos);
}

TEST(HvoKeyState, IsUnknownWhenPagesExistButHvoIsDisabledNow) {
  const auto state = derive_hvo_key_state(observed("y", 0, true, 8));
  EXPECT_EQ(state.key_on, std::nullopt);
  EXPECT_TRUE(starts_with(state.basis, "unknown:")) << state.basis;
}

TEST(HvoKeyState, IsInferredOffWhenTheSysctlIsNotRegistered) {
  const auto state = derive_hvo_key_state(observed("y", std::nullopt, false, 8));
  EXPECT_EQ(state.key_on, false);
  EXPECT_TRUE(starts_with(state.basis, "inferred:")) << state.basis;
}

TEST(HvoKeyState, UsesTheSysctlWhenTheConfigIsUnreadable) {
  EXPECT_EQ(derive_hvo_key_state(observed(std::nullopt, 1, true, 8)).key_on, true);
  EXPECT_EQ(derive_hvo_key_state(observed(std::nullopt, std::nullopt, false, 8)).key_on,
            std::nullopt);
}

TEST(HvoKeyState, IsUnknownWhenThePoolsCannotBeRead) {
  const auto state = derive_hvo_key_state(observed("y", 1, true, std::nullopt));
  EXPECT_EQ(state.key_on, std::nullopt);
  EXPECT_TRUE(starts_with(state.basis, "unknown:")) << state.basis;
}

}  // namespace
}  // namespace clonebench
