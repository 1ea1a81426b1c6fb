// A kernel profile from `perf script` text shaped like perf's, and what is kept of it.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "core/error.hpp"
#include "kernel/fork_path.hpp"
#include "kernel/perf_messages.hpp"
#include "kernel/perf_script_profile.hpp"
#include "kernel/profile_merge.hpp"
#include "kernel/profiling_requirements.hpp"
#include "record/profile_json.hpp"
#include "support/test_data.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

const std::string kProfileData = testing::data_path("kernel/");

KernelProfile profile_of(const std::string& text, std::size_t top = kStoredTopSymbols) {
  PerfScriptProfile builder;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    builder.add_line(line);
  }
  return builder.finish(top);
}

ProfileCount count_named(const std::vector<ProfileCount>& counts, const std::string& name) {
  for (const ProfileCount& count : counts) {
    if (count.name == name) {
      return count;
    }
  }
  return {name, 0, 0};
}

KernelProfile recorded_profile() {
  return profile_of(read_text_file(kProfileData + "perf_script_fork.txt").value_or(""));
}

TEST(PerfScriptProfile, CountsSamplesByWhoRanIdleOwnAndKernel) {
  const KernelProfile profile = recorded_profile();
  EXPECT_EQ(profile.samples, 10U);
  EXPECT_EQ(profile.idle_samples, 2U);
  EXPECT_EQ(profile.own_samples, 5U) << "clonebench and clonebench-help, not 'Web Content'";
  EXPECT_EQ(profile.kernel_samples, 8U) << "the two samples without kernel frames ran in user mode";
}

TEST(PerfScriptProfile, ChargesTheSampledFunctionOnceForTheMachineAndForClonebench) {
  const KernelProfile profile = recorded_profile();
  const ProfileCount irq = count_named(profile.top_kernel_symbols, "pvm_irq_enable");
  EXPECT_EQ(irq.samples, 3U);
  EXPECT_EQ(irq.own_samples, 1U);
  const ProfileCount compound = count_named(profile.top_kernel_symbols, "_compound_head");
  EXPECT_EQ(compound.samples, 2U);
  EXPECT_EQ(compound.own_samples, 2U);
  EXPECT_EQ(count_named(profile.top_kernel_symbols, "pv_native_safe_halt").samples, 2U);
  EXPECT_EQ(count_named(profile.top_kernel_symbols, "copy_page_range").samples, 0U)
      << "a caller is not the sampled function";
  EXPECT_EQ(profile.top_kernel_symbols.front().name, "pvm_irq_enable");
}

TEST(PerfScriptProfile, PathGroupsCountEachSampleOnceWhereverTheChainPassesThrough) {
  const KernelProfile profile = recorded_profile();
  ASSERT_EQ(profile.paths.size(), fork_path_groups().size());
  const auto expect_path = [&](const char* name, std::uint64_t all, std::uint64_t own) {
    const ProfileCount count = count_named(profile.paths, name);
    EXPECT_EQ(count.samples, all) << name;
    EXPECT_EQ(count.own_samples, own) << name;
  };
  expect_path("dup_mm", 4, 3);  // dup_mmap twice in one chain still counts once
  expect_path("copy_page_range", 2, 2);
  expect_path("anon_vma_fork", 1, 1);
  expect_path("exit_mmap", 1, 1);
  expect_path("zap", 1, 1);  // zap_present_ptes.isra.0 is zap_present_ptes
  expect_path("_compound_head", 2, 2);
  expect_path("idle", 2, 0);
  EXPECT_DOUBLE_EQ(profile.share(count_named(profile.paths, "_compound_head").samples), 0.2);
  EXPECT_DOUBLE_EQ(profile.own_share(count_named(profile.paths, "_compound_head").own_samples),
                   0.4);
}

