// A password never shows, however it is spelled: libpq decodes %-escapes in a URL's keywords,
// so "passwor%64=" connects with a password just as "password=" does.
#include <gtest/gtest.h>

#include <utility>
#include <vector>

#include "core/error.hpp"
#include "store/store.hpp"
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
  // Written back from libpq's settings, in libpq's order.
  EXPECT_EQ(redacted_location("host=h password=s3cr3t dbname=d"), "dbname=d host=h");
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

// What is shown is written from libpq's own reading, so libpq reads it back as the same
// settings without the password: the two can never disagree about which part is the password.
TEST(LocationRedaction, LibpqReadsTheShownTextAsTheSettingsWithoutThePassword) {
  for (const std::string location :
       {"postgresql://bench:s3cr3t@127.0.0.1:55432/cb", "postgresql://b%40x:s3cr3t@h/d%2Fb",
        "postgresql://u:s3cr3t@h1:1,h2:2/db?sslmode=require&application_name=a%20b",
        "postgresql://u:s3cr3t@[::1]:5432/db",
        "postgresql:///runs?host=/tmp&password=s3cr3t&port=5",
        "postgresql://u@h1,h2:5/db?password=s3cr3t", "postgres://u:s3cr3t@h?connect_timeout=3",
        "host=h port=5 password='s3 cr3t' dbname='a b' user=it\\'s"}) {
    const StoreLocation parsed = StoreLocation::parse(location);
    const StoreLocation shown = StoreLocation::parse(parsed.shown());
    std::vector<std::pair<std::string, std::string>> expected, read_back;
    for (const ConnectionSetting& setting : parsed.settings()) {
      if (!setting.secret) {
        expected.emplace_back(setting.keyword, setting.value);
      }
    }
    for (const ConnectionSetting& setting : shown.settings()) {
      read_back.emplace_back(setting.keyword, setting.value);
    }
    EXPECT_EQ(read_back, expected) << location << " shown as " << parsed.shown();
    EXPECT_TRUE(hides_the_secret(location));
  }
}

// What opening `location` says when it fails (nothing listens on port 1 of 127.0.0.1), and
// whether that was a refusal of the input (exit 2) before any connection.
struct OpenFailure {
  std::string message;
  bool refused_as_input = false;
};

OpenFailure open_failure(const std::string& location) {
  try {
    const Store store(location);
  } catch (const UsageError& error) {
    return {error.what(), true};
  } catch (const std::exception& error) {
    return {error.what(), false};
  }
  return {"opened", false};
}

// libpq ends a URL's user part at the first '@': "p@ssw0rd" is read as the password "p" and the
// host "ssw0rd@127.0.0.1", which its message then quotes. Such a URL is refused before it
// connects, and nothing shown holds any part of the password.
TEST(LocationRedaction, AUrlWithAnUnescapedAtInItsPasswordIsRefusedAndNeverShown) {
  const std::string url = "postgresql://bench:p@ssw0rd@127.0.0.1:1/cb";
  EXPECT_EQ(redacted_location(url).find("ssw0rd"), std::string::npos) << redacted_location(url);
  const OpenFailure failure = open_failure(url);
  EXPECT_EQ(failure.message.find("ssw0rd"), std::string::npos) << failure.message;
  EXPECT_TRUE(failure.refused_as_input) << failure.message;
  EXPECT_NE(failure.message.find("%40"), std::string::npos) << failure.message;
}

// With a '/' before the '@', libpq sees no user part at all: "bench" is the host, "p" the port
// and "ssw0rd@127.0.0.1/cb" the database.
TEST(LocationRedaction, AUrlWithASlashInItsPasswordIsRefusedAndNeverShown) {
  const std::string url = "postgresql://bench:p/ssw0rd@127.0.0.1:1/cb";
  EXPECT_EQ(redacted_location(url).find("ssw0rd"), std::string::npos) << redacted_location(url);
  const OpenFailure failure = open_failure(url);
  EXPECT_EQ(failure.message.find("ssw0rd"), std::string::npos) << failure.message;
  EXPECT_TRUE(failure.refused_as_input) << failure.message;
}

// A password after a ':' with no '@' is read as the port, which libpq's message quotes.
TEST(LocationRedaction, APasswordLibpqWouldReadAsThePortIsRefusedAndNeverShown) {
  const std::string url = "postgresql://bench:s3cr3t/cb";
  EXPECT_TRUE(hides_the_secret(url));
  const OpenFailure failure = open_failure(url);
  EXPECT_EQ(failure.message.find(kSecret), std::string::npos) << failure.message;
  EXPECT_TRUE(failure.refused_as_input) << failure.message;
}

// A URL libpq cannot read: its message quotes the token it stopped at, here the password.
TEST(LocationRedaction, AUrlLibpqCannotReadIsRefusedWithoutItsQuotedToken) {
  const OpenFailure failure = open_failure("postgresql://cb:s3cr3t%zz@127.0.0.1:1/db");
  EXPECT_EQ(failure.message.find(kSecret), std::string::npos) << failure.message;
  EXPECT_TRUE(failure.refused_as_input) << failure.message;
  EXPECT_NE(failure.message.find("invalid percent-encoded token"), std::string::npos)
      << failure.message;
}

// libpq quotes the token it stopped at, and a password may itself hold a quote.
TEST(LocationRedaction, ARefusalNeverQuotesAPasswordThatHoldsAQuote) {
  const OpenFailure failure = open_failure("postgresql://cb:s3\"cr3t%zz@127.0.0.1:1/db");
  EXPECT_EQ(failure.message.find("cr3t"), std::string::npos) << failure.message;
  EXPECT_TRUE(failure.refused_as_input) << failure.message;
}

// A connection that fails names the location as shown, the password left out.
TEST(LocationRedaction, AFailedConnectionNamesTheLocationWithoutItsPassword) {
  const OpenFailure failure = open_failure("postgresql://bench:s3cr3t@127.0.0.1:1/cb");
  EXPECT_EQ(failure.message.find(kSecret), std::string::npos) << failure.message;
  EXPECT_FALSE(failure.refused_as_input) << failure.message;
  EXPECT_NE(failure.message.find("postgresql://bench@127.0.0.1:1/cb"), std::string::npos)
      << failure.message;
}

}  // namespace
}  // namespace clonebench
