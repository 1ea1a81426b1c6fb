// A store location: a file or a PostgreSQL URL, whose password never leaves the connection; and
// the identity of the host a run came from.
#include "store/store_location.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>

#include "core/error.hpp"
#include "store/host_identity.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

TEST(StoreLocation, TellsPostgresLocationsFromFilePaths) {
  EXPECT_TRUE(is_postgres_location("postgresql://db.example/runs"));
  EXPECT_TRUE(is_postgres_location("postgres:///runs?host=/tmp"));
  EXPECT_TRUE(is_postgres_location("POSTGRESQL://db.example/runs"));
  EXPECT_TRUE(is_postgres_location("PostGres://db.example/runs"));
  EXPECT_TRUE(is_postgres_location("host=db.example dbname=runs"));
  EXPECT_TRUE(is_postgres_location("  dbname = runs"));
  EXPECT_FALSE(is_postgres_location("runs.db"));
  EXPECT_FALSE(is_postgres_location("./postgresql://x"));
  EXPECT_FALSE(is_postgres_location("./host=x"));
  EXPECT_FALSE(is_postgres_location("/tmp/a=b.db"));
  EXPECT_FALSE(is_postgres_location(""));
}

TEST(StoreLocation, ReadsAFilePathAsItIs) {
  const StoreLocation location = StoreLocation::parse("/tmp/a=b c.db");
  EXPECT_FALSE(location.is_postgres());
  EXPECT_EQ(location.file(), "/tmp/a=b c.db");
  EXPECT_EQ(location.shown(), "/tmp/a=b c.db");
}

// The settings that connect are libpq's reading of the text, password included.
TEST(StoreLocation, ConnectsWithLibpqsOwnSettingsOfTheText) {
  const StoreLocation url = StoreLocation::parse("POSTGRESQL://bench:s3cr3t@db.example:5433/runs");
  ASSERT_TRUE(url.is_postgres());
  std::map<std::string, std::string> settings;
  for (const ConnectionSetting& setting : url.settings()) {
    settings[setting.keyword] = setting.value;
  }
  EXPECT_EQ(settings, (std::map<std::string, std::string>{{"user", "bench"},
                                                          {"password", "s3cr3t"},
                                                          {"host", "db.example"},
                                                          {"port", "5433"},
                                                          {"dbname", "runs"}}));
  const StoreLocation text = StoreLocation::parse("host=h password='a b' dbname=d");
  ASSERT_TRUE(text.is_postgres());
  EXPECT_EQ(text.shown(), "dbname=d host=h");
  EXPECT_EQ(StoreLocation::parse("postgresql://").settings().size(), 0U);
}

// Another scheme, or key=value text libpq cannot read, is refused: never a file of that name.
TEST(StoreLocation, RefusesTextThatIsNeitherAFileNorADatabaseLibpqReads) {
  for (const std::string text :
       {"mysql://u:s3cr3t@h/db", "postgresq://u@h/db", "runs=1.db", "host=h pasword=s3cr3t",
        "postgresql://h/db?bogus=1", "dbname=postgresql://u:s3cr3t@h/db"}) {
    try {
      StoreLocation::parse(text);
      ADD_FAILURE() << text << " was read";
    } catch (const UsageError& error) {
      EXPECT_EQ(std::string(error.what()).find("s3cr3t"), std::string::npos) << error.what();
      EXPECT_EQ(std::string(error.what()).rfind("database ", 0), 0U) << error.what();
    }
  }
}

TEST(StoreLocation, RedactsThePasswordOfTheUserPart) {
  EXPECT_EQ(redacted_location("postgresql://bench:s3cr3t@db.example:5433/runs"),
            "postgresql://bench@db.example:5433/runs");
  EXPECT_EQ(redacted_location("postgresql://:s3cr3t@db.example/runs"),
            "postgresql://db.example/runs");
  // libpq ends the user part at the first '@': one more is refused, and nothing of it shown.
  EXPECT_EQ(redacted_location("postgres://bench:a@b@host"), "postgres://(not shown)");
  EXPECT_EQ(redacted_location("postgres://bench:a%40b@host"), "postgres://bench@host");
}

TEST(StoreLocation, RedactsAPasswordParameterAndKeepsTheOthers) {
  EXPECT_EQ(redacted_location("postgresql:///runs?host=/tmp&password=s3cr3t&port=5"),
            "postgresql:///runs?host=/tmp&port=5");
  EXPECT_EQ(redacted_location("postgresql://h/runs?password=s3cr3t"), "postgresql://h/runs");
}

TEST(StoreLocation, LeavesUrlsWithoutPasswordsAndFilePathsAsTheyAre) {
  EXPECT_EQ(redacted_location("postgresql://bench@h/runs?sslmode=require"),
            "postgresql://bench@h/runs?sslmode=require");
  EXPECT_EQ(redacted_location("/home/u/a:b@c.db"), "/home/u/a:b@c.db");
}

TEST(HostIdentity, HashesTheMachineIdWithAnApplicationKey) {
  // sha256("clonebench:0123456789abcdef0123456789abcdef"), first 16 bytes, computed with
  // `printf %s clonebench:0123... | sha256sum`.
  EXPECT_EQ(hash_machine_id("0123456789abcdef0123456789abcdef"),
            "b3fe32610c6d57d9665b666750432adb");
}

TEST(HostIdentity, ReadsTheMachineIdFileAndLeavesTheHashEmptyWithoutIt) {
  testing::TempDirectory scratch;
  std::ofstream(scratch.file("machine-id")) << "0123456789abcdef0123456789abcdef\n";
  EXPECT_EQ(local_host_identity(scratch.file("machine-id")).machine_hash,
            hash_machine_id("0123456789abcdef0123456789abcdef"));
  EXPECT_EQ(local_host_identity(scratch.file("missing")).machine_hash, "");
  EXPECT_FALSE(local_host_identity(scratch.file("missing")).hostname.empty());
}

TEST(HostIdentity, GivesEveryRunADifferentHexId) {
  const std::string a = new_run_uid();
  const std::string b = new_run_uid();
  EXPECT_EQ(a.size(), 32U);
  EXPECT_EQ(a.find_first_not_of("0123456789abcdef"), std::string::npos);
  EXPECT_NE(a, b);
}

}  // namespace
}  // namespace clonebench
