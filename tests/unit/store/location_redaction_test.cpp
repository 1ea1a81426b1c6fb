// A password never shows, however it is spelled: libpq decodes %-escapes in a URL's keywords,
// so "passwor%64=" connects with a password just as "password=" does.
#include <gtest/gtest.h>

#include "store/store_location.hpp"

namespace clonebench {
namespace {

constexpr std::string_view kSecret = "s3cr3t";

::testing::AssertionResult hides_the_secret(const std::string& location) {
  const std::string shown = redacted_location(location);
  if (shown.find(kSecret) == std::string::npos && shown.find("%73%33") == std::string::npos) {
    return ::testing::AssertionSuccess();
  }
  return ::testing::AssertionFailure() << location << " is shown as " << shown;
}

TEST(LocationRedaction, HidesAPercentEncodedPasswordKeyword) {
  EXPECT_TRUE(hides_the_secret("postgresql://cb@127.0.0.1:55432/cbdb?passwor%64=s3cr3t"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?%70%61%73%73%77%6f%72%64=s3cr3t"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?%70%41%73%53word=s3cr3t"));
  EXPECT_EQ(redacted_location("postgresql://cb@127.0.0.1:55432/cbdb?passwor%64=s3cr3t"),
            "postgresql://cb@127.0.0.1:55432/cbdb");
}

TEST(LocationRedaction, HidesThePasswordKeywordInAnyCaseAndSslPassword) {
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?PASSWORD=s3cr3t"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?PassWord=s3cr3t&sslmode=disable"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?sslpassword=s3cr3t"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h?password=s3cr3t"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?password=s3cr3t&password=s3cr3t"));
}

TEST(LocationRedaction, HidesAPercentEncodedPasswordValue) {
  EXPECT_TRUE(hides_the_secret("postgresql://cb@h/db?password=%73%33cr3t"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb:%73%33cr3t@h/db"));
}

TEST(LocationRedaction, HidesTheUserPartPasswordWhereLibpqEndsIt) {
  EXPECT_TRUE(hides_the_secret("postgresql://cb:s3cr3t@h/db"));
  // libpq ends the user part at the '@', not at a '?' before it.
  EXPECT_TRUE(hides_the_secret("postgresql://cb:s3cr3t?x@h/db"));
  EXPECT_TRUE(hides_the_secret("postgresql://cb:a@s3cr3t@h/db"));
  EXPECT_EQ(redacted_location("postgresql://cb:s3cr3t@h:5/db?sslmode=require"),
            "postgresql://cb@h:5/db?sslmode=require");
}

TEST(LocationRedaction, HidesAPasswordInKeyValueConninfoText) {
  EXPECT_TRUE(hides_the_secret("host=h password=s3cr3t dbname=d"));
  EXPECT_TRUE(hides_the_secret("host=h PASSWORD = 's3cr3t and more' dbname=d"));
  EXPECT_TRUE(hides_the_secret("host=h passwor%64=s3cr3t"));
  EXPECT_TRUE(hides_the_secret("password='it\\'s s3cr3t'"));
  EXPECT_EQ(redacted_location("host=h password=s3cr3t dbname=d"), "host=h dbname=d");
}

TEST(LocationRedaction, LeavesFileNamesWithEqualsSignsAsTheyAre) {
  EXPECT_EQ(redacted_location("/tmp/a=b c.db"), "/tmp/a=b c.db");
  EXPECT_EQ(redacted_location("runs.db"), "runs.db");
}

// libpq quotes parts of the URL in its messages ("invalid percent-encoded token: ...").
TEST(LocationRedaction, MessagesThatQuoteThePasswordAreRedactedToo) {
  const std::string url = "postgresql://cb:s3cr3t%zz@h/db?passwor%64=%73%33cr3t2";
  const std::string message = redacted_message(
      "invalid percent-encoded token: \"s3cr3t%zz\"; also \"s3cr3t2\" in \"" + url + "\"", url);
  EXPECT_EQ(message.find("s3cr3t"), std::string::npos) << message;
  EXPECT_NE(message.find("invalid percent-encoded token"), std::string::npos) << message;
  const std::string conninfo = "host=h password='s3cr3t x'";
  EXPECT_EQ(redacted_message("bad: s3cr3t x", conninfo).find("s3cr3t"), std::string::npos);
}

}  // namespace
}  // namespace clonebench
