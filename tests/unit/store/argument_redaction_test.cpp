// What was typed is stored and shown without the password of any database location in it,
// however the location was given: as --db's value, after "--db=", in an environment assignment,
// in a shell command, as key=value text, with the scheme in upper case.
#include "store/argument_redaction.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace clonebench {
namespace {

constexpr std::string_view kTypedSecret = "s3cr3t";

bool holds_secret(const std::string& text) {
  return text.find(kTypedSecret) != std::string::npos;
}

TEST(ArgumentRedaction, EveryWayOfGivingALocationOnACommandLineLosesItsPassword) {
  const std::vector<std::string> typed = {"clonebench",
                                          "run",
                                          "--db",
                                          "postgresql://bench:s3cr3t@127.0.0.1:5432/cb",
                                          "--db=POSTGRESQL://bench:s3cr3t@h/cb",
                                          "CLONEBENCH_DB=postgres://u:s3cr3t@h/db?sslmode=require",
                                          "host=h password=s3cr3t dbname=d",
                                          "host=h password='s3cr3t and more'",
                                          "postgresql://bench:p@s3cr3t@h/cb",
                                          "postgresql://u@h/db?passwor%64=s3cr3t",
                                          "PGPASSWORD=s3cr3t"};
  const std::vector<std::string> stored = redacted_arguments(typed);
  ASSERT_EQ(stored.size(), typed.size());
  for (const std::string& word : stored) {
    EXPECT_FALSE(holds_secret(word)) << word;
  }
  EXPECT_EQ(stored[3], "postgresql://bench@127.0.0.1:5432/cb");
  EXPECT_EQ(stored[4], "--db=postgresql://bench@h/cb");
  EXPECT_EQ(stored[5], "CLONEBENCH_DB=postgres://u@h/db?sslmode=require");
  EXPECT_EQ(stored[6], "dbname=d host=h");
  EXPECT_EQ(stored[8], "postgresql://(not shown)");
  EXPECT_EQ(stored[10], "PGPASSWORD=***");
}

TEST(ArgumentRedaction, WordsWithoutALocationPassUnchanged) {
  const std::vector<std::string> typed = {"clonebench", "run",   "fork",      "--db",  "runs.db",
                                          "--label",    "6.8.0", "--rss=64M", "vmas=2"};
  EXPECT_EQ(redacted_arguments(typed), typed);
  EXPECT_EQ(redacted_argument("postgresql://bench@h/cb"), "postgresql://bench@h/cb");
}

TEST(ArgumentRedaction, AShellCommandLosesThePasswordsInItAndKeepsTheRest) {
  EXPECT_EQ(redacted_text("psql 'postgresql://u:s3cr3t@h/db' -c 'select 1'"),
            "psql 'postgresql://u@h/db' -c 'select 1'");
  EXPECT_EQ(redacted_text("PGPASSWORD=s3cr3t psql -h h; echo done"),
            "PGPASSWORD=*** psql -h h; echo done");
  EXPECT_EQ(redacted_text("psql \"host=h password='s3cr3t x'\" -c 1"),
            "psql \"host=h password=***\" -c 1");
  EXPECT_FALSE(holds_secret(redacted_text("x postgresql://u:a@s3cr3t@h/db y")));
  EXPECT_EQ(redacted_text("echo 'sysctl -w vm.nr_hugepages=2'"),
            "echo 'sysctl -w vm.nr_hugepages=2'");
}

// Found by a randomised check against libpq's reading: a password may hold spaces and quotes,
// so quoted text is redacted to its closing quote, and text libpq cannot read is not shown.
TEST(ArgumentRedaction, APasswordWithSpacesOrQuotesIsHiddenWhole) {
  EXPECT_EQ(redacted_text("psql \"host=h password=s3 cr3t dbname=d\" -c 1"),
            "psql \"host=h password=***\" -c 1");
  EXPECT_EQ(redacted_text("psql 'postgresql://u:s3@ cr3t@h/db' -c 1"),
            "psql 'postgresql://(not shown)");
  EXPECT_EQ(redacted_text("psql 'postgresql://u:s3 cr3t@h/db' -c 1"),
            "psql 'postgresql://u@h/db' -c 1");
  EXPECT_EQ(redacted_argument("host=h password=s3 cr3t dbname=d"), "(connection text not shown)");
  EXPECT_EQ(redacted_argument("PGPASSWORD=s3&cr3t"), "PGPASSWORD=***");
}

TEST(ArgumentRedaction, StoredDocumentsLoseEveryPasswordInTheirStrings) {
  nlohmann::json summary = {
      {"setup_a", "psql postgresql://u:s3cr3t@h/db"},
      {"command", {"env", "PGPASSWORD=s3cr3t", "psql", "postgresql://u:s3 cr3t@h/db"}},
      {"nested", {{"spec", "fork --db=postgresql://u:s3cr3t@h/db"}, {"n", 5}}}};
  redact_strings(summary);
  EXPECT_FALSE(holds_secret(summary.dump())) << summary.dump();
  EXPECT_EQ(summary["nested"]["n"], 5);
  EXPECT_EQ(summary["command"][0], "env");
}

}  // namespace
}  // namespace clonebench
