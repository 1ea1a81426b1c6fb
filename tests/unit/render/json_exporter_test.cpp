// The clonebench/1 JSON document: contract names, values, and reading it back.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "record/run_document_json.hpp"
#include "render/exporters.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

std::set<std::string> keys_of(const nlohmann::json& object) {
  std::set<std::string> keys;
  for (const auto& [key, value] : object.items()) {
    keys.insert(key);
  }
  return keys;
}

TEST(ExportJson, UsesTheContractNamesOfDesignSection3) {
  const nlohmann::json json = to_json(testing::sample_document());
  EXPECT_EQ(json["schema"], "clonebench/1");
  EXPECT_EQ(json["tool"]["name"], "clonebench");
  EXPECT_EQ(json["tool"]["version"], CLONEBENCH_VERSION);
  EXPECT_EQ(json["environment"], testing::sample_environment_json());
  const std::set<std::string> run_keys = {"id",
                                          "label",
                                          "started_at",
                                          "stressor",
                                          "instances",
                                          "options",
                                          "bogo_ops",
                                          "real_time_s",
                                          "usr_time_s",
                                          "sys_time_s",
                                          "ops_per_sec_real",
                                          "ops_per_sec_cpu",
                                          "cpu_per_instance_pct",
                                          "max_rss_kb",
                                          "failures",
                                          "latency_us",
                                          "latency_histograms",
                                          "parent",
                                          "intervals",
                                          "workload",
                                          "start_up_ramp",
                                          "children_reaped_by_supervisor"};
  EXPECT_EQ(keys_of(json["runs"][0]), run_keys);  // no experiment: the key is left out
  std::set<std::string> with_experiment = run_keys;
  with_experiment.insert("experiment");
  EXPECT_EQ(keys_of(json["runs"][1]), with_experiment);
  for (const char* phase : {"create", "start", "reap"}) {
    EXPECT_EQ(keys_of(json["runs"][0]["latency_us"][phase]),
              (std::set<std::string>{"n", "mean", "p50", "p90", "p99", "max"}));
  }
  EXPECT_EQ(
      keys_of(json["runs"][0]["parent"]),
      (std::set<std::string>{"kind", "requested_bytes", "vmas_requested", "rss_kb", "anonymous_kb",
                             "anon_huge_kb", "shared_kb", "hugetlb_kb", "vma_count",
                             "region_rss_kb", "region_anonymous_kb", "baseline"}));
  EXPECT_EQ(keys_of(json["runs"][0]["parent"]["baseline"]),
            (std::set<std::string>{"vma_count", "rss_kb", "anonymous_kb"}));
  EXPECT_EQ(keys_of(json["runs"][0]["intervals"]),
            (std::set<std::string>{"interval_s", "ops", "last_interval_s"}));
}

TEST(ExportJson, CarriesTheThroughputSeriesAndTheWorkersBaseline) {
  const nlohmann::json run = to_json(testing::sample_document())["runs"][0];
  EXPECT_EQ(run["intervals"]["interval_s"], 0.1);
  EXPECT_EQ(run["intervals"]["ops"], nlohmann::json::array({27, 29, 28}));
  EXPECT_EQ(run["intervals"]["last_interval_s"], 0.0428);
  EXPECT_EQ(run["parent"]["baseline"]["vma_count"], 14);
  EXPECT_EQ(run["parent"]["baseline"]["rss_kb"], 812);
  EXPECT_EQ(run["parent"]["baseline"]["anonymous_kb"], 76);
}

// A document of one fork run whose intervals are `ops` (100 ms each, the last one whole).
RunDocument document_with_intervals(std::vector<std::uint64_t> ops) {
  RunDocument document = testing::sample_document();
  document.runs.resize(1);
  document.runs[0].result.intervals = ThroughputSeries{0.1, std::move(ops), 0.1};
  return document;
}

TEST(ExportJson, SaysWhenTheFirstIntervalsRanBelowTheRest) {
  // The first run of issue 36: 300 ms at 60 % of the rest.
  const nlohmann::json ramped = to_json(document_with_intervals(
      {85, 85, 109, 149, 150, 159, 154, 165, 173, 161}))["runs"][0]["start_up_ramp"];
  EXPECT_EQ(keys_of(ramped),
            (std::set<std::string>{"found", "intervals", "seconds", "ratio", "p"}));
  EXPECT_EQ(ramped["found"], true);
  EXPECT_EQ(ramped["intervals"], 3);
  EXPECT_DOUBLE_EQ(ramped["seconds"].get<double>(), 0.3);
  EXPECT_NEAR(ramped["ratio"].get<double>(), 93.0 / 159.3, 0.01);
  EXPECT_LT(ramped["p"].get<double>(), 0.01);
  const nlohmann::json steady = to_json(document_with_intervals(
      {160, 161, 162, 165, 152, 157, 162, 169, 166, 163}))["runs"][0]["start_up_ramp"];
  EXPECT_EQ(steady, (nlohmann::json{{"found", false}}));
  // Three intervals are too few to judge: the key says so, and why (docs/schema.md).
  EXPECT_EQ(to_json(testing::sample_document())["runs"][0]["start_up_ramp"],
            (nlohmann::json{{"found", false},
                            {"reason", "not judged: 2 whole interval(s), the rule needs 6"}}));
}

