#include "machine/kernel_config.hpp"

#include <gtest/gtest.h>

#include <string>

#include "support/test_data.hpp"
#include "sys/text_file.hpp"

namespace clonebench {
namespace {

const std::string kKernelConfigData = testing::data_path("environment/");

std::string kernel_config_text(const std::string& name) {
  const auto text = read_text_file(kKernelConfigData + name);
  EXPECT_TRUE(text.has_value()) << name;
  return text.value_or("");
}

TEST(KernelConfig, ReadsSetUnsetStringAndModuleOptions) {
  const KernelConfig config = parse_kernel_config(kernel_config_text("config_sample.txt"));
  EXPECT_EQ(config.at("CONFIG_HZ"), "250");
  EXPECT_EQ(config.at("CONFIG_PREEMPT_VOLUNTARY"), "y");
  EXPECT_EQ(config.at("CONFIG_PREEMPT"), "n");
  EXPECT_EQ(config.at("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP_DEFAULT_ON"), "n");
  EXPECT_EQ(config.at("CONFIG_CC_VERSION_TEXT"), "gcc (Debian 12.2.0-14) 12.2.0");
  EXPECT_EQ(config.at("CONFIG_LOCALVERSION"), "");
  EXPECT_EQ(config.at("CONFIG_NFS_FS"), "m");
  EXPECT_EQ(config.size(), 25u);
}

TEST(KernelConfig, IgnoresGarbageLinesAndKeepsTheValidOnes) {
  const KernelConfig config = parse_kernel_config(kernel_config_text("config_garbage.txt"));
  const KernelConfig expected = {{"CONFIG_HZ", "300"},
                                 {"CONFIG_INDENTED", "y"},
                                 {"CONFIG_NUMA", "y=extra"},
                                 {"CONFIG_DEBUG_VM", "n"}};
  EXPECT_EQ(config, expected);
}

TEST(KernelConfig, SelectsListedOptionsAndReportsUnmentionedOnesAsN) {
  const KernelConfig selected =
      select_config_options(parse_kernel_config(kernel_config_text("config_sample.txt")));
  EXPECT_EQ(selected.at("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP"), "y");
  EXPECT_EQ(selected.at("CONFIG_HUGETLB_PAGE_OPTIMIZE_VMEMMAP_DEFAULT_ON"), "n");
  EXPECT_EQ(selected.at("CONFIG_MITIGATION_SRSO"), "y");
  EXPECT_EQ(selected.at("CONFIG_MITIGATION_SLS"), "n");
  EXPECT_EQ(selected.at("CONFIG_TRANSPARENT_HUGEPAGE_MADVISE"), "y");
  EXPECT_EQ(selected.at("CONFIG_SCHED_SMT"), "y");
  EXPECT_EQ(selected.at("CONFIG_HZ_250"), "y");
  EXPECT_EQ(selected.at("CONFIG_PREEMPT_DYNAMIC"), "y");
  // Not in the file at all: listed exactly, so present as "n".
  EXPECT_EQ(selected.at("CONFIG_PER_VMA_LOCK"), "n");
  EXPECT_EQ(selected.at("CONFIG_LOCKDEP"), "n");
  // Not selected: unrelated to process creation.
  EXPECT_FALSE(selected.contains("CONFIG_NFS_FS"));
  EXPECT_FALSE(selected.contains("CONFIG_NR_CPUS"));
  // Prefix matches and pre-6.9 names appear only when mentioned.
  EXPECT_FALSE(selected.contains("CONFIG_PREEMPT_RT"));
  EXPECT_FALSE(selected.contains("CONFIG_RETHUNK"));
}

TEST(KernelConfig, ReportsPre69MitigationNamesOnlyWhenTheConfigUsesThem) {
  const KernelConfig selected = select_config_options(
      parse_kernel_config("CONFIG_RETHUNK=y\n# CONFIG_CPU_SRSO is not set\nCONFIG_RETPOLINE=y\n"));
  EXPECT_EQ(selected.at("CONFIG_RETHUNK"), "y");
  EXPECT_EQ(selected.at("CONFIG_CPU_SRSO"), "n");
  EXPECT_EQ(selected.at("CONFIG_RETPOLINE"), "y");
  EXPECT_FALSE(selected.contains("CONFIG_CALL_DEPTH_TRACKING"));
}

TEST(KernelConfig, EveryExactlyListedOptionIsPresentForAnEmptyConfig) {
  const KernelConfig selected = select_config_options({});
  EXPECT_EQ(selected.size(), kSelectedConfigOptions.size());
  for (const auto& [name, value] : selected) {
    EXPECT_EQ(value, "n") << name;
  }
}

TEST(KernelConfig, ReadsAGzipConfig) {
  const KernelConfigSource source = read_gzip_kernel_config(kKernelConfigData + "config_small.gz");
  ASSERT_TRUE(source.config.has_value()) << source.error;
  EXPECT_EQ(source.config->at("CONFIG_HZ"), "1000");
  EXPECT_EQ(source.config->at("CONFIG_HUGETLB_PAGE"), "y");
  EXPECT_TRUE(source.error.empty());
}

TEST(KernelConfig, ATruncatedGzipGivesNoConfigAndAReason) {
  const KernelConfigSource source =
      read_gzip_kernel_config(kKernelConfigData + "config_truncated.gz");
  EXPECT_FALSE(source.config.has_value());
  EXPECT_NE(source.error.find("corrupt gzip data"), std::string::npos) << source.error;
}

TEST(KernelConfig, PlainTextNamedGzIsNotTakenAsAConfig) {
  const KernelConfigSource source =
      read_gzip_kernel_config(kKernelConfigData + "config_not_gzip.gz");
  EXPECT_FALSE(source.config.has_value());
  EXPECT_EQ(source.error, "not gzip data");
}

TEST(KernelConfig, EmptyOrOptionlessFilesGiveNoConfig) {
  for (const char* name : {"config_empty.gz", "config_no_options.gz"}) {
    const KernelConfigSource source = read_gzip_kernel_config(kKernelConfigData + name);
    EXPECT_FALSE(source.config.has_value()) << name;
    EXPECT_FALSE(source.error.empty()) << name;
  }
}

TEST(KernelConfig, AMissingFileGivesNoConfigAndAReason) {
  const KernelConfigSource gzip = read_gzip_kernel_config(kKernelConfigData + "no_such_file.gz");
  EXPECT_FALSE(gzip.config.has_value());
  EXPECT_EQ(gzip.error, "cannot open");
  const KernelConfigSource text = read_text_kernel_config(kKernelConfigData + "no_such_file");
  EXPECT_FALSE(text.config.has_value());
  EXPECT_EQ(text.error, "cannot read");
}

TEST(KernelConfig, ReadsAPlainTextConfig) {
  const KernelConfigSource source =
      read_text_kernel_config(kKernelConfigData + "config_sample.txt");
  ASSERT_TRUE(source.config.has_value());
  EXPECT_EQ(source.config->at("CONFIG_MEMCG"), "y");
}

}  // namespace
}  // namespace clonebench
