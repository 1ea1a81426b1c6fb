// An empty value is not "not given": `--timeout ''` must not run 10 s, `--json ''` must not
// store a run silently. Every command refuses it, naming the flag, before anything runs.
#include <gtest/gtest.h>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

struct EmptyValue {
  std::vector<std::string> args;
  std::string named;  // what the message must name
};

class EmptyValueOf : public ::testing::TestWithParam<EmptyValue> {};

TEST_P(EmptyValueOf, ExitsWithTwoNamingTheFlagAndStoresNothing) {
  const std::string db = temp_path("empty-values.db");
  std::vector<std::string> args = GetParam().args;
  if (args.front() != "compare" && args.front() != "show") {
    args.insert(args.end(), {"--db", db});
  }
  const ToolResult result = run_tool(args, 20);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find(GetParam().named), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  const ToolResult history = run_tool({"history", "--db", db});
  EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
  remove_database(db);
  EXPECT_TRUE(nothing_left_behind());
}

INSTANTIATE_TEST_SUITE_P(
    Flags, EmptyValueOf,
    ::testing::Values(
        EmptyValue{{"run", "fork", "--timeout", ""}, "--timeout"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--instances", ""}, "--instances"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--ops", ""}, "--ops"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--seed", ""}, "--seed"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--pin", ""}, "--pin"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--rss", ""}, "--rss"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--json", ""}, "--json"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--label", ""}, "--label"},
        EmptyValue{{"run", "fork", "--timeout", "0.1", "--fork-ops", ""}, "--fork-ops"},
        EmptyValue{{"ab", "fork --timeout 0.1", "--pairs", ""}, "--pairs"},
        EmptyValue{{"ab", "fork --timeout 0.1", "--seed", ""}, "--seed"},
        EmptyValue{{"sweep", "fork", "--rss", "0,1M", "--rounds", ""}, "--rounds"},
        EmptyValue{{"sweep", "fork", "--rss", ""}, "--rss"},
        EmptyValue{{"scale", "fork", "--instances", ""}, "--instances"},
        EmptyValue{{"scale", "fork", "--timeout", ""}, "--timeout"},
        EmptyValue{{"compare", "a", "b", "--threshold", ""}, "--threshold"},
        EmptyValue{{"show", "1", "--json", ""}, "--json"}));

TEST(RunArguments, AMissingValueIsNamedNotTakenForAStressor) {
  const ToolResult result = run_tool({"run", "--timeout", "--json", "x", "--no-store"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("--timeout needs a value"), std::string::npos) << result.err;
}

TEST(RunArguments, AStressorNamedTwiceIsRefused) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", "fork", "fork", "--timeout", "5", "--no-store"},
        std::vector<std::string>{"run", "fork", "--fork", "2", "--timeout", "5", "--no-store"}}) {
    const ToolResult result = run_tool(args, 20);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find("named twice"), std::string::npos) << result.err;
  }
}

}  // namespace
}  // namespace clonebench::testing