TEST(PerfScriptProfile, KeepsTheTopOfTheMachineAndTheTopOfClonebenchEachOnce) {
  const KernelProfile profile =
      profile_of(read_text_file(kProfileData + "perf_script_fork.txt").value_or(""), 1);
  ASSERT_EQ(profile.top_kernel_symbols.size(), 2U);
  EXPECT_EQ(profile.top_kernel_symbols[0].name, "pvm_irq_enable");  // the machine's top
  EXPECT_EQ(profile.top_kernel_symbols[1].name, "_compound_head");  // clonebench's top
}

TEST(PerfScriptProfile, ToleratesMissingBlankLinesOddHeadersAndUserFrames) {
  const KernelProfile profile = profile_of(
      "clonebench 10\n"
      "\tffffffff81600670 copy_page_range ([kernel.kallsyms])\n"
      "clonebench 10\n"  // no blank line before the next header
      "\t7f2ba393dd20 [unknown] ([unknown])\n"
      "header-without-pid\n"
      "\tnot-an-address foo\n"
      "\tffffffff81600670 copy_page_range\n");  // no object, no final blank line
  EXPECT_EQ(profile.samples, 3U);
  EXPECT_EQ(profile.own_samples, 2U);
  EXPECT_EQ(profile.kernel_samples, 2U);
  EXPECT_EQ(count_named(profile.paths, "copy_page_range").samples, 2U);
  PerfScriptProfile counter;
  counter.add_line("\tffffffff81600670 copy_page_range ([kernel.kallsyms])");  // before any header
  counter.add_line("header-without-pid");
  counter.add_line("\tzzz copy_page_range");
  EXPECT_EQ(counter.unparsed_lines(), 3U);
}

TEST(PerfScriptProfile, NothingInNothingOut) {
  const KernelProfile profile = profile_of("");
  EXPECT_EQ(profile.samples, 0U);
  EXPECT_TRUE(profile.top_kernel_symbols.empty());
  EXPECT_EQ(profile.paths.size(), fork_path_groups().size());
  EXPECT_EQ(profile.share(0), 0.0);
  EXPECT_EQ(profile.own_share(0), 0.0);
}

TEST(PerfScriptProfile, KernelAddressesHaveTheTopBitSet) {
  EXPECT_TRUE(is_kernel_address(0xffffffff81600670ULL));
  EXPECT_TRUE(is_kernel_address(0xffff800008000000ULL));
  EXPECT_FALSE(is_kernel_address(0x7f2ba393dd20ULL));
  EXPECT_FALSE(is_kernel_address(0));
}

TEST(ProfileMerge, AddsCountsAndWindowsAndKeepsTheFirstEvent) {
  KernelProfile a = recorded_profile();
  a.event = "cpu-clock";
  a.frequency_hz = 999;
  a.window_s = 1.5;
  KernelProfile b = a;
  b.event = "cycles";
  b.window_s = 2.5;
  const KernelProfile merged = merge_profiles({&a, &b});
  EXPECT_EQ(merged.event, "cpu-clock");
  EXPECT_EQ(merged.frequency_hz, 999U);
  EXPECT_DOUBLE_EQ(merged.window_s, 4.0);
  EXPECT_EQ(merged.samples, 20U);
  EXPECT_EQ(merged.own_samples, 10U);
  EXPECT_EQ(count_named(merged.paths, "dup_mm").samples, 8U);
  EXPECT_EQ(count_named(merged.top_kernel_symbols, "_compound_head").own_samples, 4U);
  EXPECT_EQ(merge_profiles({}).samples, 0U);
}

