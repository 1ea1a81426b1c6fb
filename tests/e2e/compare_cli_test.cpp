// `clonebench compare` as a user runs it: files in, report out, exit codes for CI gates.

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace clonebench {
namespace {

struct Outcome {
  int exit_code = -1;
  std::string output;  // stdout and stderr
};

Outcome run(const std::string& arguments) {
  const std::string command = std::string(CLONEBENCH_BINARY) + " " + arguments + " 2>&1";
  Outcome outcome;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) {
    return outcome;
  }
  std::array<char, 4096> buffer{};
  while (fgets(buffer.data(), buffer.size(), pipe) != nullptr) {
    outcome.output += buffer.data();
  }
  const int status = pclose(pipe);
  outcome.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return outcome;
}

std::string golden(const std::string& name) {
  return std::string(CLONEBENCH_GOLDEN_DIR) + "/compare/" + name;
}

TEST(CompareCli, ComparesTwoClonebenchFilesAndWarnsAboutTheGovernor) {
  const Outcome outcome = run("compare " + golden("clonebench-a.json") + " " +
                              golden("clonebench-b.json") + " --db /nonexistent/never-opened.db");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("faster"), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("governor: A performance, B powersave"), std::string::npos)
      << outcome.output;
}

TEST(CompareCli, ComparesNumberFilesWithDurations) {
  const Outcome outcome =
      run("compare " + golden("numbers-a.txt") + " " + golden("numbers-b.txt") + " --format json");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("\"schema\": \"clonebench-compare/1\""), std::string::npos);
  EXPECT_NE(outcome.output.find("\"verdict\": \"faster\""), std::string::npos) << outcome.output;
}

TEST(CompareCli, FailOnSlowerExitsThreeForARegression) {
  const Outcome outcome = run("compare " + golden("numbers-b.txt") + " " + golden("numbers-a.txt") +
                              " --fail-on slower");
  EXPECT_EQ(outcome.exit_code, 3) << outcome.output;
}

TEST(CompareCli, FailOnInconclusiveExitsFourWhenRunsAreTooFew) {
  const Outcome outcome = run("compare " + golden("numbers-plain.txt") + " " +
                              golden("numbers-plain.txt") + " --fail-on inconclusive");
  EXPECT_EQ(outcome.exit_code, 4) << outcome.output;
  EXPECT_NE(outcome.output.find("Too few runs"), std::string::npos) << outcome.output;
}

TEST(CompareCli, AMalformedFileIsAUsageErrorNamingFileAndLine) {
  const Outcome outcome =
      run("compare " + golden("malformed-number.txt") + " " + golden("numbers-a.txt"));
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.output.find("malformed-number.txt:3:"), std::string::npos) << outcome.output;
}

TEST(CompareCli, AMissingPathIsAUsageError) {
  const Outcome outcome = run("compare /nonexistent/a.json " + golden("numbers-a.txt"));
  EXPECT_EQ(outcome.exit_code, 2);
  EXPECT_NE(outcome.output.find("/nonexistent/a.json: no such file"), std::string::npos)
      << outcome.output;
}

TEST(CompareCli, BenchstatFormatPrintsBenchstatsTable) {
  const Outcome outcome =
      run("compare " + golden("hyperfine-two.json") + " " + golden("hyperfine-two.json") +
          " --command 'sleep 0.010' --format benchstat");
  EXPECT_EQ(outcome.exit_code, 0) << outcome.output;
  EXPECT_NE(outcome.output.find("vs base"), std::string::npos) << outcome.output;
  EXPECT_NE(outcome.output.find("~ (p=1.000 n=10)"), std::string::npos) << outcome.output;
}

}  // namespace
}  // namespace clonebench
