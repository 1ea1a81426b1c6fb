#include "core/text_split.hpp"

#include <gtest/gtest.h>

#include <string_view>
#include <vector>

namespace clonebench {
namespace {

using Words = std::vector<std::string_view>;

TEST(SplitWords, RunsOfSeparatorsAtEitherEndOrBetweenMakeNoEmptyWords) {
  EXPECT_EQ(split_words("  fork \t 2071\r3.00  ", " \t\r"), (Words{"fork", "2071", "3.00"}));
  EXPECT_EQ(split_words("a\tb", " "), (Words{"a\tb"}));
  EXPECT_TRUE(split_words("", " ").empty());
  EXPECT_TRUE(split_words("   ", " ").empty());
}

TEST(TakeLine, TakesEachLineWithoutItsNewlineAndLeavesTheRest) {
  std::string_view text = "a b\n\nlast";
  EXPECT_EQ(take_line(text), "a b");
  EXPECT_EQ(text, "\nlast");
  EXPECT_EQ(take_line(text), "");
  EXPECT_EQ(take_line(text), "last");
  EXPECT_TRUE(text.empty());
  text = "end\n";
  EXPECT_EQ(take_line(text), "end");
  EXPECT_TRUE(text.empty());
}

TEST(TrimBlanks, DropsSpacesAndTabsAtBothEndsAndACarriageReturnAtTheEnd) {
  EXPECT_EQ(trim_blanks(" \t16318012 kB\t \r"), "16318012 kB");
  EXPECT_EQ(trim_blanks("\r x"), "\r x");
  EXPECT_EQ(trim_blanks(" \t\r"), "");
}

TEST(TrimAny, DropsOnlyTheGivenCharactersAndOnlyAtTheEnds) {
  EXPECT_EQ(trim_any(" \t 0-3 \n", " \t\n"), "0-3");
  EXPECT_EQ(trim_any("\ra b\r", " \t"), "\ra b\r");
  EXPECT_EQ(trim_any("a \t b", " \t"), "a \t b");
  EXPECT_EQ(trim_any(" \t\n", " \t\n"), "");
  EXPECT_EQ(trim_any("", " "), "");
}

}  // namespace
}  // namespace clonebench
