// Which compound_head() world a kernel is in, decided from symbols, config and release alone.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "kernel/compound_head_world.hpp"
#include "kernel/kernel_path.hpp"
#include "kernel/kernel_path_json.hpp"
#include "kernel/kernel_path_render.hpp"
#include "kernel/kernel_report_json.hpp"
#include "machine/kernel_report_source.hpp"
#include "record/environment_json.hpp"

namespace clonebench {
namespace {

HeadWorldEvidence names_only(std::string release) {
  HeadWorldEvidence evidence;
  evidence.kernel_release = std::move(release);
  evidence.kallsyms_listed = true;
  evidence.config_optimize_vmemmap = "y";
  return evidence;
}

HeadWorldEvidence with_data_symbols(std::string release) {
  HeadWorldEvidence evidence = names_only(std::move(release));
  evidence.data_symbols_listed = true;
  return evidence;
}

HeadWorldEvidence nothing_readable(std::string release) {
  HeadWorldEvidence evidence;
  evidence.kernel_release = std::move(release);
  return evidence;
}

TEST(HeadWorld, AKernelWithoutHvoBuiltHasNoFakeHeadCheckWhateverElseItShows) {
  HeadWorldEvidence evidence = with_data_symbols("6.11.0");
  evidence.hvo_key_symbol = true;
  evidence.config_optimize_vmemmap = "n";
  const HeadWorldVerdict verdict = decide_head_world(evidence);
  EXPECT_EQ(verdict.world, HeadWorld::kNoHvo);
  EXPECT_EQ(verdict.certainty, Certainty::kCertain);
  EXPECT_TRUE(verdict.basis.starts_with("certain: CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP"));
}

TEST(HeadWorld, TheListedStaticKeyProvesFakeHeadsAndTheReleasePicksTheEra) {
  HeadWorldEvidence evidence = with_data_symbols("6.9.12");
  evidence.hvo_key_symbol = true;
  evidence.compound_head_out_of_line = true;
  EXPECT_EQ(decide_head_world(evidence).world, HeadWorld::kPreC0bff412);
  evidence.kernel_release = "6.11.0-rc3";
  EXPECT_EQ(decide_head_world(evidence).world, HeadWorld::kC0bff412);
  evidence.kernel_release = "6.18.44-fc";
  evidence.compound_head_out_of_line = false;
  const HeadWorldVerdict verdict = decide_head_world(evidence);
  EXPECT_EQ(verdict.world, HeadWorld::kEf5f379);
  EXPECT_EQ(verdict.certainty, Certainty::kCertain);
  EXPECT_NE(verdict.basis.find("hugetlb_optimize_vmemmap_key"), std::string::npos);
}

TEST(HeadWorld, ListedDataSymbolsWithoutTheKeyMeanTheKeyIsGone) {
  const HeadWorldVerdict verdict = decide_head_world(with_data_symbols("7.1.0"));
  EXPECT_EQ(verdict.world, HeadWorld::kFakeHeadFree);
  EXPECT_EQ(verdict.certainty, Certainty::kCertain);
}

TEST(HeadWorld, WithoutTheConfigAMissingKeyIsOnlyLikelyTheSeries) {
  HeadWorldEvidence evidence = with_data_symbols("7.1.0");
  evidence.config_optimize_vmemmap.reset();
  const HeadWorldVerdict verdict = decide_head_world(evidence);
  EXPECT_EQ(verdict.world, HeadWorld::kFakeHeadFree);
  EXPECT_EQ(verdict.certainty, Certainty::kLikely);
  EXPECT_TRUE(verdict.basis.starts_with("likely: "));
}

TEST(HeadWorld, AnOutOfLineCompoundHeadMeansLikelyFakeHeads) {
  HeadWorldEvidence evidence = names_only("not-a-version");
  evidence.compound_head_out_of_line = true;
  const HeadWorldVerdict verdict = decide_head_world(evidence);
  EXPECT_EQ(verdict.world, HeadWorld::kC0bff412);
  EXPECT_EQ(verdict.certainty, Certainty::kLikely);
  evidence.kernel_release = "6.6.30";
  EXPECT_EQ(decide_head_world(evidence).world, HeadWorld::kPreC0bff412);
}

TEST(HeadWorld, AReleaseNotNewerThanTheNewestSeenWithTheKeyIsLikelyFakeHeads) {
  const HeadWorldVerdict here = decide_head_world(names_only("6.18.44-fc-v1147"));
  EXPECT_EQ(here.world, HeadWorld::kEf5f379);
  EXPECT_EQ(here.certainty, Certainty::kLikely);
  EXPECT_NE(here.basis.find("CONFIG_KALLSYMS_ALL"), std::string::npos);
  const HeadWorldVerdict blind = decide_head_world(nothing_readable("6.11.0"));
  EXPECT_EQ(blind.world, HeadWorld::kC0bff412);
  EXPECT_EQ(blind.certainty, Certainty::kLikely);
  EXPECT_NE(blind.basis.find("tells nothing"), std::string::npos);
  EXPECT_EQ(decide_head_world(nothing_readable("6.14.2")).world, HeadWorld::kEf5f379);
}

TEST(HeadWorld, ANewerReleaseWithoutSymbolsCannotBeTold) {
  const HeadWorldVerdict verdict = decide_head_world(names_only("6.19.0"));
  EXPECT_EQ(verdict.world, HeadWorld::kUnknown);
  EXPECT_EQ(verdict.certainty, Certainty::kUnknown);
  EXPECT_NE(verdict.basis.find("not known here"), std::string::npos);
}

TEST(HeadWorld, AReleaseOlderThanTheKeysHistoryCannotBeTold) {
  const HeadWorldVerdict verdict = decide_head_world(nothing_readable("5.10.200"));
  EXPECT_EQ(verdict.world, HeadWorld::kUnknown);
  EXPECT_NE(verdict.basis.find("older than 5.18"), std::string::npos);
}

TEST(HeadWorld, NoReleaseAndNoSymbolsCannotBeTold) {
  const HeadWorldVerdict verdict = decide_head_world(nothing_readable(""));
  EXPECT_EQ(verdict.world, HeadWorld::kUnknown);
  EXPECT_TRUE(verdict.basis.starts_with("unknown: "));
}

TEST(HeadWorld, ReleasesParseToMajorAndMinor) {
  EXPECT_EQ(parse_kernel_version("6.18.44-fc-v1147"), (KernelVersion{6, 18}));
  EXPECT_EQ(parse_kernel_version("6.10-rc1"), (KernelVersion{6, 10}));
  EXPECT_EQ(parse_kernel_version("7.0"), (KernelVersion{7, 0}));
  EXPECT_FALSE(parse_kernel_version("6"));
  EXPECT_FALSE(parse_kernel_version("unknown"));
  EXPECT_FALSE(parse_kernel_version(""));
}

TEST(HeadWorld, EveryWorldNameReadsBack) {
  for (const HeadWorld world : {HeadWorld::kPreC0bff412, HeadWorld::kC0bff412, HeadWorld::kEf5f379,
                                HeadWorld::kFakeHeadFree, HeadWorld::kNoHvo}) {
    EXPECT_EQ(head_world_from_name(head_world_name(world)), world);
    EXPECT_FALSE(head_world_description(world).empty());
  }
  EXPECT_EQ(head_world_from_name("sideways"), HeadWorld::kUnknown);
}

TEST(HeadWorld, TheScannerListsWantedDataSymbolsOnlyAsData) {
  KallsymsScanner scanner({"_compound_head"}, {"hugetlb_optimize_vmemmap_key", "init_task"});
  std::istringstream lines(
      "ffffffff82a00000 D init_task\n"
      "ffffffff82b00000 B hugetlb_optimize_vmemmap_key_other\n"
      "ffffffff81000000 T hugetlb_optimize_vmemmap_key\n");
  for (std::string line; std::getline(lines, line);) {
    scanner.add_line(line);
  }
  EXPECT_EQ(scanner.result().data_found, (std::set<std::string>{"init_task"}));
}

TEST(HeadWorld, TheKernelReportDecidesFromTheStoredEnvironment) {
  const nlohmann::json environment = {
      {"kernel_release", "6.18.44"},
      {"kernel_path",
       {{"kallsyms", {{"access", "addresses"}, {"detail", "readable"}}},
        {"compound_head", "inline"},
        {"out_of_line", {{"_compound_head", false}}},
        {"data_symbols", {{"init_task", true}, {"hugetlb_optimize_vmemmap_key", true}}}}},
      {"config", {{"CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP", "y"}}}};
  const KernelReport report = kernel_report_from_environment(environment_from_json(environment));
  EXPECT_EQ(report.head_world.world, HeadWorld::kEf5f379);
  EXPECT_EQ(report.head_world.certainty, Certainty::kCertain);
  EXPECT_EQ(kernel_report_json(report)["compound_head_world"]["world"], "ef5f379");
  EXPECT_NE(render_kernel_report(report).find("compound_head() world: ef5f379"), std::string::npos);
}

TEST(HeadWorld, AnEnvironmentStoredBeforeDataSymbolsWereRecordedFallsBackToTheRelease) {
  const nlohmann::json environment = {
      {"kernel_release", "6.11.3"},
      {"kernel_path",
       {{"kallsyms", {{"access", "names-only"}, {"detail", "hidden"}}},
        {"out_of_line", {{"_compound_head", true}}}}}};
  const KernelReport report = kernel_report_from_environment(environment_from_json(environment));
  EXPECT_EQ(report.head_world.world, HeadWorld::kC0bff412);
  EXPECT_EQ(report.head_world.certainty, Certainty::kLikely);
}

}  // namespace
}  // namespace clonebench