TEST(ExportJson, CarriesTheRatesAndLatenciesOfTheRecord) {
  const RunDocument document = testing::sample_document();
  const nlohmann::json run = to_json(document)["runs"][0];
  const RunResult& result = document.runs[0].result;
  EXPECT_EQ(run["bogo_ops"], 2807U);
  EXPECT_DOUBLE_EQ(run["ops_per_sec_real"].get<double>(), 2807 / 10.0428);
  EXPECT_DOUBLE_EQ(run["ops_per_sec_cpu"].get<double>(), 2807 / (1.305945 + 11.670640));
  EXPECT_DOUBLE_EQ(run["cpu_per_instance_pct"].get<double>(),
                   100 * (1.305945 + 11.670640) / 10.0428 / 2);
  EXPECT_EQ(run["failures"], (nlohmann::json{{"EINVAL", 120}, {"EPERM", 340}}));
  EXPECT_EQ(run["latency_us"]["create"]["n"], 2807U);
  EXPECT_DOUBLE_EQ(run["latency_us"]["start"]["p99"].get<double>(),
                   result.start.quantile_ns(0.99) / 1e3);
  EXPECT_DOUBLE_EQ(run["latency_us"]["reap"]["max"].get<double>(),
                   static_cast<double>(result.reap.max_ns()) / 1e3);
}

TEST(ExportJson, ReadsItsOwnDocumentBackWithTheWholeHistograms) {
  const RunDocument original = testing::sample_document();
  const RunDocument copy =
      run_document_from_json(nlohmann::json::parse(run_document_text(original)), "x.json");
  EXPECT_EQ(copy.environment, original.environment);
  ASSERT_EQ(copy.runs.size(), original.runs.size());
  for (std::size_t i = 0; i < copy.runs.size(); ++i) {
    const RunRecord& a = original.runs[i];
    const RunRecord& b = copy.runs[i];
    EXPECT_EQ(b.id, a.id);
    EXPECT_EQ(b.label, a.label);
    EXPECT_EQ(b.started_at, a.started_at);
    EXPECT_EQ(b.experiment, a.experiment);
    EXPECT_EQ(b.result.stressor, a.result.stressor);
    EXPECT_EQ(b.result.instances, a.result.instances);
    EXPECT_EQ(b.result.options, a.result.options);
    EXPECT_EQ(b.result.bogo_ops, a.result.bogo_ops);
    EXPECT_EQ(b.result.real_time_s, a.result.real_time_s);  // exact: JSON keeps 17 digits
    EXPECT_EQ(b.result.usr_time_s, a.result.usr_time_s);
    EXPECT_EQ(b.result.sys_time_s, a.result.sys_time_s);
    EXPECT_EQ(b.result.max_rss_kb, a.result.max_rss_kb);
    EXPECT_EQ(b.result.failures, a.result.failures);
    EXPECT_EQ(b.result.parent.rss_kb, a.result.parent.rss_kb);
    EXPECT_EQ(b.result.parent.region_anonymous_kb, a.result.parent.region_anonymous_kb);
    EXPECT_EQ(b.result.create.nonzero_buckets(), a.result.create.nonzero_buckets());
    EXPECT_EQ(b.result.start.sum_ns(), a.result.start.sum_ns());
    EXPECT_EQ(b.result.reap.min_ns(), a.result.reap.min_ns());
    EXPECT_EQ(b.result.reap.max_ns(), a.result.reap.max_ns());
  }
  EXPECT_EQ(run_document_text(copy), run_document_text(original));
}

TEST(ExportJson, AcceptsADocumentWithoutTheOptionalFields) {
  const auto json = nlohmann::json::parse(R"({"schema": "clonebench/1", "runs": [
      {"stressor": "fork", "bogo_ops": 10, "real_time_s": 1.0, "usr_time_s": 0.25,
       "sys_time_s": 0.25}]})");
  const RunDocument document = run_document_from_json(json, "min.json");
  ASSERT_EQ(document.runs.size(), 1U);
  EXPECT_EQ(document.runs[0].result.bogo_ops, 10U);
  EXPECT_DOUBLE_EQ(document.runs[0].result.ops_per_sec_cpu(), 20.0);
  EXPECT_EQ(document.runs[0].result.create.count(), 0U);
}

void expect_rejected(const std::string& text, const std::string& mention) {
  try {
    run_document_from_json(nlohmann::json::parse(text), "bad.json");
    ADD_FAILURE() << "accepted: " << text;
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("bad.json"), std::string::npos) << message;
    EXPECT_NE(message.find(mention), std::string::npos) << message;
  }
}

TEST(ExportJson, RejectsDocumentsThatAreNotClonebench1NamingTheSource) {
  expect_rejected("[1, 2]", "not a clonebench/1 document");
  expect_rejected(R"({"schema": "clonebench/2", "runs": []})", "clonebench/2");
  expect_rejected(R"({"schema": "clonebench/1"})", "runs");
  expect_rejected(R"({"schema": "clonebench/1", "runs": [{"bogo_ops": 1}]})",
                  "runs[0]: missing \"stressor\"");
  expect_rejected(R"({"schema": "clonebench/1", "runs": [{"stressor": "fork", "bogo_ops": -5,
      "real_time_s": 1, "usr_time_s": 1, "sys_time_s": 1}]})",
                  "bogo_ops");
  expect_rejected(R"({"schema": "clonebench/1", "runs": [{"stressor": "fork", "bogo_ops": 1,
      "real_time_s": "fast", "usr_time_s": 1, "sys_time_s": 1}]})",
                  "real_time_s");
  expect_rejected(R"({"schema": "clonebench/1", "runs": [{"stressor": "fork", "bogo_ops": 1,
      "real_time_s": 1, "usr_time_s": 1, "sys_time_s": 1,
      "latency_histograms": {"create": {"buckets": "99999:1"}}}]})",
                  "out of range");
}

}  // namespace
}  // namespace clonebench
