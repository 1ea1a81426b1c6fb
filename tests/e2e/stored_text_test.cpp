// Stored text is data (issue 25): a store written by someone else — a shared database, one brought
// in with `pull` — holds labels, stressor names and experiment summaries that reach gnuplot
// scripts, terminals and Markdown. None of it may run a command, and a malformed summary is a
// clear error naming its field, never a crash.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "record/kernels_summary_json.hpp"
#include "record/trace_summary_json.hpp"
#include "support/sample_report_store.hpp"
#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kStoredTextTimeoutS = 60;

class StoredText : public TempDirectoryTest {
 protected:
  // Text that runs `touch <witness>` if any shell or gnuplot evaluates it.
  std::string hostile(const std::string& name) const {
    const std::string witness = scratch_.file(name);
    return "k `touch " + witness + "` $(touch " + witness + ") system(\"touch " + witness +
           "\") ' \" \\";
  }
  ToolResult report(std::vector<std::string> args) const {
    args.insert(args.begin(), "report");
    args.insert(args.end(), {"--db", db_});
    return run_tool(args, kStoredTextTimeoutS);
  }
  // Stores `summary` as the only experiment of `kind`, with one run.
  void store_experiment(const std::string& kind, const nlohmann::json& summary) const {
    Store store(db_);
    std::vector<RunRecord> runs = {report_fork_run("x", 1, 4000)};
    store.save_experiment({kind + "-t", kind, "2026-11-30T10:00:00Z", summary}, runs,
                          report_environment(kKernelA, "IBPB"));
  }
  bool witness_exists() const {
    for (const std::string& name : scratch_.entries()) {
      if (name.starts_with("pwned")) {
        return true;
      }
    }
    return false;
  }
  std::string db_ = scratch_.file("runs.db");
};

TEST_F(StoredText, LabelsInAnHtmlReportNeverRunACommandInGnuplot) {
  {
    Store store(db_);
    for (int i = 0; i < 6; ++i) {
      RunRecord a = report_fork_run(hostile("pwned-a"), i, 6000 + i);
      store.save(a, report_environment(kKernelA, "IBPB"));
      RunRecord b = report_fork_run(hostile("pwned-b"), 10 + i, 5000 + i);
      store.save(b, report_environment(kKernelB, "IBPB"));
    }
  }
  const std::string out = scratch_.file("r.html");
  const ToolResult result =
      report({hostile("pwned-a"), hostile("pwned-b"), "--format", "html", "-o", out});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(out));
  EXPECT_FALSE(witness_exists()) << "a label ran a command in gnuplot";
}

TEST_F(StoredText, AStressorNameInAnHtmlReportNeverRunsACommandInGnuplot) {
  {
    Store store(db_);
    for (int i = 0; i < 2; ++i) {
      RunRecord run = report_fork_run(i == 0 ? "one" : "two", i, 6000 + i);
      run.result.stressor = hostile("pwned-s");
      store.save(run, report_environment(kKernelA, "IBPB"));
    }
  }
  const ToolResult result =
      report({"one", "two", "--format", "html", "-o", scratch_.file("r.html")});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_FALSE(witness_exists()) << "a stressor name ran a command in gnuplot";
}

TEST_F(StoredText, ASweepPhaseThatIsNoPhaseIsRefusedNamingTheFieldAndRunsNothing) {
  nlohmann::json summary = sweep_summary();
  summary["fits"][0]["phase"] = "create\nsystem(\"touch " + scratch_.file("pwned-p") + "\")\n#";
  store_experiment("sweep", summary);
  for (const char* format : {"html", "markdown", "sru"}) {
    const ToolResult result = report({"sweep", "--format", format, "-o", scratch_.file("r")});
    EXPECT_EQ(result.exit_code, 2) << format << ": " << result.err;
    EXPECT_NE(result.err.find("fits[0].phase"), std::string::npos) << result.err;
    EXPECT_NE(result.err.find("sweep-t"), std::string::npos) << result.err;
    EXPECT_FALSE(std::filesystem::exists(scratch_.file("r"))) << format;
  }
  EXPECT_FALSE(witness_exists()) << "a stored sweep phase ran a command in gnuplot";
}

// Exit 2, as for every other damaged store: the input, not the tool, is at fault.
void expect_error_naming(const ToolResult& result, const std::string& field) {
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find(field), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find("json.exception"), std::string::npos) << result.err;
  EXPECT_EQ(result.out, "");
}

TEST_F(StoredText, ASweepFitWithAnEmptyIntervalIsAnErrorNamingItNotACrash) {
  nlohmann::json summary = sweep_summary();
  summary["fits"][0]["per_page_ns"]["ci"] = nlohmann::json::array();
  store_experiment("sweep", summary);
  for (const char* format : {"markdown", "sru", "html"}) {
    SCOPED_TRACE(format);
    expect_error_naming(report({"sweep", "--format", format}), "fits[0].per_page_ns.ci");
  }
}

