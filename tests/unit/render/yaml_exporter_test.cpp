// The YAML export: stress-ng's layout and key order, %f values, and YAML that parses back.
#include <gtest/gtest.h>
#include <yaml-cpp/yaml.h>

#include <sstream>
#include <string>
#include <vector>

#include "render/exporters.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

std::vector<std::string> yaml_lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream stream(text);
  for (std::string line; std::getline(stream, line);) {
    lines.push_back(line);
  }
  return lines;
}

TEST(ExportYaml, StartsWithDocumentMarkerAndEndsWithEndMarker) {
  const std::string yaml = render_yaml(testing::sample_document());
  EXPECT_EQ(yaml.rfind("---\nsystem-info:\n", 0), 0U);
  ASSERT_GE(yaml.size(), 4U);
  EXPECT_EQ(yaml.substr(yaml.size() - 4), "...\n");
}

TEST(ExportYaml, WritesStressNgsKeysInStressNgsOrderBeforeClonebenchsKeys) {
  const auto lines = yaml_lines_of(render_yaml(testing::sample_document()));
  std::size_t at = 0;
  while (at < lines.size() && lines[at] != "    - stressor: clone") {
    ++at;
  }
  ASSERT_LT(at + 9, lines.size());
  EXPECT_EQ(lines[at + 1], "      bogo-ops: 2807");
  EXPECT_EQ(lines[at + 2], "      bogo-ops-per-second-usr-sys-time: 216.312689");
  EXPECT_EQ(lines[at + 3], "      bogo-ops-per-second-real-time: 279.503724");
  EXPECT_EQ(lines[at + 4], "      wall-clock-time: 10.042800");
  EXPECT_EQ(lines[at + 5], "      user-time: 1.305945");
  EXPECT_EQ(lines[at + 6], "      system-time: 11.670640");
  EXPECT_EQ(lines[at + 7], "      cpu-usage-per-instance: 64.606410");
  EXPECT_EQ(lines[at + 8], "      max-rss: 142088");
  EXPECT_EQ(lines[at + 9], "      instances: 2");
}

TEST(ExportYaml, ReproducesTheValuesOfTheStressNgSample) {
  // stress-ng 0.15.06's fork block (docs/schema.md, "6. Real stress-ng 0.15.06 output the
  // exporters are checked against") from the same inputs.
  const std::string yaml = render_yaml(testing::sample_document());
  EXPECT_NE(yaml.find("    - stressor: fork\n"
                      "      bogo-ops: 2071\n"
                      "      bogo-ops-per-second-usr-sys-time: 2319.234641\n"
                      "      bogo-ops-per-second-real-time: 690.318905\n"
                      "      wall-clock-time: 3.000063\n"
                      "      user-time: 0.451017\n"
                      "      system-time: 0.441950\n"
                      "      cpu-usage-per-instance: 29.764945\n"
                      "      max-rss: 2548\n"),
            std::string::npos);
}

TEST(ExportYaml, ParsesAsYamlWithTheSameValues) {
  const RunDocument document = testing::sample_document();
  const YAML::Node root = YAML::Load(render_yaml(document));
  const YAML::Node info = root["system-info"];
  EXPECT_EQ(info["release"].as<std::string>(), "6.18.44-fc-v857");
  EXPECT_EQ(info["version"].as<std::string>(), "#1 SMP PREEMPT_DYNAMIC @0");
  EXPECT_EQ(info["date-yyyy-mm-dd"].as<std::string>(), "2026:11:29");
  EXPECT_EQ(info["time-hh-mm-ss"].as<std::string>(), "17:50:57");
  EXPECT_EQ(info["epoch-secs"].as<long long>(), 1795974657);  // as stress-ng printed it
  EXPECT_EQ(info["cpus"].as<int>(), 2);
  EXPECT_EQ(info["pagesize"].as<int>(), 4096);
  EXPECT_EQ(info["totalram"].as<long long>(), 24683652LL * 1024);
  const YAML::Node metrics = root["metrics"];
  ASSERT_EQ(metrics.size(), 2U);
  EXPECT_EQ(metrics[1]["label"].as<std::string>(), "base,line \"quoted\"");
  EXPECT_EQ(metrics[1]["experiment"].as<std::string>(), "ab-2026-11-29T17:51:00Z-4f2a");
  EXPECT_EQ(metrics[0]["failures-eperm"].as<int>(), 340);
  EXPECT_EQ(metrics[0]["latency-create-n"].as<int>(), 2807);
  const LatencySummary start = summarize(document.runs[0].result.start);
  EXPECT_NEAR(metrics[0]["latency-start-p90-us"].as<double>(), start.p90_us, 1e-6);
}

TEST(ExportYaml, OmitsSystemInfoFieldsTheEnvironmentDoesNotHave) {
  RunDocument document = testing::sample_document();
  document.environment = Environment{};
  document.environment.kernel_release = std::string("6.1");
  document.environment.hostname = std::nullopt;  // recorded as unknown
  const std::string yaml = render_yaml(document);
  EXPECT_EQ(yaml.find("hostname:"), std::string::npos);
  EXPECT_EQ(yaml.find("machine:"), std::string::npos);
  EXPECT_EQ(yaml.find("stress-ng-version:"), std::string::npos);
  // "6.1" would read back as a number unless quoted.
  EXPECT_NE(yaml.find("      release: '6.1'\n"), std::string::npos);
  EXPECT_EQ(YAML::Load(yaml)["system-info"]["release"].as<std::string>(), "6.1");
  // Without captured_at the date is the first run's start.
  EXPECT_NE(yaml.find("      time-hh-mm-ss: 17:50:57\n"), std::string::npos);
}

TEST(ExportYaml, QuotesStringsThatWouldNotReadBackAsThemselves) {
  RunDocument document;
  for (const char* label :
       {"it's: a #test", "true", "- dash", "", "0x10", "naïve", "two words", "trailing "}) {
    RunRecord record;
    record.label = label;
    record.result.stressor = "fork";
    document.runs.push_back(record);
  }
  const YAML::Node metrics = YAML::Load(render_yaml(document))["metrics"];
  ASSERT_EQ(metrics.size(), document.runs.size());
  for (std::size_t i = 0; i < document.runs.size(); ++i) {
    EXPECT_EQ(metrics[i]["label"].as<std::string>(), document.runs[i].label);
  }
}

// Text from another store may hold an escape sequence: it must not reach the terminal raw, and
// the YAML must still parse back to the same text.
TEST(ExportYaml, ControlCharactersInStoredTextAreEscapedAndReadBackAsThemselves) {
  RunDocument document;
  for (const char* label : {"red \x1b[31m'x'", "two\nlines \"q\" \\",
                            "csi \xc2\x9b"
                            "2J",
                            "bell\a"}) {
    RunRecord record;
    record.label = label;
    record.result.stressor = label;
    document.runs.push_back(record);
  }
  const std::string yaml = render_yaml(document);
  EXPECT_EQ(yaml.find('\x1b'), std::string::npos);
  EXPECT_EQ(yaml.find("\xc2\x9b"), std::string::npos);
  const YAML::Node metrics = YAML::Load(yaml)["metrics"];
  ASSERT_EQ(metrics.size(), document.runs.size());
  for (std::size_t i = 0; i < document.runs.size(); ++i) {
    EXPECT_EQ(metrics[i]["label"].as<std::string>(), document.runs[i].label);
    EXPECT_EQ(metrics[i]["stressor"].as<std::string>(), document.runs[i].label);
  }
}

}  // namespace
}  // namespace clonebench
