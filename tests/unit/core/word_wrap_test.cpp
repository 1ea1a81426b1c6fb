#include "core/word_wrap.hpp"

#include <gtest/gtest.h>

namespace clonebench {
namespace {

TEST(WordWrap, JoinsWordsIntoLinesOfAtMostTheWidthWithTheIndent) {
  EXPECT_EQ(word_wrap("one two three four", 11, "  "), "  one two\n  three\n  four\n");
  EXPECT_EQ(word_wrap("", 10), "");
  EXPECT_EQ(word_wrap("a-word-longer-than-the-line x", 5), "a-word-longer-than-the-line\nx\n");
}

// "µ" is two bytes: counted as bytes, a line of µs wrapped a word early (issue 35).
TEST(WordWrap, CountsCharactersNotBytesSoMicroSecondsFillTheLine) {
  EXPECT_EQ(code_point_count("µs"), 2U);
  EXPECT_EQ(word_wrap("12 µs 34 µs", 11), "12 µs 34 µs\n");
  EXPECT_EQ(word_wrap("12 µs 34 µs", 10), "12 µs 34\nµs\n");
  EXPECT_EQ(word_wrap("µµ µµ", 7, "µ "), "µ µµ µµ\n");
}

}  // namespace
}  // namespace clonebench
