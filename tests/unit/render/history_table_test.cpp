// `history` shows stored text, which another store may have brought: escaped, and cut so that
// one long label does not widen every row.
#include "render/history_table.hpp"

#include <gtest/gtest.h>

#include <sstream>

namespace clonebench {
namespace {

HistoryRow history_row(std::int64_t id, const std::string& label) {
  HistoryRow row;
  row.id = id;
  row.label = label;
  row.started_at = "2026-12-03T10:00:00Z";
  row.stressor = "fork";
  row.hostname = "host";
  return row;
}

TEST(HistoryTable, ALongStoredLabelIsCutWithAnEllipsisAndDoesNotWidenOtherRows) {
  const std::string text =
      render_history({history_row(2, std::string(100'000, 'x')), history_row(1, "short")});
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    EXPECT_LT(line.size(), 200U) << line.substr(0, 200);
  }
  EXPECT_NE(text.find(std::string(48, 'x') + "…"), std::string::npos);
}

TEST(HistoryTable, ControlCharactersInStoredTextAreShownEscaped) {
  HistoryRow row = history_row(1, "red\x1b[31m");
  row.stressor = "f\x1b]0;title\a";
  row.hostname =
      "h\xc2\x9b"
      "2J";
  const std::string text = render_history({row});
  EXPECT_EQ(text.find('\x1b'), std::string::npos);
  EXPECT_EQ(text.find('\a'), std::string::npos);
  EXPECT_EQ(text.find("\xc2\x9b"), std::string::npos);
  EXPECT_NE(text.find("red\\x1B[31m"), std::string::npos) << text;
}

}  // namespace
}  // namespace clonebench
