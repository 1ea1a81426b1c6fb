// Text from outside reaches messages, JSON and terminals only in a safe form.
#include "core/text_safety.hpp"

#include <gtest/gtest.h>

#include <vector>

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

TEST(TextSafety, PrintableEscapesTheC1ControlsATerminalWouldObey) {
  EXPECT_EQ(printable("a\xc2\x9b"
                      "31mb"),
            "a\\u009B31mb");                       // U+009B: CSI
  EXPECT_EQ(printable("\xc2\xa0é"), "\xc2\xa0é");  // U+00A0 and up are text
  EXPECT_THROW(require_clean_text("a\xc2\x9b"
                                  "2J",
                                  "--label"),
               UsageError);
}

// Bidirectional overrides and isolates (U+202A..U+202E, U+2066..U+2069) make a terminal show
// text in another order than it is stored: "\u202E" escaped like a C1 control, and refused
// where a flag sets a stored name.
TEST(TextSafety, PrintableEscapesTheBidirectionalOverridesATerminalWouldObey) {
  EXPECT_EQ(printable("a\u202Eb"), "a\\u202Eb");
  EXPECT_EQ(printable("\u202A\u202B\u202C\u202D"), "\\u202A\\u202B\\u202C\\u202D");
  EXPECT_EQ(printable("\u2066x\u2067\u2068\u2069"), "\\u2066x\\u2067\\u2068\\u2069");
  EXPECT_EQ(printable("\u2029\u2065\u206A\u2060"), "\u2029\u2065\u206A\u2060");
  EXPECT_THROW(require_clean_text("fast\u202Ewols", "--label"), UsageError);
}

std::string label_error(const std::string& label) {
  try {
    require_selectable_label(label, "--label");
  } catch (const UsageError& error) {
    return error.what();
  }
  return "";
}

TEST(TextSafety, ALabelThatASelectionWouldReadAsSomethingElseIsRefusedNamingTheFlag) {
  for (const char* label : {"5", "12,13", "ab", "sweep", "scale", "a/b", "run.json", "x.txt"}) {
    const std::string error = label_error(label);
    EXPECT_TRUE(error.starts_with("--label: ")) << label << ": " << error;
  }
  EXPECT_NE(label_error("5").find("run ids"), std::string::npos);
  for (const char* label : {"6.8.0-31-generic", "abc", "v5", "scale-2", "5a", ""}) {
    EXPECT_EQ(label_error(label), "") << label;
  }
}

// A label that starts with '-' would be read as an option where a command line holds it
// ("report -oout.md" writes out.md); a newline or a bidirectional override is not text.
TEST(TextSafety, ALabelThatLooksLikeAnOptionOrHoldsNonTextIsRefusedNamingTheFlag) {
  for (const std::string& label : std::vector<std::string>{
           "-oout.md", "--format=html", "-h", "-", "a\nb", std::string("a\0b", 3), "x\u2067y"}) {
    const std::string error = label_error(label);
    EXPECT_TRUE(error.starts_with("--label: ")) << label << ": " << error;
  }
  EXPECT_NE(label_error("-oout.md").find("'-'"), std::string::npos) << label_error("-oout.md");
  EXPECT_EQ(label_error("a-b"), "");
}

TEST(TextSafety, ALabelIsAtMost200BytesAndTheRefusalQuotesOnlyItsStart) {
  EXPECT_EQ(label_error(std::string(kMaxLabelBytes, 'x')), "");
  const std::string error = label_error(std::string(100'000, 'x'));
  EXPECT_NE(error.find("100000 bytes"), std::string::npos) << error;
  EXPECT_LT(error.size(), 200U);
}

TEST(TextSafety, ShortenedCutsAfterCharactersNotBytesAndEscapes) {
  EXPECT_EQ(shortened("short", 10), "short");
  EXPECT_EQ(shortened("ααααα", 3), "ααα…");
  EXPECT_EQ(shortened("a\x1b[2J", 3), "a\\x…");
}

TEST(TextSafety, PrintableLinesKeepsLineBreaksAndEscapesTheRest) {
  EXPECT_EQ(printable_lines("a\x1b[31m\nb\tc\n"), "a\\x1B[31m\nb\\tc\n");
}

}  // namespace
}  // namespace clonebench