TEST_F(StoredText, AnAbEffectWithAnEmptyIntervalIsAnErrorNamingItNotACrash) {
  {
    Store store(db_);
    fill_report_store(store);
  }
  Store store(db_);
  nlohmann::json summary = store.load_experiment_row(kAbTag)->summary;
  summary["metrics"][0]["effect"]["ci_pct"] = nlohmann::json::array();
  store_experiment("ab", summary);
  for (const char* format : {"markdown", "sru", "html"}) {
    SCOPED_TRACE(format);
    expect_error_naming(report({"ab-t", "--format", format}), "metrics[0].effect.ci_pct");
  }
}

TEST_F(StoredText, ASummaryFieldOfTheWrongTypeIsAnErrorNamingItNotAJsonException) {
  nlohmann::json summary = sweep_summary();
  summary["points"][1]["pages"] = "many";
  store_experiment("sweep", summary);
  expect_error_naming(report({"sweep"}), "points[1].pages");
}

TEST_F(StoredText, AMalformedTraceCensusIsAnErrorNamingItsField) {
  TraceCensus census;
  census.command = {"true"};
  census.runs = {TraceRun{}};
  nlohmann::json summary = trace_census_to_json(census);
  summary["runs"][0]["wall_ns"] = "1 s";
  store_experiment("trace", summary);
  for (const char* format : {"markdown", "sru", "html"}) {
    SCOPED_TRACE(format);
    expect_error_naming(report({"trace-t", "--format", format}), "runs[0].wall_ns");
  }
}

TEST_F(StoredText, AMalformedKernelsSummaryIsAnErrorNamingItsField) {
  KernelsSummary kernels;
  kernels.spec = "fork";
  kernels.a = KernelsSummarySide{"x:a", "/boot/a", "", 0, "", ""};
  nlohmann::json summary(kernels_summary_to_json(kernels, nullptr));
  summary["runs_per_boot"] = "two";
  store_experiment("kernels", summary);
  for (const char* format : {"markdown", "sru", "html"}) {
    SCOPED_TRACE(format);
    expect_error_naming(report({"kernels-t", "--format", format}), "runs_per_boot");
  }
}

TEST_F(StoredText, PullRefusesARunWhoseLabelHoldsAnEscapeSequence) {
  const std::string from = scratch_.file("other.db");
  {
    Store store(from);
    RunRecord run = report_fork_run("red\x1b[31m", 1, 4000);
    store.save(run, report_environment(kKernelA, "IBPB"));
  }
  const ToolResult result =
      run_tool({"pull", "--all", "--from", from, "--db", db_}, kStoredTextTimeoutS);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("label"), std::string::npos) << result.err;
  EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
  const ToolResult history = run_tool({"history", "--db", db_}, kStoredTextTimeoutS);
  EXPECT_EQ(history.out.find('\x1b'), std::string::npos);
  EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
}

TEST_F(StoredText, PullRefusesAnExperimentWhoseSummaryIsMalformedNamingTheField) {
  const std::string from = scratch_.file("other.db");
  {
    Store store(from);
    nlohmann::json summary = sweep_summary();
    summary["fits"][1]["phase"] = "total\nsystem(\"touch " + scratch_.file("pwned-pull") + "\")";
    std::vector<RunRecord> runs = {report_fork_run("x", 1, 4000)};
    store.save_experiment({"sweep-t", "sweep", "2026-11-30T10:00:00Z", summary}, runs,
                          report_environment(kKernelA, "IBPB"));
  }
  const ToolResult result =
      run_tool({"pull", "--all", "--from", from, "--db", db_}, kStoredTextTimeoutS);
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_NE(result.err.find("fits[1].phase"), std::string::npos) << result.err;
  const ToolResult history = run_tool({"history", "--db", db_}, kStoredTextTimeoutS);
  EXPECT_NE(history.out.find("no runs stored"), std::string::npos) << history.out;
  EXPECT_FALSE(witness_exists());
}