TEST(ProfileJson, ReadsBackWhatItWritesAndRefusesMalformedCounts) {
  KernelProfile profile = recorded_profile();
  profile.event = "cpu-clock";
  profile.frequency_hz = 999;
  profile.window_s = 2.25;
  const nlohmann::json json = profile_to_json(profile);
  EXPECT_DOUBLE_EQ(json.at("idle_share").get<double>(), 0.2);
  const KernelProfile back = profile_from_json(json, "test");
  EXPECT_EQ(back.samples, profile.samples);
  EXPECT_EQ(back.own_samples, profile.own_samples);
  EXPECT_EQ(back.event, "cpu-clock");
  EXPECT_DOUBLE_EQ(back.window_s, 2.25);
  ASSERT_EQ(back.paths.size(), profile.paths.size());
  EXPECT_EQ(back.paths[0].own_samples, profile.paths[0].own_samples);
  EXPECT_EQ(back.top_kernel_symbols.size(), profile.top_kernel_symbols.size());
  nlohmann::json bad = json;
  bad["samples"] = -1;
  EXPECT_THROW(profile_from_json(bad, "test"), UsageError);
  bad = json;
  bad["paths"] = "many";
  EXPECT_THROW(profile_from_json(bad, "test"), UsageError);
  EXPECT_THROW(profile_from_json(nlohmann::json::array(), "test"), UsageError);
}

TEST(ProfilingRequirements, SayWhatToSetWhenSamplingEveryCpuIsForbidden) {
  ProfilingPrivilege user;
  user.perf_event_paranoid = 2;
  user.kptr_restrict = 0;
  EXPECT_NE(profiling_refusal(user).find("kernel.perf_event_paranoid is 2"), std::string::npos);
  EXPECT_NE(profiling_refusal(user).find("sysctl -w kernel.perf_event_paranoid=0"),
            std::string::npos);
  user.perf_event_paranoid = 0;
  EXPECT_EQ(profiling_refusal(user), "");
  user.kptr_restrict = 1;
  EXPECT_NE(profiling_refusal(user).find("kernel.kptr_restrict is 1"), std::string::npos);
  user.syslog_capable = true;
  EXPECT_EQ(profiling_refusal(user), "");
  user.kptr_restrict = 2;
  EXPECT_NE(profiling_refusal(user).find("kernel.kptr_restrict is 2"), std::string::npos);
}

TEST(ProfilingRequirements, PerfmonOrSysAdminNeedsNoParanoidSetting) {
  ProfilingPrivilege root;
  root.perf_capable = true;
  root.syslog_capable = true;
  root.perf_event_paranoid = 3;
  root.kptr_restrict = 1;
  EXPECT_EQ(profiling_refusal(root), "");
  root.perf_event_paranoid.reset();
  EXPECT_NE(profiling_refusal(root).find("no perf events"), std::string::npos);
}

TEST(ProfilingRequirements, HardwareCyclesOnlyWhereAPmuIsListed) {
  EXPECT_EQ(choose_sampling_event({"breakpoint", "msr", "software", "tracepoint", "uprobe"}),
            "cpu-clock");
  EXPECT_EQ(choose_sampling_event({"cpu", "software"}), "cycles");
  EXPECT_EQ(choose_sampling_event({"cpu_core", "cpu_atom"}), "cycles");
  EXPECT_EQ(choose_sampling_event({"armv8_pmuv3_0"}), "cycles");
  EXPECT_EQ(choose_sampling_event({}), "cpu-clock");
}

TEST(PerfMessages, TheFirstLineThatSaysSomethingIsPerfsReason) {
  EXPECT_EQ(perf_failure_line("Events disabled\nError:\nAccess to performance monitoring and "
                              "observability operations is limited.\nmore\n"),
            "Access to performance monitoring and observability operations is limited.");
  EXPECT_EQ(perf_failure_line("[ perf record: Woken up 1 times to write data ]\n"), "");
  EXPECT_EQ(perf_failure_line("  failed to open /dev/fd/3: Bad file descriptor  \n"),
            "failed to open /dev/fd/3: Bad file descriptor");
  EXPECT_TRUE(perf_lacks_option("  Error: unknown option `control'\n"));
  EXPECT_FALSE(perf_lacks_option("Error: something else\n"));
}

}  // namespace
}  // namespace clonebench
