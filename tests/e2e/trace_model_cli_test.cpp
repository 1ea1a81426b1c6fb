// `clonebench trace --model`: the forks of a workload whose census is known (tests/support/
// trace_workload.c: 5 forks, 2 vforks, 2 threads) predicted with a sweep's cost model, in the
// table, the JSON, the stored experiment and its report; a bad --model refused before anything
// runs; no model said in one line. Needs root, as the other trace tests.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "e2e/tool_process.hpp"
#include "store/store.hpp"
#include "support/machine_lock.hpp"
#include "support/temp_directory.hpp"
#include "support/test_data.hpp"

namespace clonebench::testing {
namespace {

using nlohmann::json;

// BPF programs are machine-wide and the trace tests count them: they take turns.
class TraceModelCli : public TempDirectoryTest {
 protected:
  MachineLock bpf_{"bpf-links"};
  std::string db_ = scratch_.file("runs.db");
};

std::string stored_tag(const std::string& err) {
  const std::size_t at = err.find("stored as experiment ");
  if (at == std::string::npos) {
    return {};
  }
  return err.substr(at + 21, err.find(' ', at + 21) - at - 21);
}

void expect_sane_row(const json& row) {
  const double predicted = row["predicted_total_ns"].get<double>();
  EXPECT_TRUE(std::isfinite(predicted)) << row;
  EXPECT_LE(row["predicted_total_ci_ns"][0].get<double>(), predicted) << row;
  EXPECT_GE(row["predicted_total_ci_ns"][1].get<double>(), predicted) << row;
  EXPECT_EQ(row["below"].get<std::size_t>() + row["inside"].get<std::size_t>() +
                row["above"].get<std::size_t>(),
            row["forks"].get<std::size_t>())
      << row;
}

TEST_F(TraceModelCli, PredictsTheWorkloadsForksWithTheModelOfAFile) {
  const std::string json_path = scratch_.file("census.json");
  const ToolResult result =
      run_tool({"trace", "--model", data_path("trace/fork_model.json"), "--json", json_path, "--db",
                db_, "--", CLONEBENCH_TRACE_WORKLOAD, scratch_.file("truth")},
               120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("fork cost: the sweep's model against this workload (model: file "),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("not predicted (a fork model does not describe them): 2 vfork-like, "
                            "2 threads"),
            std::string::npos)
      << result.err;
  std::ifstream file(json_path);
  const json prediction = json::parse(file)["fork_prediction"];
  const json& all = prediction["all"];
  EXPECT_EQ(all["forks"], 5);
  // 5 forks from parents of at least 256 pages: at least 5 x (60 µs + 20 ns x 256).
  EXPECT_GE(all["predicted_total_ns"].get<double>(), 5 * (60'000.0 + 20 * 256));
  EXPECT_GT(all["measured_total_ns"].get<double>(), 0);
  expect_sane_row(all);
  std::size_t bucket_forks = 0;
  for (const json& row : prediction["buckets"]) {
    expect_sane_row(row);
    bucket_forks += row["forks"].get<std::size_t>();
  }
  EXPECT_EQ(bucket_forks, 5U);
  // The stored census keeps the model; its report shows the rows.
  const std::string tag = stored_tag(result.err);
  ASSERT_FALSE(tag.empty()) << result.err;
  const ToolResult report = run_tool({"report", tag, "--db", db_}, 60);
  ASSERT_EQ(report.exit_code, 0) << report.err;
  EXPECT_NE(report.out.find("### Fork cost: the sweep's model against this workload"),
            std::string::npos)
      << report.out;
  EXPECT_NE(report.out.find("| all forks | 5 |"), std::string::npos) << report.out;
}

// The model's source as the table names it: "sweep experiment TAG".
std::string model_tag(const std::string& err) {
  const std::string prefix = "(model: sweep experiment ";
  const std::size_t at = err.find(prefix);
  if (at == std::string::npos) {
    return {};
  }
  return err.substr(at + prefix.size(), err.find(';', at) - at - prefix.size());
}

TEST_F(TraceModelCli, FindsTheNewestSweepOfThisHostAndKernelOrTheOneNamed) {
  // A tiny sweep: two sizes, two rounds, enough for a model of fixed + per page.
  const ToolResult sweep = run_tool({"sweep", "fork", "--rss", "0:8M:2", "--rounds", "2",
                                     "--timeout-per-point", "100ms", "--quiet", "--db", db_},
                                    120);
  ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
  const ToolResult found = run_tool({"trace", "--db", db_, "--", "sh", "-c", "true & wait"}, 60);
  ASSERT_EQ(found.exit_code, 0) << found.err;
  const std::string tag = model_tag(found.err);
  ASSERT_EQ(tag.rfind("sweep-", 0), 0U) << found.err;
  EXPECT_NE(found.err.find("all forks"), std::string::npos) << found.err;
  const ToolResult named =
      run_tool({"trace", "--model", tag, "--db", db_, "--no-store", "--", "true"}, 60);
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(model_tag(named.err), tag) << named.err;
  // A stored experiment that is no sweep is refused, naming the flag.
  const std::string trace_tag = stored_tag(found.err);
  const ToolResult wrong = run_tool({"trace", "--model", trace_tag, "--db", db_, "--", "true"}, 60);
  EXPECT_EQ(wrong.exit_code, 2) << wrong.err;
  EXPECT_NE(wrong.err.find("--model: experiment " + trace_tag + " is a trace, not a sweep"),
            std::string::npos)
      << wrong.err;
}

TEST_F(TraceModelCli, SaysInOneLineWhenNoSweepOfThisHostAndKernelIsStored) {
  const ToolResult result = run_tool({"trace", "--db", db_, "--", "true"}, 60);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.err.find("\n  fork cost model: none (no stored sweep of this host and kernel"),
            std::string::npos)
      << result.err;
}

TEST_F(TraceModelCli, RefusesABadModelNamingTheFlagBeforeRunningAnything) {
  const std::string not_a_model = scratch_.file("not_a_model.json");
  std::ofstream(not_a_model) << "{\"phases\": [{\"phase\": \"create\"}]}\n";
  // A syntax error is named with its line (issue 37), not as "not a JSON object".
  const std::string broken = scratch_.file("broken.json");
  std::ofstream(broken) << "{\n  \"phases\": [\n    {\"phase\": \"create\",}\n  ]\n}\n";
  const std::string marker = scratch_.file("ran");
  const std::vector<std::pair<std::string, std::string>> bad = {
      {not_a_model, "--model: " + not_a_model + ": not a sweep cost model"},
      {broken, "--model: " + broken +
                   ": not valid JSON: [json.exception.parse_error.101] parse "
                   "error at line 3"},
      {"no-such-experiment", "--model: 'no-such-experiment' is neither a file nor an experiment"}};
  for (const auto& [model, message] : bad) {
    const ToolResult result =
        run_tool({"trace", "--model", model, "--db", db_, "--", "touch", marker}, 60);
    EXPECT_EQ(result.exit_code, 2) << model << ": " << result.err;
    EXPECT_NE(result.err.find(message), std::string::npos) << result.err;
    EXPECT_FALSE(std::ifstream(marker).good()) << "the command ran despite a bad --model";
  }
}

}  // namespace
}  // namespace clonebench::testing
