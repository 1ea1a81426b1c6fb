// Bad input gets a one-line message naming the flag or file, exit code 2, no partial output file
// and no stored run.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <fstream>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

bool path_exists(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0;
}

struct BadRun {
  std::vector<std::string> args;
  std::string named;  // what the message must name
};

class BadRunFlag : public ::testing::TestWithParam<BadRun> {};

TEST_P(BadRunFlag, ExitsWithTwoNamingTheFlagAndWritesNothing) {
  const std::string db = temp_path("bad.db");
  const std::string json = temp_path("bad.json");
  std::vector<std::string> args = {"run"};
  args.insert(args.end(), GetParam().args.begin(), GetParam().args.end());
  args.insert(args.end(), {"--db", db, "--json", json});
  const ToolResult result = run_tool(args, 30);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find(GetParam().named), std::string::npos) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(result.out.empty()) << result.out;
  EXPECT_FALSE(path_exists(json));
  const ToolResult history = run_tool({"history", "--db", db});
  EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
  remove_database(db);
  EXPECT_TRUE(nothing_left_behind());
}

INSTANTIATE_TEST_SUITE_P(
    Flags, BadRunFlag,
    ::testing::Values(
        BadRun{{"fork", "--timeout", "soon"}, "--timeout"},
        BadRun{{"fork", "--timeout", "-1"}, "--timeout"},
        BadRun{{"fork", "--rss", "lots"}, "--rss"}, BadRun{{"fork", "--rss", "100T"}, "--rss"},
        BadRun{{"fork", "--rss-kind", "purple"}, "--rss-kind"},
        BadRun{{"fork", "--vmas", "0"}, "--vmas"}, BadRun{{"fork", "--runs", "0"}, "--runs"},
        BadRun{{"fork", "--instances", "x"}, "--instances"}, BadRun{{"--fork", "many"}, "--fork"},
        BadRun{{"--fork", "1", "--fork-ops", "0"}, "--fork-ops"},
        BadRun{{"fork", "--ops", "none"}, "--ops"}, BadRun{{"fork", "--pin", "4096"}, "--pin"},
        // A count for a stressor that is not run is still checked (issue 37).
        BadRun{{"fork", "--vfork-ops", "nan"}, "--vfork-ops"},
        BadRun{{"fork", "--fork-ops", "5", "--ops", "nan"}, "--ops"},
        BadRun{{"fork", "--seed", "-4"}, "--seed"},
        BadRun{{"clone", "--clone-max", "0"}, "--clone-max"},
        BadRun{{"fork", "--phase-every", "-1"}, "--phase-every"}, BadRun{{"forkk"}, "forkk"},
        BadRun{{"fork", "--workload", "dirty"}, "--workload"},
        BadRun{{"thread", "--workload", "stress-ng"}, "--workload"},
        BadRun{{"fork", "--fork-max", "2"}, "--fork-max"},
        BadRun{{"fork", "--workload", "stress-ng", "--fork-max", "16001"}, "--fork-max"},
        BadRun{{"vfork", "--workload", "stress-ng", "--vfork-max", "0"}, "--vfork-max"},
        BadRun{{"fork", "--workload", "stress-ng", "--fork-vm", "--fork-unmap"}, "--fork-unmap"},
        BadRun{{"fork", "--bogus"}, "--bogus"}));

TEST(BadInput, AnUnwritableOutputFileFailsBeforeTheRun) {
  for (const char* flag : {"--json", "--yaml", "--csv"}) {
    const ToolResult result =
        run_tool({"run", "fork", "--timeout", "5", "--no-store", flag, "/nonexistent-dir/out"});
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find(flag), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("/nonexistent-dir/out"), std::string::npos) << result.err;
  }
}

TEST(BadInput, ACorruptDatabaseIsNamedAndNotOverwritten) {
  const std::string db = temp_path("corrupt.db");
  {
    std::ofstream file(db);
    file << "this is not an SQLite database, just text that a user pointed --db at\n";
  }
  const ToolResult result = run_tool({"run", "fork", "--timeout", "0.2", "--db", db});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find(db), std::string::npos) << result.err;
  EXPECT_EQ(read_all(db).substr(0, 12), "this is not ");
  remove_database(db);
}

TEST(BadInput, AnUnwritableDatabasePathIsNamed) {
  const ToolResult result =
      run_tool({"run", "fork", "--timeout", "0.2", "--db", "/proc/clonebench/x.db"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("/proc/clonebench/x.db"), std::string::npos) << result.err;
}

TEST(BadInput, AnUnknownCommandIsAUsageError) {
  const ToolResult result = run_tool({"frobnicate"});
  EXPECT_EQ(result.exit_code, 2);
}

}  // namespace
}  // namespace clonebench::testing
