// The kinds of experiment as one table: each word names one kind, both ways, and makes its tags.
#include "core/experiment_kind.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace clonebench {
namespace {

TEST(ExperimentKind, EachKindHasOneWordThatNamesItBack) {
  std::set<std::string> words;
  for (const ExperimentKind kind : experiment_kinds()) {
    const std::string word(experiment_kind_name(kind));
    EXPECT_TRUE(words.insert(word).second) << word << " names two kinds";
    EXPECT_EQ(experiment_kind_named(word), kind) << word;
  }
  EXPECT_EQ(words, (std::set<std::string>{"ab", "sweep", "scale", "trace", "kernels", "hvo-key"}));
  EXPECT_FALSE(experiment_kind_named("model").has_value());
  EXPECT_FALSE(experiment_kind_named("Ab").has_value());
  EXPECT_EQ(experiment_kind_choices(), "ab, sweep, scale, trace, kernels or hvo-key");
}

TEST(ExperimentKind, ATagIsTheKindsWordTheTimeAndTheSuffix) {
  EXPECT_EQ(experiment_tag(ExperimentKind::kHvoKey, "2026-11-29T18:06:42Z", "2a"),
            "hvo-key-2026-11-29T18:06:42Z-2a");
}

}  // namespace
}  // namespace clonebench
