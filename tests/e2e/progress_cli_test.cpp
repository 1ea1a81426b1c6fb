// Progress on a terminal: every long command shows, before each run (or round), how far it is,
// the time spent and, from the second on, the time left; --quiet silences it; and nothing of it
// reaches stderr when stderr is not a terminal (those tests live beside each command's).

#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "e2e/command_process.hpp"
#include "e2e/terminal_stderr.hpp"
#include "e2e/tool_process.hpp"
#include "support/temp_directory.hpp"

namespace clonebench::testing {
namespace {

struct ProgressCase {
  std::string name;
  std::vector<std::string> args;  // --db is added
  std::string first_line;         // what the line for the first run or round says
  std::string last_count;         // the line of the plan's last run or round, e.g. "run 3/3"
};

// Names the case in gtest's messages instead of dumping its bytes.
void PrintTo(const ProgressCase& each, std::ostream* out) {
  *out << each.name;
}

class ProgressCli : public ::testing::TestWithParam<ProgressCase> {
 protected:
  ToolResult run_on_terminal(std::vector<std::string> args, TerminalStderr& terminal) {
    args.insert(args.end(), {"--db", scratch_.file("runs.db")});
    return run_tool(args, 120, {}, terminal.as_stderr());
  }
  TempDirectory scratch_{"progress"};
};

TEST_P(ProgressCli, ShowsTimeSpentAndLeftOnATerminal) {
  TerminalStderr terminal;
  ASSERT_TRUE(terminal.ready());
  const ToolResult result = run_on_terminal(GetParam().args, terminal);
  const std::string text = terminal.text();
  ASSERT_EQ(result.exit_code, 0) << result.err << text;
  EXPECT_NE(text.find(GetParam().first_line), std::string::npos) << text;
  EXPECT_NE(text.find(GetParam().last_count), std::string::npos) << text;
  EXPECT_NE(text.find(" spent"), std::string::npos) << text;
  EXPECT_NE(text.find(" left"), std::string::npos) << text;
}

// One line, redrawn (as hyperfine): each update returns to the start of the line and erases
// it; the lines do not pile up however many runs or pairs there are.
TEST_P(ProgressCli, RedrawsOneLineInsteadOfScrolling) {
  TerminalStderr terminal;
  ASSERT_TRUE(terminal.ready());
  const ToolResult result = run_on_terminal(GetParam().args, terminal);
  const std::string text = terminal.text();
  ASSERT_EQ(result.exit_code, 0) << result.err << text;
  if (GetParam().name != "run" && GetParam().name != "ab") {
    GTEST_SKIP() << GetParam().name << " prints a line per run (sweep/, scale/, model/)";
  }
  const std::size_t first = text.find(GetParam().first_line);
  const std::size_t last = text.find(GetParam().last_count);
  ASSERT_NE(first, std::string::npos) << text;
  ASSERT_NE(last, std::string::npos) << text;
  EXPECT_EQ(text.substr(first, last - first).find('\n'), std::string::npos)
      << "a new line between the first and the last update: " << text;
  EXPECT_NE(text.find("\r\033[K"), std::string::npos) << text;
}

TEST_P(ProgressCli, QuietKeepsTheTerminalFreeOfProgress) {
  TerminalStderr terminal;
  ASSERT_TRUE(terminal.ready());
  std::vector<std::string> args = GetParam().args;
  args.push_back(args.front() == "run" ? "-q" : "--quiet");
  const ToolResult result = run_on_terminal(args, terminal);
  const std::string text = terminal.text();
  ASSERT_EQ(result.exit_code, 0) << result.err << text;
  EXPECT_EQ(text.find(" spent"), std::string::npos) << text;
}

INSTANTIATE_TEST_SUITE_P(
    LongCommands, ProgressCli,
    ::testing::Values(
        ProgressCase{
            "run", {"run", "fork", "--timeout", "0.1s", "--runs", "3"}, "run 1/3", "run 3/3"},
        ProgressCase{"ab",
                     {"ab", "fork --timeout 0.1s", "--pairs", "2", "--warmup", "0"},
                     "ab pair 1/2",
                     "pair 2/2"},
        ProgressCase{
            "sweep",
            {"sweep", "fork", "--rss", "0,4M", "--rounds", "2", "--timeout-per-point", "0.1s"},
            "clonebench: sweep run at --rss ",
            ": 4/4"},
        ProgressCase{"scale",
                     {"scale", "fork", "--instances", "1,2", "--rounds", "2", "--timeout", "0.1"},
                     "clonebench: scale run with ",
                     ": 4/4"},
        ProgressCase{"model",
                     {"model", "--mem", "64M", "--region", "4M", "--rounds", "3", "--variants",
                      "pre-outline-keyoff-ret"},
                     "model round 1/3",
                     "round 3/3"}),
    [](const ::testing::TestParamInfo<ProgressCase>& each) { return each.param.name; });

}  // namespace
}  // namespace clonebench::testing
