// --help names what each option takes (N, SIZE, DURATION, PERCENT, FILE, ...): every value
// reaches clonebench as text, and a help that says TEXT for --pairs or --rss tells nothing.

#include <gtest/gtest.h>

#include <cctype>
#include <string>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

class HelpText : public ::testing::TestWithParam<std::string> {};

// Whether `help` holds the word TEXT other than as "TEXT:{a,b}" (which lists the allowed values).
// A plain scan, not std::regex: g++ 12 at -O1 with sanitizers warns inside <regex> (a false
// -Wmaybe-uninitialized), which -Werror turns into a failed build.
bool has_bare_text(const std::string& help) {
  const auto word_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_';
  };
  for (std::size_t at = help.find("TEXT"); at != std::string::npos;
       at = help.find("TEXT", at + 1)) {
    const std::size_t end = at + 4;
    const bool starts_word = at == 0 || !word_char(help[at - 1]);
    const bool ends_word = end == help.size() || !word_char(help[end]);
    if (starts_word && ends_word && help.compare(end, 2, ":{") != 0) {
      return true;
    }
  }
  return false;
}

TEST_P(HelpText, NamesTheKindOfEveryValue) {
  const ToolResult result = run_tool({GetParam(), "--help"}, 30);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_FALSE(has_bare_text(result.out)) << result.out;
}

INSTANTIATE_TEST_SUITE_P(Commands, HelpText,
                         ::testing::Values("run", "ab", "compare", "sweep", "scale", "model",
                                           "report", "history", "experiments", "show", "export",
                                           "check", "env", "kernel", "push", "pull", "trace",
                                           "kernels"));

TEST(HelpText, RunCallsNumbersN) {
  const ToolResult result = run_tool({"run", "--help"}, 30);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("--runs N"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--rss SIZE"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--timeout DURATION"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace clonebench::testing
