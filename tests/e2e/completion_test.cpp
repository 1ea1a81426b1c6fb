// The generated bash completion, sourced into a real bash and asked to complete command lines
// as bash would (COMP_WORDS split on COMP_WORDBREAKS, as readline does).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "e2e/command_process.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"
#include "support/test_data.hpp"

namespace clonebench::testing {
namespace {

std::string quoted(const std::string& word) {
  std::string out = "'";
  for (const char c : word) {
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  }
  return out + "'";
}

// What bash offers for `clonebench WORDS...` with the cursor at the end of the last word.
// `source_line` loads the completion (in a function, as bash-completion's loader does, when
// asked).
std::vector<std::string> complete(const std::vector<std::string>& words,
                                  const std::vector<std::string>& env = {},
                                  const std::string& source_line = "") {
  std::string script = source_line.empty()
                           ? "source " + quoted(CLONEBENCH_BASH_COMPLETION) + " || exit 9\n"
                           : source_line + "\n";
  script += "COMP_WORDS=(" + quoted(CLONEBENCH_BINARY);
  for (const std::string& word : words) {
    script += " " + quoted(word);
  }
  script += ")\nCOMP_CWORD=" + std::to_string(words.size()) +
            "\n_clonebench\nprintf '%s\\n' \"${COMPREPLY[@]}\"\n";
  const CommandResult result = run_command({"bash", "--norc", "--noprofile", "-c", script}, env);
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.err, "");
  std::vector<std::string> offered;
  std::istringstream lines(result.out);
  for (std::string line; std::getline(lines, line);) {
    if (!line.empty()) {
      offered.push_back(line);
    }
  }
  std::sort(offered.begin(), offered.end());
  return offered;
}

std::vector<std::string> sorted(std::vector<std::string> words) {
  std::sort(words.begin(), words.end());
  return words;
}

nlohmann::json subcommand(const std::string& name) {
  const CommandResult result = run_command({CLONEBENCH_BINARY, "__cli"});
  const nlohmann::json cli = nlohmann::json::parse(result.out);
  for (const auto& command : cli["subcommands"]) {
    if (command["name"] == name) {
      return command;
    }
  }
  return {};
}

const std::vector<std::string> kStressors = {"clone", "clone3", "exec", "fork",
                                             "spawn", "thread", "vfork"};

TEST(BashCompletion, CompletesSubcommandNames) {
  EXPECT_EQ(complete({"s"}), sorted({"scale", "show", "sweep"}));
  EXPECT_EQ(complete({"com"}), sorted({"compare"}));
}

TEST(BashCompletion, OffersEveryStressorAfterRunSweepAndScale) {
  EXPECT_EQ(complete({"run", ""}), kStressors);
  EXPECT_EQ(complete({"run", "fork", "--timeout", "1", "cl"}), sorted({"clone", "clone3"}));
  EXPECT_EQ(complete({"sweep", ""}), kStressors);
  EXPECT_EQ(complete({"scale", ""}), kStressors);
}

TEST(BashCompletion, OffersEveryOptionTheSubcommandAccepts) {
  for (const std::string name : {"run", "ab", "compare", "sweep", "scale", "export"}) {
    std::vector<std::string> expected;
    const nlohmann::json command = subcommand(name);
    for (const auto& option : command["options"]) {
      for (const auto& option_name : option["names"]) {
        if (option_name.get<std::string>().starts_with("--")) {
          expected.push_back(option_name);
        }
      }
    }
    ASSERT_FALSE(expected.empty()) << name;
    EXPECT_EQ(complete({name, "--"}), sorted(expected)) << name;
  }
}

TEST(BashCompletion, OffersTheKindsOfRssKind) {
  const std::vector<std::string> kinds =
      sorted({"anon", "thp", "zero", "shared", "file", "hugetlb"});
  EXPECT_EQ(complete({"run", "fork", "--rss-kind", ""}), kinds);
  EXPECT_EQ(complete({"run", "--rss-kind", "=", "t"}), sorted({"thp"}));
  EXPECT_EQ(complete({"sweep", "fork", "--rss-kind", "h"}), sorted({"hugetlb"}));
}

TEST(BashCompletion, DoesNotTakeAnOptionValueForAStressor) {
  // "fork" here is --label's value, so the next word is still the first stressor.
  EXPECT_EQ(complete({"run", "--label", "fork", "f"}), sorted({"fork"}));
  EXPECT_EQ(complete({"run", "--label", "fork", "--timeout", "2", ""}), kStressors);
}

TEST(BashCompletion, OffersTheValuesOfFormatAndFailOn) {
  EXPECT_EQ(complete({"compare", "a", "b", "--format", ""}),
            sorted({"table", "benchstat", "markdown", "json"}));
  EXPECT_EQ(complete({"ab", "fork", "--fail-on", "s"}), sorted({"slower"}));
}

TEST(BashCompletion, OffersTheLabelsStoredInTheDatabase) {
  TempDirectory dir("completion");
  const std::string db = dir.file("runs.db");
  for (const std::string label : {"6.1.0-17-amd64", "patched"}) {
    const CommandResult stored = run_command(
        {CLONEBENCH_BINARY, "run", "fork", "--ops", "20", "--label", label, "--db", db});
    ASSERT_EQ(stored.exit_code, 0) << stored.err;
  }
  EXPECT_EQ(complete({"compare", "--db", db, ""}), sorted({"6.1.0-17-amd64", "patched"}));
  EXPECT_EQ(complete({"compare", "6.1.0-17-amd64", "p"}, {"CLONEBENCH_DB=" + db}),
            sorted({"patched"}));
  EXPECT_EQ(complete({"report", "--db", db, ""}),
            sorted({"6.1.0-17-amd64", "patched", "ab", "scale", "sweep"}));
  EXPECT_EQ(complete({"report", "patched", "6"}, {"CLONEBENCH_DB=" + db}),
            sorted({"6.1.0-17-amd64"}));
}

// A stored label is data (here from another store): bash must not expand it (compgen -W would run a
// command substitution in it) and offers it quoted, so that accepting it types the label itself.
TEST(BashCompletion, OffersAStoredLabelQuotedWithoutRunningIt) {
  TempDirectory dir("completion");
  const std::string db = dir.file("runs.db");
  const std::string witness = dir.file("pwned");
  const std::vector<std::string> labels = {"$(touch " + witness + ")", "`touch " + witness + "`",
                                           "a b;touch " + witness, "plain"};
  {
    // Stored as a store from elsewhere holds them (--label refuses a '/').
    Store store(db);
    for (const std::string& label : labels) {
      RunRecord run = report_fork_run(label, 1, 1000);
      store.save(run, report_environment("6.8.0", "IBPB"));
    }
  }
  const std::vector<std::string> offered = complete({"compare", "--db", db, ""});
  EXPECT_FALSE(std::filesystem::exists(witness)) << "completion ran a stored label";
  EXPECT_EQ(offered, sorted({"\\$\\(touch\\ " + witness + "\\)", "\\`touch\\ " + witness + "\\`",
                             "a\\ b\\;touch\\ " + witness, "plain"}));
  EXPECT_EQ(complete({"compare", "--db", db, "$"}), sorted({"\\$\\(touch\\ " + witness + "\\)"}));
  EXPECT_EQ(complete({"compare", "--db", db, "pl"}), sorted({"plain"}));
  EXPECT_FALSE(std::filesystem::exists(witness)) << "completion ran a stored label";
}

TEST(BashCompletion, NeverCreatesADatabase) {
  TempDirectory dir("completion");
  const std::string db = dir.file("absent.db");
  EXPECT_TRUE(complete({"compare", ""}, {"CLONEBENCH_DB=" + db}).empty());
  EXPECT_FALSE(std::filesystem::exists(db));
}

// Stored labels come from the database, maybe another host's: one that looks like an option
// would, once accepted, be read as that option ("report -oout.md" writes out.md).
TEST(BashCompletion, NeverOffersAStoredLabelThatLooksLikeAnOption) {
  TempDirectory dir("completion");
  const std::string db = dir.file("runs.db");
  {
    Store store(db);
    for (const std::string label : {"-oout.md", "--format=html", "-h", "plain"}) {
      RunRecord run = report_fork_run(label, 1, 1000);
      store.save(run, report_environment("6.8.0", "IBPB"));
    }
  }
  EXPECT_EQ(complete({"compare", "--db", db, ""}), sorted({"plain"}));
  EXPECT_EQ(complete({"report", "--db", db, ""}), sorted({"plain", "ab", "scale", "sweep"}));
}

// The --db on the line is read as bash would read it, quotes and backslashes removed.
TEST(BashCompletion, ReadsTheLabelsOfAQuotedDatabasePath) {
  TempDirectory dir("completion");
  const std::string db = dir.file("my runs.db");
  {
    Store store(db);
    RunRecord run = report_fork_run("patched", 1, 1000);
    store.save(run, report_environment("6.8.0", "IBPB"));
  }
  EXPECT_EQ(complete({"compare", "--db", "'" + db + "'", "p"}), sorted({"patched"}));
  EXPECT_EQ(complete({"compare", "--db", "\"" + db + "\"", "p"}), sorted({"patched"}));
  std::string escaped;
  for (const char c : db) {
    escaped += c == ' ' ? std::string("\\ ") : std::string(1, c);
  }
  EXPECT_EQ(complete({"compare", "--db", escaped, "p"}), sorted({"patched"}));
}

std::int64_t schema_version_of(const std::string& path) {
  sqlite3* db = nullptr;
  std::int64_t version = -1;
  if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
    sqlite3_stmt* statement = nullptr;
    if (sqlite3_prepare_v2(db, "PRAGMA user_version", -1, &statement, nullptr) == SQLITE_OK &&
        sqlite3_step(statement) == SQLITE_ROW) {
      version = sqlite3_column_int64(statement, 0);
    }
    sqlite3_finalize(statement);
  }
  sqlite3_close(db);
  return version;
}

