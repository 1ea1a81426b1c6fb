#include <gtest/gtest.h>

#include <string>

#include "machine/cpu_info.hpp"
#include "support/test_data.hpp"
#include "sys/meminfo_text.hpp"
#include "sys/proc_text.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

const std::string kParsersData = testing::data_path("environment/");

std::string parsers_sample_text(const std::string& name) {
  const auto text = read_text_file(kParsersData + name);
  EXPECT_TRUE(text.has_value()) << name;
  return text.value_or("");
}

TEST(ProcText, PicksTheBracketedChoiceOfASysfsFile) {
  EXPECT_EQ(parse_selected_choice("always [madvise] never\n"), "madvise");
  EXPECT_EQ(parse_selected_choice("[always] madvise never"), "always");
  EXPECT_EQ(parse_selected_choice("always defer defer+madvise [madvise] never"), "madvise");
  EXPECT_EQ(parse_selected_choice("always madvise never"), std::nullopt);
  EXPECT_EQ(parse_selected_choice("always [] never"), std::nullopt);
  EXPECT_EQ(parse_selected_choice("always [madvise never"), std::nullopt);
}

TEST(ProcText, ReadsTheThreeLoadAverages) {
  const auto load = parse_loadavg("0.35 0.13 0.04 5/107 6560\n");
  ASSERT_TRUE(load.has_value());
  EXPECT_DOUBLE_EQ(load->one_min, 0.35);
  EXPECT_DOUBLE_EQ(load->five_min, 0.13);
  EXPECT_DOUBLE_EQ(load->fifteen_min, 0.04);
  EXPECT_EQ(parse_loadavg("0.35 0.13"), std::nullopt);
  EXPECT_EQ(parse_loadavg("0.35 x 0.04 1/2 3"), std::nullopt);
  EXPECT_EQ(parse_loadavg(""), std::nullopt);
}

TEST(ProcText, CountsTheCpusOfAKernelCpuList) {
  EXPECT_EQ(parse_cpu_list_count("0-1\n"), 2);
  EXPECT_EQ(parse_cpu_list_count("0"), 1);
  EXPECT_EQ(parse_cpu_list_count("0-3,8,10-11"), 7);
  EXPECT_EQ(parse_cpu_list_count(""), std::nullopt);
  EXPECT_EQ(parse_cpu_list_count("3-1"), std::nullopt);
  EXPECT_EQ(parse_cpu_list_count("0-,2"), std::nullopt);
  EXPECT_EQ(parse_cpu_list_count("a-b"), std::nullopt);
}

TEST(ProcText, ReadsAnIntegerWithSurroundingWhitespace) {
  EXPECT_EQ(parse_integer_text(" 4194304\n"), 4194304);
  EXPECT_EQ(parse_integer_text("-1"), -1);
  EXPECT_EQ(parse_integer_text("12ab"), std::nullopt);
  EXPECT_EQ(parse_integer_text(""), std::nullopt);
}

TEST(ProcText, ReadsMeminfoEntriesInKilobytes) {
  const auto entries = parse_meminfo(
      "MemTotal:       16318012 kB\nMemAvailable:    9000000 kB\nHugePages_Total:       4\n"
      "broken line\nWeird:  12 MB\nNoValue:\n");
  EXPECT_EQ(entries.at("MemTotal"), 16318012);
  EXPECT_EQ(entries.at("MemAvailable"), 9000000);
  EXPECT_EQ(entries.at("HugePages_Total"), 4);
  EXPECT_EQ(entries.size(), 3u);
  EXPECT_TRUE(parse_meminfo(parsers_sample_text("meminfo.txt")).contains("MemTotal"));
}

TEST(ProcText, FindsAKernelParameterBeforeTheInitSeparator) {
  const std::string cmdline =
      "quiet hugetlb_free_vmemmap=off mitigations=auto hugetlb_free_vmemmap=on nosmt -- "
      "init_arg=1";
  EXPECT_EQ(parse_cmdline_parameter(cmdline, "hugetlb_free_vmemmap"), "on");
  EXPECT_EQ(parse_cmdline_parameter(cmdline, "nosmt"), "");
  EXPECT_EQ(parse_cmdline_parameter(cmdline, "init_arg"), std::nullopt);
  EXPECT_EQ(parse_cmdline_parameter(cmdline, "mitigation"), std::nullopt);
}

TEST(ProcText, TrimsEveryVulnerabilityFile) {
  const auto files = read_directory_files(kParsersData + "vulnerabilities");
  ASSERT_TRUE(files.has_value());
  const auto parsed = parse_vulnerabilities(*files);
  EXPECT_EQ(parsed.size(), 4u);
  EXPECT_EQ(parsed.at("meltdown"), "Not affected");
  EXPECT_EQ(parsed.at("spectre_v2").rfind("Mitigation: ", 0), 0u);
  EXPECT_EQ(parse_vulnerabilities({{"x", "  Vulnerable\n"}}).at("x"), "Vulnerable");
}

TEST(TextFile, AMissingFileOrDirectoryIsAbsentNotAnError) {
  EXPECT_EQ(read_text_file(kParsersData + "no_such_file"), std::nullopt);
  EXPECT_EQ(read_directory_files(kParsersData + "no_such_directory"), std::nullopt);
  EXPECT_EQ(list_directory(kParsersData + "no_such_directory"), std::nullopt);
}

TEST(CpuInfo, ReadsModelIdentityFlagsAndCountOfAnX86VirtualMachine) {
  const CpuInfo info = parse_cpuinfo(parsers_sample_text("cpuinfo_x86_vm.txt"));
  EXPECT_EQ(info.model_name, "Intel(R) Xeon(R) Processor");
  EXPECT_EQ(info.vendor, "GenuineIntel");
  EXPECT_EQ(info.family, "6");
  EXPECT_EQ(info.model, "207");
  EXPECT_EQ(info.processors, 2);
  EXPECT_TRUE(info.flags.contains("fpu"));
  EXPECT_TRUE(info.hypervisor());
}

TEST(CpuInfo, ReadsAnArm64CpuWithoutAModelName) {
  const CpuInfo info = parse_cpuinfo(parsers_sample_text("cpuinfo_arm64.txt"));
  EXPECT_EQ(info.model_name, std::nullopt);
  EXPECT_EQ(info.vendor, "0x41");
  EXPECT_EQ(info.model, "0xd0c");
  EXPECT_EQ(info.processors, 2);
  EXPECT_TRUE(info.flags.contains("asimd"));
  EXPECT_FALSE(info.hypervisor());
}

TEST(CpuInfo, GarbageGivesAnEmptyDescription) {
  const CpuInfo info = parse_cpuinfo(parsers_sample_text("cpuinfo_garbage.txt"));
  EXPECT_EQ(info.model_name, std::nullopt);
  EXPECT_EQ(info.processors, 0);
  EXPECT_TRUE(info.flags.empty());
}

}  // namespace
}  // namespace clonebench
