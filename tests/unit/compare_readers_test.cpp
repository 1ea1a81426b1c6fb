// Every input format of `compare`, read from golden files in tests/golden/compare, and the
// errors for malformed inputs (they must name the file and, where one is at fault, the line).

#include <gtest/gtest.h>

#include <string>

#include "compare/input_readers.hpp"
#include "core/error.hpp"

namespace clonebench {
namespace {

std::string golden(const std::string& name) {
  return std::string(CLONEBENCH_GOLDEN_DIR) + "/compare/" + name;
}

std::string error_of(const std::string& name, const ReadOptions& options = {}) {
  try {
    read_input_file(golden(name), options);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "no error";
}

TEST(CompareReaders, ReadClonebenchJsonRunsWithRatesLatenciesOptionsAndEnvironment) {
  const SampleSet set = read_input_file(golden("clonebench-a.json"), {});
  EXPECT_EQ(set.format, "clonebench-json");
  ASSERT_EQ(set.runs.size(), 8U);
  EXPECT_EQ(set.runs[0].group, "fork");
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_real"), 8410.2);
  EXPECT_DOUBLE_EQ(set.runs[2].metrics.at("latency_us.create.p50"), 112.0);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("max_rss_kb"), 2548.0);
  EXPECT_EQ(set.runs[0].environment.at("governor"), "performance");
  EXPECT_EQ(set.runs[0].options.at("rss"), 0);
  EXPECT_EQ(set.runs[7].run_id, 8);
}

TEST(CompareReaders, ReadStressNgYamlWithOneRunPerStressor) {
  const SampleSet set = read_input_file(golden("stress-ng-a.yaml"), {});
  EXPECT_EQ(set.format, "stress-ng-yaml");
  ASSERT_EQ(set.runs.size(), 2U);
  EXPECT_EQ(set.runs[0].group, "clone");
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_real"), 177.058332);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_cpu"), 224.927436);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("microsecs_per_clone"), 1887.114307);
  EXPECT_DOUBLE_EQ(set.runs[1].metrics.at("bogo_ops"), 2071.0);
  EXPECT_EQ(set.runs[1].environment.at("kernel_release"), "6.18.44-fc-v857");
}

TEST(CompareReaders, ReadEveryMetricsLineOfAPastedMailAndIgnoreTheRest) {
  const SampleSet set = read_input_file(golden("stress-ng-mail.log"), {});
  EXPECT_EQ(set.format, "stress-ng-log");
  ASSERT_EQ(set.runs.size(), 5U);
  // Old "info:" brief table, new "metrc:" full table, --timestamp, --sn, clonebench's own.
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_real"), 279.50);
  EXPECT_FALSE(set.runs[0].metrics.contains("max_rss_kb"));
  EXPECT_DOUBLE_EQ(set.runs[1].metrics.at("max_rss_kb"), 142088.0);
  EXPECT_DOUBLE_EQ(set.runs[1].metrics.at("microsecs_per_clone"), 2816.45);
  EXPECT_DOUBLE_EQ(set.runs[2].metrics.at("ops_per_sec_real"), 278.16);
  EXPECT_DOUBLE_EQ(set.runs[3].metrics.at("ops_per_sec_real"), 1789.39);
  EXPECT_EQ(set.runs[4].group, "fork");
  EXPECT_DOUBLE_EQ(set.runs[4].metrics.at("latency_us.create.p99"), 200.0);
}

TEST(CompareReaders, ReadHyperfineJsonOnlyWithACommandWhenThereAreSeveral) {
  EXPECT_NE(error_of("hyperfine-two.json").find("choose one with --command"), std::string::npos);
  ReadOptions options;
  options.hyperfine_command = "sleep 0.0105";
  const SampleSet set = read_input_file(golden("hyperfine-two.json"), options);
  EXPECT_EQ(set.format, "hyperfine-json");
  ASSERT_EQ(set.runs.size(), 10U);
  EXPECT_DOUBLE_EQ(set.runs[3].metrics.at("time_s"), 0.016431327);
  options.hyperfine_command = "sleep 1";
  EXPECT_NE(error_of("hyperfine-two.json", options).find("'sleep 0.010', 'sleep 0.0105'"),
            std::string::npos);
}

TEST(CompareReaders, ReadNumberFilesWithCompoundDurationsInSeconds) {
  const SampleSet set = read_input_file(golden("numbers-a.txt"), {});
  EXPECT_EQ(set.format, "numbers");
  ASSERT_EQ(set.runs.size(), 6U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("time_s"), 709.0);
  EXPECT_DOUBLE_EQ(set.runs[2].metrics.at("time_s"), 707.5);
  const SampleSet plain = read_input_file(golden("numbers-plain.txt"), {});
  ASSERT_EQ(plain.runs.size(), 3U);
  EXPECT_DOUBLE_EQ(plain.runs[1].metrics.at("value"), 1.25);
}

TEST(CompareReaders, ConvertEveryDurationUnit) {
  const SampleSet set = read_number_file("inline", "1ns\n2us\n3µs\n4ms\n5s\n1m\n1h\n1h2m3.5s\n");
  const double expected[] = {1e-9, 2e-6, 3e-6, 4e-3, 5, 60, 3600, 3723.5};
  ASSERT_EQ(set.runs.size(), 8U);
  for (std::size_t i = 0; i < set.runs.size(); ++i) {
    EXPECT_NEAR(set.runs[i].metrics.at("time_s"), expected[i], expected[i] * 1e-12) << i;
  }
}

TEST(CompareReaders, NameTheFileAndLineOfAMalformedInput) {
  EXPECT_NE(error_of("malformed-number.txt").find("malformed-number.txt:3:"), std::string::npos);
  EXPECT_NE(error_of("malformed-mixed-units.txt").find("malformed-mixed-units.txt:2:"),
            std::string::npos);
  EXPECT_NE(error_of("malformed.yaml").find("malformed.yaml:"), std::string::npos);
  EXPECT_NE(error_of("malformed-clonebench.json")
                .find("runs[0].ops_per_sec_real: expected a number, found string"),
            std::string::npos);
  EXPECT_NE(error_of("malformed-other.json").find("neither a clonebench/1 document"),
            std::string::npos);
  EXPECT_NE(error_of("malformed-no-metrics.log").find("without --metrics rows"), std::string::npos);
  EXPECT_NE(error_of("does-not-exist.txt").find("does-not-exist.txt: cannot read"),
            std::string::npos);
}

TEST(CompareReaders, RejectAnArbitraryTextFileNamingItsFirstBadLine) {
  const std::string source = std::string(CLONEBENCH_SOURCE_DIR) + "/.clang-format";
  try {
    read_input_file(source, {});
    FAIL() << "a .clang-format file was accepted as input";
  } catch (const UsageError& error) {
    EXPECT_NE(std::string(error.what()).find(".clang-format:1:"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace clonebench
