// Every kind of HTML report opened in Debian's chromium, headless, with name resolution mapped
// to nowhere and a throw-away profile and HOME (nothing is left in the user's): no console message
// (the report's Content-Security-Policy turns any fetch into one), a screenshot that is not blank,
// and as many plots in the parsed page as the report should have. Skipped, saying why, only when
// chromium cannot run at all.

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "e2e/command_process.hpp"
#include "support/png_pixels.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kBrowserTimeoutS = 60;  // a hang guard; a page takes 2–8 s on a loaded VM

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t count = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos;
       at = text.find(needle, at + 1)) {
    ++count;
  }
  return count;
}

std::string console_lines(const std::string& log) {
  std::istringstream lines(log);
  std::string found;
  for (std::string line; std::getline(lines, line);) {
    if (line.find(":CONSOLE") != std::string::npos) {
      found += line + "\n";
    }
  }
  return found;
}

class ReportBrowser : public TempDirectoryTest {
 protected:
  void SetUp() override {
    const CommandResult version = run_command({"chromium", "--version"}, home_in_scratch(), {}, 30);
    if (version.exit_code != 0) {
      std::printf("skipped: chromium cannot run here (exit %d)\n", version.exit_code);
      GTEST_SKIP() << "chromium cannot run here (exit " << version.exit_code
                   << "): install Debian's chromium (scripts/setup.sh) to run this test";
    }
    Store store(db_);
    fill_report_store(store);
  }

  // Writes the HTML report of `selection`, opens it, and checks everything the browser sees.
  void expect_accepted(const std::vector<std::string>& selection, std::size_t plots) {
    const std::string html = scratch_.file("report.html");
    std::vector<std::string> args = {"report"};
    args.insert(args.end(), selection.begin(), selection.end());
    args.insert(args.end(), {"--format", "html", "--db", db_, "-o", html});
    const ToolResult made = run_tool(args, 60);
    ASSERT_EQ(made.exit_code, 0) << made.err;
    const std::string text = read_all(html);
    EXPECT_NE(text.find("Content-Security-Policy\" content=\"default-src 'none'"),
              std::string::npos);
    EXPECT_EQ(count_of(text, "<script"), 0U);
    const std::string png = scratch_.file("report.png");
    const CommandResult browser = run_command(
        {"chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--user-data-dir=" + scratch_.file("profile"), "--window-size=1280,2000",
         "--enable-logging=stderr", "--v=0", "--host-resolver-rules=MAP * ~NOTFOUND",
         "--screenshot=" + png, "--dump-dom", "file://" + html},
        home_in_scratch(), {}, kBrowserTimeoutS);
    ASSERT_EQ(browser.exit_code, 0) << browser.err;
    EXPECT_EQ(console_lines(browser.err), "");
    EXPECT_EQ(count_of(browser.out, "<svg"), plots) << "plots in the page chromium parsed";
    const std::optional<PngPixels> pixels = read_png(png);
    ASSERT_TRUE(pixels.has_value()) << "no screenshot at " << png;
    EXPECT_GT(share_not_background(*pixels), 0.05) << "the screenshot is (nearly) blank";
    std::filesystem::remove_all(scratch_.file("profile"));
  }

  // Chromium writes crash-report settings and a dconf cache under HOME whatever its profile
  // directory: they go to the scratch directory, removed with it.
  std::vector<std::string> home_in_scratch() const {
    const std::string home = scratch_.file("home");
    std::filesystem::create_directories(home);
    return {"HOME=" + home, "XDG_CONFIG_HOME=" + home + "/.config",
            "XDG_CACHE_HOME=" + home + "/.cache"};
  }

  std::string db_ = scratch_.file("runs.db");
};

TEST_F(ReportBrowser, AcceptsTheReportOfTwoKernels) {
  // Trend, throughput, and a latency CDF per phase.
  expect_accepted({kKernelA, kKernelB}, 5);
}

TEST_F(ReportBrowser, AcceptsTheReportOfAnAbExperiment) {
  // Pair differences, throughput, latency per phase.
  expect_accepted({"ab"}, 5);
}

TEST_F(ReportBrowser, AcceptsTheReportOfASweep) {
  // A fit per phase (create, total), throughput, latency per phase.
  expect_accepted({"sweep"}, 6);
}

TEST_F(ReportBrowser, AcceptsTheReportOfAScale) {
  // Only its two curves: ops/s and efficiency against the instance count.
  expect_accepted({"scale"}, 2);
}

TEST_F(ReportBrowser, AcceptsTheReportOfAScaleWithoutIntervals) {
  // Two rounds: medians without error bars.
  expect_accepted({kScaleFewTag}, 2);
}

TEST_F(ReportBrowser, AcceptsTheReportOfRunsJustMeasured) {
  const ToolResult run = run_tool(
      {"run", "fork", "--runs", "3", "--timeout", "300ms", "--label", "fresh", "--db", db_}, 60);
  ASSERT_EQ(run.exit_code, 0) << run.err;
  expect_accepted({"fresh"}, 4);  // throughput, latency per phase
}

}  // namespace
}  // namespace clonebench::testing