// Every text field of a store holds what a shell, gnuplot, a terminal and Markdown would act on.
class HostileStore : public StoredText {
 protected:
  void SetUp() override {
    const std::string h = text();
    Environment environment = report_environment(h, h.c_str());
    environment.cpu_model = h;
    Store store(db_);
    for (int i = 0; i < 6; ++i) {
      for (const std::string& label : {h + " one", h + " two"}) {
        RunRecord run = report_fork_run(label, i, 6000 + 10 * i);
        run.result.stressor = h;
        store.save(run, environment);
      }
    }
    std::vector<RunRecord> a, b;
    for (int i = 0; i < 6; ++i) {
      a.push_back(report_fork_run(h + ":a", 30 + i, 6100 + 7 * (i % 3)));
      b.push_back(report_fork_run(h + ":b", 40 + i, 4100 + 5 * (i % 4)));
    }
    nlohmann::json ab = ab_summary(a, b, environment);
    ab["summary"] = h;
    ab["warnings"] = {h};
    ab["metrics"][0]["sentence"] = h;
    ab["metrics"][1]["name"] = h;
    ab["ab"]["spec"] = h;
    ab["ab"]["setup_a"] = h;
    ab["ab"]["restore"] = h;
    a.insert(a.end(), b.begin(), b.end());
    store.save_experiment({h + " ab", "ab", "2026-11-30T09:00:00Z", ab}, a, environment);
    nlohmann::json sweep = sweep_summary();
    sweep["stressor"] = h;
    sweep["rss_kind"] = h;
    std::vector<RunRecord> sweep_runs = {report_fork_run(h, 50, 4000)};
    store.save_experiment({h + " sweep", "sweep", "2026-11-30T10:00:00Z", sweep}, sweep_runs,
                          environment);
    ScaleSummary scale;
    scale.settings = {h, h, {1, 2}, 6, 0.5, 3};
    scale.points = {
        {1, 6, {1000, ScaleInterval{990, 1010}}, {1, std::nullopt}, 0.97, {}},
        {2, 6, {1900, ScaleInterval{1880, 1910}}, {0.95, ScaleInterval{0.94, 0.96}}, 0.97, {}}};
    scale.steps = {{1, 2, ScaleStep::kGrows}};
    scale.knee = ScaleKnee{ScaleKnee::Status::kNotReached, 2, 0};
    std::vector<RunRecord> scale_runs = {report_fork_run(h, 60, 1000),
                                         report_fork_run(h, 61, 1900)};
    store.save_experiment(
        {h + " scale", "scale", "2026-11-30T11:00:00Z", scale_summary_to_json(scale)}, scale_runs,
        environment);
  }
  std::string text() const {
    return hostile("pwned") +
           "\n\x1b[31mred\x1b[0m \xc2\x9b"
           "2J ![i](http://example.com/i.png) **b** " +
           "<img src=x> | ``` @x\n```\n# heading";
  }
  // The text of a report: the file for html, else standard output.
  std::string rendered(const std::vector<std::string>& selection, const std::string& format) {
    std::vector<std::string> args = selection;
    args.insert(args.end(), {"--format", format});
    const std::string file = scratch_.file("report." + format);
    if (format == "html") {
      args.insert(args.end(), {"-o", file});
    }
    const ToolResult result = report(args);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.err.find('\x1b'), std::string::npos);
    if (format != "html") {
      return result.out;
    }
    std::ifstream in(file, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    std::filesystem::remove(file);
    return text.str();
  }
};

TEST_F(HostileStore, EveryReportKindRendersItsTextEscapedAndRunsNothing) {
  const std::vector<std::vector<std::string>> selections = {
      {text() + " one", text() + " two"}, {"ab"}, {"sweep"}, {"scale"}};
  for (const auto& selection : selections) {
    for (const char* format : {"markdown", "sru", "html"}) {
      SCOPED_TRACE(selection.front().substr(0, 6) + " " + format);
      const std::string out = rendered(selection, format);
      EXPECT_FALSE(out.empty());
      EXPECT_EQ(out.find('\x1b'), std::string::npos) << "a raw ESC";
      EXPECT_EQ(out.find("\xc2\x9b"), std::string::npos) << "a raw CSI";
      EXPECT_NE(out.find("x1B"), std::string::npos) << "the ESC is not shown escaped";
      if (std::string(format) == "markdown") {
        // Outside code blocks (which show text as it is) no image is left unescaped.
        EXPECT_EQ(out.find("| ![i](http"), std::string::npos) << "an image in a table";
        const std::size_t fence = out.rfind("```");
        EXPECT_EQ(out.find(" ![i](http", fence == std::string::npos ? 0 : fence), std::string::npos)
            << "an image";
        EXPECT_EQ(out.find("\n```\n#"), std::string::npos) << "a code block ended early";
      }
      if (std::string(format) == "html") {
        EXPECT_EQ(out.find("<img"), std::string::npos) << "an image in HTML";
        EXPECT_EQ(out.find("<strong>b</strong>"), std::string::npos) << "Markdown rendered";
        EXPECT_EQ(out.find("<h1>heading"), std::string::npos) << "Markdown rendered";
      }
    }
  }
  EXPECT_FALSE(witness_exists()) << "stored text ran a command";
}

TEST_F(HostileStore, HistoryShowAndExportEscapeStoredText) {
  std::vector<std::vector<std::string>> commands = {
      {"history"}, {"show", "1"}, {"export", "1", "--csv", "-"}, {"export", "1", "--yaml", "-"}};
  for (std::vector<std::string> command : commands) {
    command.insert(command.end(), {"--db", db_});
    const ToolResult result = run_tool(command, kStoredTextTimeoutS);
    SCOPED_TRACE(command.front() + " " + command[1]);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    EXPECT_EQ(result.out.find('\x1b'), std::string::npos) << "a raw ESC";
    EXPECT_EQ(result.out.find("\xc2\x9b"), std::string::npos) << "a raw CSI";
  }
  EXPECT_FALSE(witness_exists());
}

}  // namespace
}  // namespace clonebench::testing
