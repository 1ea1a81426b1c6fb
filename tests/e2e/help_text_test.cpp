// --help names what each option takes (N, SIZE, DURATION, PERCENT, FILE, ...): every value
// reaches clonebench as text, and a help that says TEXT for --pairs or --rss tells nothing.

#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

class HelpText : public ::testing::TestWithParam<std::string> {};

TEST_P(HelpText, NamesTheKindOfEveryValue) {
  const ToolResult result = run_tool({GetParam(), "--help"}, 30);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  // "TEXT:{a,b}" lists the allowed values and stays; a bare TEXT says nothing.
  const std::regex bare_text(R"(\bTEXT\b(?!:\{))");
  std::smatch found;
  EXPECT_FALSE(std::regex_search(result.out, found, bare_text)) << result.out;
}

INSTANTIATE_TEST_SUITE_P(Commands, HelpText,
                         ::testing::Values("run", "ab", "compare", "sweep", "scale", "model",
                                           "report", "history", "show", "export", "check", "env",
                                           "kernel", "push", "pull", "trace", "kernels"));

TEST(HelpText, RunCallsNumbersN) {
  const ToolResult result = run_tool({"run", "--help"}, 30);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("--runs N"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--rss SIZE"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("--timeout DURATION"), std::string::npos) << result.out;
}

}  // namespace
}  // namespace clonebench::testing
