// Text from outside reaches messages, JSON and terminals only in a safe form.
#include "core/text_safety.hpp"

#include <gtest/gtest.h>

#include "core/error.hpp"

namespace clonebench {
namespace {

TEST(TextSafety, ValidUtf8IsToldFromMalformedSequences) {
  EXPECT_TRUE(is_valid_utf8("fork α ∞ 🙂"));
  EXPECT_FALSE(is_valid_utf8("bad\xff"));
  EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // a UTF-16 surrogate
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // beyond U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xe2\x88"));          // cut short
}

TEST(TextSafety, PrintableEscapesControlCharactersAndInvalidBytesOnly) {
  EXPECT_EQ(printable("fork α"), "fork α");
  EXPECT_EQ(printable("1\nx"), "1\\nx");
  EXPECT_EQ(printable("a\tb\rc\x1b[2J"), "a\\tb\\rc\\x1B[2J");
  EXPECT_EQ(printable("bad\xff"), "bad\\xFF");
  EXPECT_EQ(printable(printable("bad\xff\n")), printable("bad\xff\n"));  // idempotent
}

TEST(TextSafety, CleanTextIsRequiredWhereAFlagSetsAStoredName) {
  EXPECT_NO_THROW(require_clean_text("6.12-rc1 baseline ✓", "--label"));
  for (const char* bad : {"bad\xff", "two\nlines", "bell\a"}) {
    try {
      require_clean_text(bad, "--label");
      ADD_FAILURE() << "accepted " << printable(bad);
    } catch (const UsageError& error) {
      EXPECT_NE(std::string(error.what()).find("--label"), std::string::npos);
      EXPECT_TRUE(is_valid_utf8(error.what()));
    }
  }
}

TEST(TextSafety, JsonWithInvalidUtf8IsWrittenWithReplacementsInsteadOfThrowing) {
  const nlohmann::json json = {{"label", "bad\xff"}};
  EXPECT_THROW(json.dump(), nlohmann::json::type_error);
  EXPECT_EQ(dump_json(json), "{\"label\":\"bad\xef\xbf\xbd\"}");
}

}  // namespace
}  // namespace clonebench
