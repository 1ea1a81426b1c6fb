// A store location: a file or a PostgreSQL URL, whose password never leaves the connection; and
// the identity of the host a run came from.
#include "store/store_location.hpp"

#include <gtest/gtest.h>

#include <fstream>

#include "store/host_identity.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

TEST(StoreLocation, TellsPostgresUrlsFromFilePaths) {
  EXPECT_TRUE(is_postgres_url("postgresql://db.example/runs"));
  EXPECT_TRUE(is_postgres_url("postgres:///runs?host=/tmp"));
  EXPECT_FALSE(is_postgres_url("runs.db"));
  EXPECT_FALSE(is_postgres_url("./postgresql://x"));
  EXPECT_FALSE(is_postgres_url(""));
}

TEST(StoreLocation, RedactsThePasswordOfTheUserPart) {
  EXPECT_EQ(redacted_location("postgresql://bench:s3cr3t@db.example:5433/runs"),
            "postgresql://bench@db.example:5433/runs");
  EXPECT_EQ(redacted_location("postgresql://:s3cr3t@db.example/runs"),
            "postgresql://@db.example/runs");
  // The last '@' ends the user part, so a password may hold one.
  EXPECT_EQ(redacted_location("postgres://bench:a@b@host"), "postgres://bench@host");
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
