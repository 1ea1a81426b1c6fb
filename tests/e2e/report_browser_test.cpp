// Every kind of HTML report opened in Debian's chromium, headless, with name resolution mapped
// to nowhere and a throw-away profile and HOME (nothing is left in the user's): no console message
// (the report's Content-Security-Policy turns any fetch into one), a screenshot that is not blank,
// and as many plots in the parsed page as the report should have. Skipped, saying why, only when
// chromium cannot run at all.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
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
                   << "): install Debian's chromium (scripts/setup.sh --tests) to run this test";
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

// A copy of the report that measures itself once laid out at 1400 px: the same page with a
// script allowed (the report itself has none) that writes what it found into the DOM, which
// --dump-dom prints. Per SVG: the smallest text as drawn (font size times the SVG's scale on
// the screen) and the widest legend (the key's texts, gnuplot's plot groups) against the SVG's
// drawn width; and whether the verdict comes before the first plot in document order.
constexpr const char* kMeasure = R"(<script>
const out = [];
const verdict = document.getElementById('verdict');
const first = document.querySelector('svg');
out.push('verdict-first=' + (verdict !== null && first !== null &&
    (verdict.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0));
document.querySelectorAll('svg').forEach((svg, i) => {
  let smallest = 1e9;
  svg.querySelectorAll('text').forEach(t => {
    if (t.textContent.trim() === '') return;
    const m = t.getScreenCTM();  // rotated labels too: the scale is the length of a column
    const size = parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b);
    smallest = Math.min(smallest, size);
  });
  let left = 1e9, right = -1e9;
  svg.querySelectorAll('g[id^="gnuplot_plot_"] > text').forEach(t => {
    const box = t.getBoundingClientRect();
    left = Math.min(left, box.left);
    right = Math.max(right, box.right);
  });
  const svgWidth = svg.getBoundingClientRect().width;
  out.push('svg' + i + ' text-px=' + smallest.toFixed(1) + ' legend-share=' +
           (right > left ? ((right - left) / svgWidth).toFixed(2) : '0'));
});
const pre = document.createElement('pre');
pre.id = 'measured';
pre.textContent = out.join('\n');
document.body.appendChild(pre);
</script>)";

struct Measured {
  bool verdict_first = false;
  double smallest_text_px = 1e9;
  double widest_legend_share = 0;
  std::size_t plots = 0;
};

Measured parse_measured(const std::string& dom) {
  Measured measured;
  const std::size_t start = dom.find("<pre id=\"measured\">");
  std::istringstream lines(start == std::string::npos ? "" : dom.substr(start + 19));
  for (std::string line; std::getline(lines, line);) {
    if (line.starts_with("verdict-first=")) {
      measured.verdict_first = line == "verdict-first=true";
    } else if (line.starts_with("svg")) {
      ++measured.plots;
      const std::size_t text = line.find("text-px=") + 8;
      const std::size_t share = line.find("legend-share=") + 13;
      measured.smallest_text_px = std::min(measured.smallest_text_px, std::stod(line.substr(text)));
      measured.widest_legend_share =
          std::max(measured.widest_legend_share, std::stod(line.substr(share)));
    }
    if (line.find("</pre>") != std::string::npos) {
      break;
    }
  }
  return measured;
}

class ReportLayout : public ReportBrowser {
 protected:
  // The report of `selection` laid out at 1400 px, measured, and its screenshot kept in
  // $CLONEBENCH_SCREENSHOT_DIR (to look at) when that is set.
  Measured measure(const std::vector<std::string>& selection, const std::string& name) {
    const std::string html = scratch_.file(name + ".html");
    std::vector<std::string> args = {"report"};
    args.insert(args.end(), selection.begin(), selection.end());
    args.insert(args.end(), {"--format", "html", "--db", db_, "-o", html});
    const ToolResult made = run_tool(args, 60);
    EXPECT_EQ(made.exit_code, 0) << made.err;
    std::string text = read_all(html);
    const std::string csp = "default-src 'none'; style-src 'unsafe-inline'";
    const std::size_t policy = text.find(csp);
    EXPECT_NE(policy, std::string::npos);
    if (policy != std::string::npos) {
      text.replace(policy, csp.size(), csp + "; script-src 'unsafe-inline'");
    }
    text.insert(text.rfind("</body>"), kMeasure);
    const std::string measuring = scratch_.file(name + ".measure.html");
    write_file(measuring, text);
    const char* keep = std::getenv("CLONEBENCH_SCREENSHOT_DIR");
    const std::string png =
        keep != nullptr ? std::string(keep) + "/" + name + ".png" : scratch_.file(name + ".png");
    const CommandResult browser = run_command(
        {"chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--user-data-dir=" + scratch_.file("profile"), "--window-size=1400,2000",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--screenshot=" + png, "--dump-dom",
         "file://" + (keep != nullptr ? html : measuring)},
        home_in_scratch(), {}, kBrowserTimeoutS);
    EXPECT_EQ(browser.exit_code, 0) << browser.err;
    std::filesystem::remove_all(scratch_.file("profile"));
    if (keep != nullptr) {  // the screenshot of the report itself; now measure the copy
      const CommandResult measured = run_command(
          {"chromium", "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
           "--user-data-dir=" + scratch_.file("profile"), "--window-size=1400,2000",
           "--host-resolver-rules=MAP * ~NOTFOUND", "--dump-dom", "file://" + measuring},
          home_in_scratch(), {}, kBrowserTimeoutS);
      std::filesystem::remove_all(scratch_.file("profile"));
      return parse_measured(measured.out);
    }
    return parse_measured(browser.out);
  }

  static void write_file(const std::string& path, const std::string& text) {
    std::FILE* file = std::fopen(path.c_str(), "wb");
    ASSERT_NE(file, nullptr) << path;
    std::fwrite(text.data(), 1, text.size(), file);
    std::fclose(file);
  }

  void expect_readable(const std::vector<std::string>& selection, const std::string& name,
                       std::size_t plots) {
    const Measured measured = measure(selection, name);
    EXPECT_EQ(measured.plots, plots) << name;
    EXPECT_TRUE(measured.verdict_first) << name << ": the verdict comes before the first plot";
    EXPECT_GE(measured.smallest_text_px, 12.0) << name << ": plot text drawn at 1400 px";
    EXPECT_LE(measured.widest_legend_share, 0.5) << name << ": a legend wider than half its plot";
  }
};

TEST_F(ReportLayout, TheReportOfTwoKernelsLeadsWithItsVerdictInReadablePlots) {
  expect_readable({kKernelA, kKernelB}, "kernels", 3);
}

TEST_F(ReportLayout, TheReportOfAnAbLeadsWithItsVerdictInReadablePlots) {
  expect_readable({"ab"}, "ab", 5);
}

TEST_F(ReportLayout, TheReportOfASweepLeadsWithItsFitsInReadablePlots) {
  expect_readable({"sweep"}, "sweep", 6);
}

TEST_F(ReportLayout, TheReportOfAScaleLeadsWithItsPointsInReadablePlots) {
  expect_readable({"scale"}, "scale", 2);
}

TEST_F(ReportBrowser, AcceptsTheReportOfTwoKernels) {
  // Trend, and for its one run group (fork) throughput and the latency CDFs of its phases.
  expect_accepted({kKernelA, kKernelB}, 3);
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
  expect_accepted({"fresh"}, 2);  // its one run group's throughput and latency
}

}  // namespace
}  // namespace clonebench::testing