// A TAB press reads: it never upgrades a database a user keeps for an older clonebench.
TEST(BashCompletion, NeverUpgradesAnOlderDatabase) {
  TempDirectory dir("completion");
  const std::string db = dir.file("old.db");
  std::filesystem::copy_file(data_path("store/store-schema-v1.db"), db);
  const ToolResult labels = run_tool({"__labels", "--db", db});
  EXPECT_EQ(labels.out, "");
  EXPECT_EQ(schema_version_of(db), 1);
}

// Another process holds the database: a TAB press gives up at once instead of freezing the
// shell for the store's ten-second wait. (The bound here is only a backstop far above it.)
TEST(BashCompletion, GivesUpAtOnceOnALockedDatabase) {
  TempDirectory dir("completion");
  const std::string db = dir.file("runs.db");
  {
    Store store(db);
    RunRecord run = report_fork_run("patched", 1, 1000);
    store.save(run, report_environment("6.8.0", "IBPB"));
  }
  sqlite3* holder = nullptr;
  ASSERT_EQ(sqlite3_open(db.c_str(), &holder), SQLITE_OK);
  ASSERT_EQ(sqlite3_exec(holder, "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;", nullptr,
                         nullptr, nullptr),
            SQLITE_OK);
  const ToolResult labels = run_tool({"__labels", "--db", db}, 5);
  sqlite3_close(holder);
  EXPECT_EQ(labels.err.find("timed out"), std::string::npos) << labels.err;
  EXPECT_EQ(labels.out, "");
}

TEST(BashCompletion, WorksWhenSourcedInsideAFunction) {
  const std::string loader =
      "load() { source " + quoted(CLONEBENCH_BASH_COMPLETION) + "; }; load || exit 9";
  EXPECT_EQ(complete({"run", "--rss-kind", "a"}, {}, loader), sorted({"anon"}));
}

TEST(BashCompletion, IsRegisteredForTheClonebenchCommand) {
  const CommandResult result =
      run_command({"bash", "--norc", "-c",
                   "source " + quoted(CLONEBENCH_BASH_COMPLETION) + "; complete -p clonebench"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "complete -F _clonebench clonebench\n");
}

}  // namespace
}  // namespace clonebench::testing
