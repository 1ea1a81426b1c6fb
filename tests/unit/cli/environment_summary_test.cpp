#include "cli/environment_summary.hpp"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "machine/stability_warning.hpp"
#include "record/environment_json.hpp"

namespace clonebench {
namespace {

nlohmann::json quiet_machine() {
  return {{"governor", "performance"},
          {"smt", {{"control", "off"}, {"active", false}}},
          {"cpus", 8},
          {"loadavg_before", {{"1m", 0.1}, {"5m", 0.1}, {"15m", 0.1}}},
          {"virtualization", {{"in_vm", false}}},
          {"thp", "madvise"}};
}

bool mentions(const std::vector<StabilityWarning>& warnings, const std::string& word) {
  for (const auto& warning : warnings) {
    if (warning.problem.find(word) != std::string::npos && !warning.advice.empty()) {
      return true;
    }
  }
  return false;
}

TEST(StabilityWarning, AQuietBareMetalMachineRaisesNone) {
  EXPECT_TRUE(stability_warnings(environment_from_json(quiet_machine())).empty());
}

TEST(StabilityWarning, NullOrMissingFieldsRaiseNone) {
  EXPECT_TRUE(stability_warnings(environment_from_json(nlohmann::json::object())).empty());
  EXPECT_TRUE(stability_warnings(environment_from_json({{"governor", nullptr},
                                                        {"smt", nullptr},
                                                        {"cpus", nullptr},
                                                        {"loadavg_before", nullptr},
                                                        {"thp", nullptr}}))
                  .empty());
}

TEST(StabilityWarning, EachNoisySettingRaisesItsOwnWarningWithAdvice) {
  nlohmann::json machine = quiet_machine();
  machine["governor"] = "powersave";
  machine["smt"]["active"] = true;
  machine["loadavg_before"]["1m"] = 1.7;  // above 0.2 * 8 = 1.6
  machine["virtualization"]["in_vm"] = true;
  machine["thp"] = "always";
  const auto warnings = stability_warnings(environment_from_json(machine));
  EXPECT_EQ(warnings.size(), 5u);
  EXPECT_TRUE(mentions(warnings, "powersave"));
  EXPECT_TRUE(mentions(warnings, "SMT"));
  EXPECT_TRUE(mentions(warnings, "1.70"));
  EXPECT_TRUE(mentions(warnings, "virtual machine"));
  EXPECT_TRUE(mentions(warnings, "always"));
}

TEST(StabilityWarning, LoadAtTheThresholdIsNotHigh) {
  nlohmann::json machine = quiet_machine();
  machine["loadavg_before"]["1m"] = 1.6;
  EXPECT_TRUE(stability_warnings(environment_from_json(machine)).empty());
}

TEST(EnvironmentSummary, AlignsScalarsThenSectionsWithMitigationsAndConfigLast) {
  const nlohmann::json environment = {
      {"kernel_release", "6.11.0"},
      {"cpus", 2},
      {"governor", nullptr},
      {"config", {{"CONFIG_HZ", "250"}}},
      {"mitigations", {{"retbleed", "Not affected"}, {"spectre_v2", "Mitigation: IBRS"}}},
      {"hvo", {{"key_on", false}, {"pools", {{"hugepages-2048kB", {{"nr_hugepages", 0}}}}}}}};
  const std::string expected =
      "cpus:           2\n"
      "governor:       n/a\n"
      "kernel_release: 6.11.0\n"
      "hvo:\n"
      "  key_on:                              false\n"
      "  pools.hugepages-2048kB.nr_hugepages: 0\n"
      "mitigations:\n"
      "  retbleed:   Not affected\n"
      "  spectre_v2: Mitigation: IBRS\n"
      "config:\n"
      "  CONFIG_HZ: 250\n";
  EXPECT_EQ(format_environment_summary(environment_from_json(environment)), expected);
}

}  // namespace
}  // namespace clonebench
