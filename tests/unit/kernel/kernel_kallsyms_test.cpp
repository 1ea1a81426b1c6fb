// What /proc/kallsyms says about the fork/exit path, from files shaped like the real one.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "kernel/kernel_path.hpp"
#include "kernel/kernel_path_json.hpp"
#include "machine/kernel_path_probe.hpp"
#include "support/test_data.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

const std::string kKallsymsData = testing::data_path("kernel/");

KallsymsScan scan_text(const std::string& text) {
  KallsymsScanner scanner(watched_function_names());
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    scanner.add_line(line);
  }
  return scanner.result();
}

KallsymsScan scan_sample(const std::string& name) {
  KallsymsScanner scanner(watched_function_names());
  EXPECT_EQ(scan_kallsyms_file(kKallsymsData + name, scanner), "") << name;
  return scanner.result();
}

KernelPathObservation observed(std::optional<KallsymsScan> scan, bool privileged = true) {
  KernelPathObservation observation;
  observation.kallsyms = std::move(scan);
  observation.kptr_restrict = 1;
  observation.privileged = privileged;
  observation.vulnerabilities = {{"spec_rstack_overflow", "Not affected"},
                                 {"retbleed", "Not affected"}};
  return observation;
}

TEST(KernelSymbols, AFunctionNamedByACompilerCloneIsItsFunction) {
  EXPECT_EQ(base_function_name("copy_present_ptes.constprop.0"), "copy_present_ptes");
  EXPECT_EQ(base_function_name("zap_pte_range.isra.0"), "zap_pte_range");
  EXPECT_EQ(base_function_name("_compound_head"), "_compound_head");
  EXPECT_EQ(base_function_name("copy_process.cold"), "");
  EXPECT_EQ(base_function_name("foo.cold.12"), "");
}

TEST(KernelSymbols, FindsOutOfLineFunctionsAndClonesButNotDataOrColdParts) {
  const KallsymsScan scan = scan_sample("kallsyms_outlined.txt");
  EXPECT_EQ(scan.lines, 21U);
  EXPECT_TRUE(scan.addresses_visible);
  EXPECT_EQ(scan.found.at("_compound_head"), "_compound_head");
  EXPECT_EQ(scan.found.at("copy_present_ptes"), "copy_present_ptes.constprop.0");
  EXPECT_EQ(scan.found.at("zap_present_ptes"), "zap_present_ptes.isra.0");
  EXPECT_EQ(scan.found.at("page_fixed_fake_head"), "page_fixed_fake_head.part.0");
  EXPECT_TRUE(scan.found.contains("folio_try_dup_anon_rmap_ptes"));
  EXPECT_FALSE(scan.found.contains("copy_pte_range")) << "a data symbol ('d') is no function";
  EXPECT_FALSE(scan.found.contains("PageHuge"));
}

TEST(KernelSymbols, ACompoundHeadColdPartAloneIsNotAnOutOfLineCompoundHead) {
  const KallsymsScan scan = scan_sample("kallsyms_inlined.txt");
  EXPECT_FALSE(scan.found.contains("_compound_head"));
  EXPECT_FALSE(scan.found.contains("copy_present_ptes"));
  EXPECT_TRUE(scan.found.contains("PageHuge"));
  EXPECT_TRUE(scan.found.contains("copy_page_range"));
}

TEST(KernelSymbols, RestrictedPointersStillNameTheFunctions) {
  const KallsymsScan scan = scan_sample("kallsyms_restricted.txt");
  EXPECT_FALSE(scan.addresses_visible);
  EXPECT_TRUE(scan.found.contains("_compound_head"));
  const KernelPathFacts facts = derive_kernel_path_facts(observed(scan, false));
  EXPECT_EQ(facts.kallsyms_access, "names-only");
  EXPECT_NE(facts.kallsyms_detail.find("kernel.kptr_restrict = 1"), std::string::npos)
      << facts.kallsyms_detail;
  EXPECT_NE(facts.kallsyms_detail.find("without CAP_SYSLOG"), std::string::npos);
  EXPECT_EQ(facts.compound_head, "out-of-line");
}

