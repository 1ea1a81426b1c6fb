// What `clonebench kernel` says about fork and clone, for each kind of kernel.
#include <gtest/gtest.h>

#include "kernel/kernel_path_json.hpp"
#include "kernel/kernel_path_render.hpp"
#include "kernel/kernel_report_json.hpp"
#include "machine/kernel_report_source.hpp"
#include "record/environment_json.hpp"

namespace clonebench {
namespace {

KernelReport report_with(const std::string& compound_head, const std::string& srso,
                         std::optional<bool> key_on = false) {
  KernelPathObservation observation;
  KallsymsScan scan;
  scan.lines = 100;
  scan.addresses_visible = true;
  if (compound_head == "out-of-line") {
    scan.found["_compound_head"] = "_compound_head";
  }
  observation.kallsyms = scan;
  if (compound_head == "unknown") {
    observation.kallsyms.reset();
    observation.kallsyms_error = "Permission denied";
  }
  observation.vulnerabilities = {{"spec_rstack_overflow", srso}, {"retbleed", "Not affected"}};
  KernelReport report;
  report.kernel_release = "6.11.11-test";
  report.facts = derive_kernel_path_facts(observation);
  report.hvo_key_on = key_on;
  report.hvo_key_basis = "exact: test";
  report.config_optimize_vmemmap = "y";
  return report;
}

bool says(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

TEST(KernelReport, AnOutOfLineCompoundHeadWithSafeRetIsACostlyCallPerEntry) {
  const std::string meaning = explain_fork_cost(report_with("out-of-line", "Mitigation: Safe RET"));
  EXPECT_TRUE(says(meaning, "calls _compound_head() out of line")) << meaning;
  EXPECT_TRUE(says(meaning, "each of those calls is expensive")) << meaning;
  EXPECT_TRUE(says(meaning, "`clonebench model`")) << meaning;
}

TEST(KernelReport, AnInlinedCompoundHeadPaysNoCall) {
  const std::string meaning = explain_fork_cost(report_with("inline", "Not affected"));
  EXPECT_TRUE(says(meaning, "no out-of-line _compound_head()")) << meaning;
  EXPECT_TRUE(says(meaning, "a call costs a few cycles")) << meaning;
  EXPECT_TRUE(says(meaning, "HVO static key is off")) << meaning;
  EXPECT_TRUE(says(meaning, "`clonebench model`")) << meaning;
}

TEST(KernelReport, AnUnreadableKallsymsSaysWhyItCannotTell) {
  const std::string meaning =
      explain_fork_cost(report_with("unknown", "Not affected", std::nullopt));
  EXPECT_TRUE(says(meaning, "cannot be told")) << meaning;
  EXPECT_TRUE(says(meaning, "Permission denied")) << meaning;
  EXPECT_TRUE(says(meaning, "Whether the HVO static key is on is unknown")) << meaning;
}

TEST(KernelReport, AKeyOnAndAnOutlinedRmapHelperAreMentioned) {
  KernelReport report = report_with("out-of-line", "Not affected", true);
  report.facts.out_of_line["folio_try_dup_anon_rmap_ptes"] = true;
  const std::string meaning = explain_fork_cost(report);
  EXPECT_TRUE(says(meaning, "HVO static key is on")) << meaning;
  EXPECT_TRUE(says(meaning, "folio_try_dup_anon_rmap_ptes() is a function of its own")) << meaning;
  report.config_optimize_vmemmap = "n";
  EXPECT_TRUE(says(explain_fork_cost(report), "CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP is not set"));
}

TEST(KernelReport, TheTextListsEveryWatchedFunctionAndTheJsonCarriesTheFacts) {
  const KernelReport report = report_with("out-of-line", "Vulnerable: Safe RET, no microcode");
  const std::string text = render_kernel_report(report);
  for (const WatchedFunction& function : watched_functions()) {
    EXPECT_TRUE(says(text, function.name)) << function.name;
  }
  EXPECT_TRUE(says(text, "_compound_head: out-of-line"));
  EXPECT_TRUE(says(text, "return thunk: srso-safe-ret"));
  const nlohmann::json json = kernel_report_json(report);
  EXPECT_EQ(json.at("schema"), "clonebench-kernel/1");
  EXPECT_EQ(json.at("kernel_path").at("compound_head"), "out-of-line");
  EXPECT_EQ(json.at("kernel_path").at("return_thunk").at("kind"), "srso-safe-ret");
  EXPECT_EQ(json.at("hvo_key_on"), false);
  EXPECT_EQ(json.at("meaning"), explain_fork_cost(report));
}

TEST(KernelReport, ReadsItsFactsFromAnEnvironmentObject) {
  const KernelReport original = report_with("out-of-line", "Mitigation: Safe RET", true);
  const nlohmann::json environment = {
      {"kernel_release", "6.11.11-test"},
      {"kernel_path", kernel_path_to_json(original.facts)},
      {"hvo", {{"key_on", true}, {"key_on_basis", "inferred: pages exist"}}},
      {"config", {{"CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP", "y"}}}};
  const KernelReport report = kernel_report_from_environment(environment_from_json(environment));
  EXPECT_EQ(report.kernel_release, "6.11.11-test");
  EXPECT_EQ(report.facts.compound_head, "out-of-line");
  EXPECT_EQ(report.facts.return_thunk.path, ReturnPath::kSrsoSafeReturn);
  EXPECT_EQ(report.hvo_key_on, true);
  EXPECT_EQ(report.config_optimize_vmemmap, "y");
  const KernelReport bare =
      kernel_report_from_environment(environment_from_json(nlohmann::json::object()));
  EXPECT_EQ(bare.facts.compound_head, "unknown");
  EXPECT_FALSE(bare.hvo_key_on.has_value());
  EXPECT_FALSE(bare.config_optimize_vmemmap.has_value());
}

}  // namespace
}  // namespace clonebench
