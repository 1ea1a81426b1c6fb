// SRU text fits 72 columns (issue 35, item 19): prose wraps at words, a wide aligned table folds
// into narrower ones that repeat its first column and never split a cell, narrow text is kept.

#include "report/sru_text_width.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace clonebench {
namespace {

std::size_t widest_line(const std::string& text) {
  std::size_t widest = 0;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::size_t columns = 0;
    for (const char c : line) {
      columns += (static_cast<unsigned char>(c) & 0xC0U) != 0x80U ? 1 : 0;
    }
    widest = std::max(widest, columns);
  }
  return widest;
}

TEST(SruTextWidth, KeepsTextThatFits) {
  const std::string text = "  part   count\n  fork       2\n\n  a short line\n";
  EXPECT_EQ(fit_sru_width(text), text);
}

TEST(SruTextWidth, WrapsProseAtWordsIndentingItsContinuation) {
  const std::string text =
      "  what if clone costs -3 %: wall time changes by at most -0.000315 % (0.01050 % of it is "
      "clone), CPU time by at most -0.00044 %\n";
  const std::string fitted = fit_sru_width(text);
  EXPECT_LE(widest_line(fitted), 72u) << fitted;
  EXPECT_TRUE(fitted.starts_with("  what if clone costs")) << fitted;
  EXPECT_NE(fitted.find("\n    "), std::string::npos) << fitted;
}

TEST(SruTextWidth, FoldsAWideTableRepeatingItsFirstColumnWithoutSplittingACell) {
  const std::string text =
      "  part                 count      total        p50        p90        p99        max  of "
      "wall\n"
      "  clone (processes)        3    1.10 ms    70.0 µs     814 µs     981 µs    1.00 ms  0.0105 "
      "% (0.0100-0.0110)\n"
      "  kernel (all sys)              1.50 s                                               14.32 "
      "%\n";
  const std::string fitted = fit_sru_width(text);
  EXPECT_LE(widest_line(fitted), 72u) << fitted;
  // Each cell whole, the first column in both tables, the table cut after "max".
  for (const char* cell : {"0.0105 % (0.0100-0.0110)", "1.00 ms", "70.0 µs", "14.32 %", "1.50 s"}) {
    EXPECT_NE(fitted.find(cell), std::string::npos) << cell << "\n" << fitted;
  }
  const std::size_t second = fitted.find("\n\n  part ");
  ASSERT_NE(second, std::string::npos) << fitted;
  EXPECT_LT(fitted.find("max"), second) << fitted;
  EXPECT_GT(fitted.find("of wall"), second) << fitted;
  EXPECT_NE(fitted.find("kernel (all sys)", second), std::string::npos) << fitted;
  EXPECT_EQ(fitted.find(" \n"), std::string::npos) << "no line ends in a space:\n" << fitted;
}

// A command wrapped in Launchpad would no longer paste as one command: the SRU texts indent
// the commands to type by four columns, and those lines stay whole.
TEST(SruTextWidth, KeepsACommandToPasteWholeAndWrapsTheProseAroundIt) {
  const std::string command =
      "    clonebench ab 'fork --timeout 2s' --a '--rss 0' --b '--rss 64M' --pairs 8 --warmup 1 "
      "--seed 0x2a\n";
  const std::string sudo_command =
      "    sudo clonebench ab --preset hvo-key 'fork --rss 64M' --seed 0x2a --rounds 24 --pairs "
      "99\n";
  const std::string text =
      "Run both settings interleaved in randomized pairs on one boot (the pair order and the seed "
      "are stored):\n\n" +
      command + sudo_command;
  const std::string fitted = fit_sru_width(text);
  EXPECT_NE(fitted.find(command), std::string::npos) << fitted;
  EXPECT_NE(fitted.find(sudo_command), std::string::npos) << fitted;
  EXPECT_LE(widest_line(fitted.substr(0, fitted.find("\n\n"))), 72u) << fitted;
}

}  // namespace
}  // namespace clonebench