TEST(KernelSymbols, AModuleSuffixAndAPartialLastLineAreRead) {
  const KallsymsScan scan =
      scan_text("ffffffffc0a01000 t xfs_fs_fill_super\t[xfs]\nffffffff81600670 T copy_page_range");
  EXPECT_EQ(scan.lines, 2U);
  EXPECT_TRUE(scan.found.contains("copy_page_range"));
  EXPECT_EQ(scan_text("garbage\n\n").lines, 0U);
}

TEST(KernelPath, OutOfLineCompoundHeadIsReportedAsSuch) {
  const KernelPathFacts facts =
      derive_kernel_path_facts(observed(scan_sample("kallsyms_outlined.txt")));
  EXPECT_EQ(facts.kallsyms_access, "addresses");
  EXPECT_EQ(facts.compound_head, "out-of-line");
  EXPECT_TRUE(facts.out_of_line.at("copy_present_ptes"));
  EXPECT_EQ(facts.listed_as.at("copy_present_ptes"), "copy_present_ptes.constprop.0");
  EXPECT_FALSE(facts.listed_as.contains("_compound_head"));
  EXPECT_EQ(facts.out_of_line.size(), watched_functions().size());
}

TEST(KernelPath, NoCompoundHeadSymbolMeansInlined) {
  const KernelPathFacts facts =
      derive_kernel_path_facts(observed(scan_sample("kallsyms_inlined.txt")));
  EXPECT_EQ(facts.compound_head, "inline");
  EXPECT_FALSE(facts.out_of_line.at("_compound_head"));
  EXPECT_FALSE(facts.out_of_line.at("zap_present_ptes"));
}

TEST(KernelPath, AnUnreadableOrEmptyKallsymsLeavesEverythingUnknownAndSaysWhy) {
  KernelPathObservation unreadable = observed(std::nullopt);
  unreadable.kallsyms_error = "Permission denied";
  const KernelPathFacts no_file = derive_kernel_path_facts(unreadable);
  EXPECT_EQ(no_file.kallsyms_access, "unreadable");
  EXPECT_NE(no_file.kallsyms_detail.find("Permission denied"), std::string::npos);
  EXPECT_EQ(no_file.compound_head, "unknown");
  EXPECT_TRUE(no_file.out_of_line.empty());

  const KernelPathFacts empty = derive_kernel_path_facts(observed(KallsymsScan{}));
  EXPECT_EQ(empty.kallsyms_access, "empty");
  EXPECT_EQ(empty.compound_head, "unknown");
}

TEST(KernelPath, AMissingFileIsUnreadableWithTheSystemsReason) {
  KallsymsScanner scanner(watched_function_names());
  EXPECT_EQ(scan_kallsyms_file(kKallsymsData + "no-such-kallsyms", scanner),
            "No such file or directory");
}

TEST(KernelPath, TheEnvironmentObjectReadsBackToTheSameFacts) {
  const KernelPathFacts facts =
      derive_kernel_path_facts(observed(scan_sample("kallsyms_outlined.txt")));
  const KernelPathFacts back = kernel_path_from_json(kernel_path_to_json(facts));
  EXPECT_EQ(back.compound_head, facts.compound_head);
  EXPECT_EQ(back.out_of_line, facts.out_of_line);
  EXPECT_EQ(back.listed_as, facts.listed_as);
  EXPECT_EQ(back.kallsyms_access, facts.kallsyms_access);
  EXPECT_EQ(back.return_thunk.kind, facts.return_thunk.kind);
  EXPECT_EQ(back.return_thunk.path, facts.return_thunk.path);
  EXPECT_EQ(kernel_path_from_json(nullptr).compound_head, "unknown");
}

}  // namespace
}  // namespace clonebench
