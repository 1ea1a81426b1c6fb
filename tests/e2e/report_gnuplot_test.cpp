// `report --format html` and the gnuplot it runs, with a stand-in gnuplot first on PATH: one
// that fails is a one-line runtime error with no output file; one that hangs dies with the tool
// when the tool is SIGKILLed (it is tethered), leaving no process and no file.

#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "profile_support.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

std::string find_gnuplot_for_test() {
  for (const char* path : {"/usr/bin/gnuplot", "/bin/gnuplot", "/usr/local/bin/gnuplot"}) {
    if (::access(path, X_OK) == 0) {
      return path;
    }
  }
  return {};
}

class ReportGnuplot : public TempDirectoryTest {
 protected:
  void SetUp() override {
    Store store(db_);
    fill_report_store(store);
  }
  // A gnuplot that runs `body` (sh), first on PATH.
  std::vector<std::string> path_with_gnuplot(const std::string& body) const {
    const std::string bin = scratch_.file("bin");
    std::filesystem::create_directories(bin);
    std::ofstream(bin + "/gnuplot") << "#!/bin/sh\n" << body << "\n";
    ::chmod((bin + "/gnuplot").c_str(), 0755);
    return {"PATH=" + bin + ":/usr/bin:/bin"};
  }
  std::vector<std::string> html_args() const {
    return {"report", kKernelA, "--format", "html", "--db", db_, "-o", out_};
  }
  std::string db_ = scratch_.file("runs.db");
  std::string out_ = scratch_.file("report.html");
};

TEST_F(ReportGnuplot, AFailingGnuplotIsAOneLineRuntimeErrorAndWritesNothing) {
  const std::vector<std::string> env =
      path_with_gnuplot("echo 'line 7: undefined variable: pages' >&2\nexit 1");
  const ToolResult result = run_tool(html_args(), 30, env);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err,
            "clonebench: error: report: gnuplot failed (exit 1, signal 0): line 7: undefined "
            "variable: pages\n");
  EXPECT_FALSE(std::filesystem::exists(out_));
}

// gnuplot's error is its last line, not a warning before it (issue 37).
TEST_F(ReportGnuplot, TheMessageQuotesGnuplotsErrorNotAWarningBeforeIt) {
  const std::vector<std::string> env = path_with_gnuplot(
      "echo 'Warning: empty y range [0:0], adjusting to [0:1]' >&2\necho >&2\n"
      "echo '         line 22: x range is invalid' >&2\necho >&2\nexit 1");
  const ToolResult result = run_tool(html_args(), 30, env);
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_EQ(result.err,
            "clonebench: error: report: gnuplot failed (exit 1, signal 0): line 22: x range is "
            "invalid\n");
}

// Under `ulimit -n 12` (or 32: any limit below 200) gnuplot could not even be given its
// descriptors, and the message was "gnuplot failed (exit 127, signal 0): " with nothing after.
// Now 32 descriptors are plenty, and under 12 the message says what failed.
TEST_F(ReportGnuplot, UnderALowDescriptorLimitTheReportIsDrawnOrSaysWhyNot) {
  if (find_gnuplot_for_test().empty()) {
    GTEST_SKIP() << "gnuplot is not installed";
  }
  const auto limited_to = [](rlim_t descriptors) {
    return [descriptors] {
      const rlimit limit{descriptors, descriptors};
      ::setrlimit(RLIMIT_NOFILE, &limit);
    };
  };
  const ToolResult enough = run_tool(html_args(), 60, {}, limited_to(32));
  EXPECT_EQ(enough.exit_code, 0) << enough.err;
  EXPECT_TRUE(std::filesystem::exists(out_));
  std::filesystem::remove(out_);
#if defined(__SANITIZE_ADDRESS__)
  // The sanitizers' runtime needs descriptors of its own (its reports, /proc/self/maps): under
  // 12 it fails before the tool can say anything, which says nothing about the tool.
  GTEST_SKIP() << "12 descriptors are too few for a sanitized build's runtime";
#endif
  const ToolResult tight = run_tool(html_args(), 60, {}, limited_to(12));
  if (tight.exit_code != 0) {
    EXPECT_EQ(tight.err.find("(exit 127, signal 0): \n"), std::string::npos) << tight.err;
    EXPECT_NE(tight.err.find("Too many open files"), std::string::npos) << tight.err;
  }
}

TEST_F(ReportGnuplot, AHangingGnuplotDiesWithASigkilledToolAndLeavesNoFile) {
  ToolProcess tool(html_args(), path_with_gnuplot("exec sleep 60"));
  ASSERT_TRUE(wait_for_child_named(tool.pid(), "sleep", 20)) << "gnuplot never started";
  tool.signal(SIGKILL);
  const ToolResult result = tool.wait(30);
  EXPECT_EQ(result.exit_code, 128 + SIGKILL);
  EXPECT_TRUE(orphans_end_by_themselves(5)) << "gnuplot outlived the tool";
  EXPECT_FALSE(std::filesystem::exists(out_));
  const std::vector<std::string> left = scratch_.entries();
  EXPECT_EQ(std::count_if(left.begin(), left.end(),
                          [](const std::string& name) { return name.find("report") == 0; }),
            0);
}

}  // namespace
}  // namespace clonebench::testing
