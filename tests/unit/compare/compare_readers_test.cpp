// Every input format of `compare`, read from samples in tests/data/compare, and the
// errors for malformed inputs (they must name the file and, where one is at fault, the line).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "compare/input_readers.hpp"
#include "core/error.hpp"
#include "support/temp_directory.hpp"
#include "support/test_data.hpp"

namespace clonebench {
namespace {

std::string reader_input(const std::string& name) {
  return testing::data_path("compare/" + name);
}

std::string reader_error_of(const std::string& name, const ReadOptions& options = {}) {
  try {
    read_input_file(reader_input(name), options);
  } catch (const UsageError& error) {
    return error.what();
  }
  return "no error";
}

TEST(CompareReaders, ReadClonebenchJsonRunsWithRatesLatenciesOptionsAndEnvironment) {
  const SampleSet set = read_input_file(reader_input("clonebench-a.json"), {});
  EXPECT_EQ(set.format, "clonebench-json");
  ASSERT_EQ(set.runs.size(), 8U);
  EXPECT_EQ(set.runs[0].group, "fork");
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_real"), 8410.2);
  EXPECT_DOUBLE_EQ(set.runs[2].metrics.at("latency_us.create.p50"), 112.0);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("max_rss_kb"), 2548.0);
  ASSERT_TRUE(set.runs[0].environment.has_value());
  EXPECT_EQ(set.runs[0].environment->governor.value_or(""), "performance");
  ASSERT_TRUE(set.runs[0].options.has_value());
  EXPECT_EQ(set.runs[0].options->timeout_s, 2.0);
  EXPECT_EQ(set.runs[7].run_id, 8);
}

TEST(CompareReaders, ReadStressNgYamlWithOneRunPerStressor) {
  const SampleSet set = read_input_file(reader_input("stress-ng-a.yaml"), {});
  EXPECT_EQ(set.format, "stress-ng-yaml");
  ASSERT_EQ(set.runs.size(), 2U);
  EXPECT_EQ(set.runs[0].group, "clone");
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_real"), 177.058332);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("ops_per_sec_cpu"), 224.927436);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("microsecs_per_clone"), 1887.114307);
  EXPECT_DOUBLE_EQ(set.runs[1].metrics.at("bogo_ops"), 2071.0);
  ASSERT_TRUE(set.runs[1].environment.has_value());
  EXPECT_EQ(set.runs[1].environment->kernel_release.value_or(""), "6.18.44-fc-v857");
}

TEST(CompareReaders, ReadEveryMetricsLineOfAPastedMailAndIgnoreTheRest) {
  const SampleSet set = read_input_file(reader_input("stress-ng-mail.log"), {});
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
  EXPECT_NE(reader_error_of("hyperfine-two.json").find("choose one with --command"),
            std::string::npos);
  ReadOptions options;
  options.hyperfine_command = "sleep 0.0105";
  const SampleSet set = read_input_file(reader_input("hyperfine-two.json"), options);
  EXPECT_EQ(set.format, "hyperfine-json");
  ASSERT_EQ(set.runs.size(), 10U);
  EXPECT_DOUBLE_EQ(set.runs[3].metrics.at("time_s"), 0.016431327);
  options.hyperfine_command = "sleep 1";
  EXPECT_NE(reader_error_of("hyperfine-two.json", options).find("'sleep 0.010', 'sleep 0.0105'"),
            std::string::npos);
}

TEST(CompareReaders, ReadNumberFilesWithCompoundDurationsInSeconds) {
  const SampleSet set = read_input_file(reader_input("numbers-a.txt"), {});
  EXPECT_EQ(set.format, "numbers");
  ASSERT_EQ(set.runs.size(), 6U);
  EXPECT_DOUBLE_EQ(set.runs[0].metrics.at("time_s"), 709.0);
  EXPECT_DOUBLE_EQ(set.runs[2].metrics.at("time_s"), 707.5);
  const SampleSet plain = read_input_file(reader_input("numbers-plain.txt"), {});
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
  EXPECT_NE(reader_error_of("malformed-number.txt").find("malformed-number.txt:3:"),
            std::string::npos);
  EXPECT_NE(reader_error_of("malformed-mixed-units.txt").find("malformed-mixed-units.txt:2:"),
            std::string::npos);
  EXPECT_NE(reader_error_of("malformed.yaml").find("malformed.yaml:"), std::string::npos);
  EXPECT_NE(reader_error_of("malformed-clonebench.json")
                .find("runs[0].ops_per_sec_real: expected a number, found string"),
            std::string::npos);
  EXPECT_NE(reader_error_of("malformed-other.json").find("neither a clonebench/1 document"),
            std::string::npos);
  EXPECT_NE(reader_error_of("malformed-no-metrics.log").find("without --metrics rows"),
            std::string::npos);
  EXPECT_NE(reader_error_of("does-not-exist.txt").find("does-not-exist.txt: cannot read"),
            std::string::npos);
}

// Malformed variants of every format, each written to a file and read back: the message is the
// whole user interface of a refusal, so it is checked word for word.
class MalformedInput : public testing::TempDirectoryTest {
 protected:
  // `message` with every occurrence of `path` replaced by "F". Built by appending rather than
  // std::string::replace, which GCC 12 at -O2 flags with a false -Warray-bounds for some
  // source-directory lengths (seen when the checkout was at /check/work/main).
  static std::string with_path_as_f(const std::string& message, const std::string& path) {
    std::string result;
    std::size_t from = 0;
    for (std::size_t at = message.find(path); at != std::string::npos;
         at = message.find(path, from)) {
      result.append(message, from, at - from).append("F");
      from = at + path.size();
    }
    return result.append(message, from, std::string::npos);
  }
  // Writes `text` to `name` and returns the path.
  std::string write(const std::string& name, const std::string& text) const {
    const std::string path = scratch_.file(name);
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  // The error reading `text` as file `name`, prefixed by nothing: the path is replaced by "F".
  std::string error_for(const std::string& name, const std::string& text,
                        const ReadOptions& options = {}) const {
    const std::string path = write(name, text);
    try {
      read_input_file(path, options);
    } catch (const UsageError& error) {
      return with_path_as_f(error.what(), path);
    }
    return "no error";
  }
};

TEST_F(MalformedInput, AnEmptyOrBlankFileIsNamedAsEmpty) {
  EXPECT_EQ(error_for("empty", ""), "F: empty file");
  EXPECT_EQ(error_for("blank", " \n\t\n"), "F: empty file");
}

TEST_F(MalformedInput, JsonWithASyntaxErrorQuotesTheParser) {
  EXPECT_EQ(error_for("broken.json", "{\"schema\": \"clonebench/1\", \"runs\": [}"),
            "F: not valid JSON: [json.exception.parse_error.101] parse error at line 1, column "
            "37: syntax error while parsing value - unexpected '}'; expected '[', '{', or a "
            "literal");
}

TEST_F(MalformedInput, ClonebenchJsonWithAnotherSchemaNoRunsOrANonNumericValue) {
  EXPECT_EQ(error_for("v2.json", R"({"schema": "clonebench/2", "runs": [{}]})"),
            "F: schema \"clonebench/2\" is not clonebench/1");
  EXPECT_EQ(error_for("none.json", R"({"schema": "clonebench/1", "runs": []})"),
            "F: a clonebench/1 document without runs");
  EXPECT_EQ(error_for("text.json", R"({"schema": "clonebench/1", "runs": [{"stressor": "fork"},)"
                                   R"( {"stressor": "fork", "ops_per_sec_real": "fast"}]})"),
            "F: runs[1].ops_per_sec_real: expected a number, found string");
  EXPECT_EQ(error_for("latency.json", R"({"schema": "clonebench/1", "runs": [{"stressor": "fork",)"
                                      R"( "latency_us": {"reap": {"p99": "slow"}}}]})"),
            "F: runs[0].latency_us.reap.p99: expected a number, found string");
  EXPECT_EQ(error_for("entry.json", R"({"schema": "clonebench/1", "runs": [7]})"),
            "F: runs[0]: expected an object, found number");
  EXPECT_EQ(error_for("other.json", R"({"benchmarks": []})"),
            "F: JSON, but neither a clonebench/1 document nor hyperfine --export-json output");
}

TEST_F(MalformedInput, HyperfineJsonWithoutResultsOrWithNonNumericTimes) {
  EXPECT_EQ(error_for("empty.json", R"({"results": []})"), "F: hyperfine JSON without results");
  EXPECT_EQ(error_for("object.json", R"({"results": {"command": "x"}})"),
            "F: hyperfine JSON without results");
  EXPECT_EQ(error_for("no-times.json", R"({"results": [{"command": "sleep 1"}]})"),
            "F: results[0].times: hyperfine result 'sleep 1' has no times");
  // Found by fuzz_hyperfine_json: an empty list gave a sample set without a single run.
  EXPECT_EQ(error_for("empty-times.json", R"({"results": [{"command": "sleep 1", "times": []}]})"),
            "F: results[0].times: hyperfine result 'sleep 1' has no times");
  EXPECT_EQ(
      error_for("text.json", R"({"results": [{"command": "sleep 1", "times": [1.0, "1s"]}]})"),
      "F: results[0].times[1]: expected a number, found string");
}

TEST_F(MalformedInput, NumberFilesWithoutValuesOrWithText) {
  EXPECT_EQ(error_for("comments.txt", "# runs of kernel A\n\n# none yet\n"),
            "F: no values (empty, or only comments)");
  EXPECT_EQ(error_for("text.txt", "1.5\nfast\n"),
            "F:2: cannot read 'fast' as a number (not clonebench JSON, stress-ng YAML or log, "
            "hyperfine JSON, or a number file)");
  EXPECT_EQ(error_for("two.txt", "1.5 2.5\n"),
            "F:1: '1.5 2.5' is not one number or duration (not clonebench JSON, stress-ng YAML "
            "or log, hyperfine JSON, or a number file)");
  EXPECT_EQ(error_for("unit.txt", "1.5s\n2.5 parsecs\n"),
            "F:2: unknown unit 'parsecs' (use ns, us, ms, s, m or h) (not clonebench JSON, "
            "stress-ng YAML or log, hyperfine JSON, or a number file)");
  EXPECT_EQ(error_for("mixed.txt", "1.5s\n2.5\n"), "F:2: mixes values with and without units");
}

TEST_F(MalformedInput, StressNgYamlWithoutMetricsWithoutAStressorOrWithText) {
  EXPECT_EQ(error_for("info.yaml", "---\nsystem-info:\n  release: 6.10.0\n"),
            "F:2: stress-ng YAML without a metrics section (run stress-ng with --metrics)");
  EXPECT_EQ(error_for("anonymous.yaml", "---\nmetrics:\n  - bogo-ops: 534\n"),
            "F:3: metrics entry without a stressor");
  EXPECT_EQ(error_for("text.yaml",
                      "---\nmetrics:\n  - stressor: clone\n    bogo-ops: 534\n"
                      "    wall-clock-time: long\n"),
            "F:5: wall-clock-time is not a number: 'long'");
  EXPECT_EQ(error_for("broken.yaml", "metrics:\n    - stressor: fork\n      bogo-ops: [1, 2\n"),
            "F:4: not valid YAML: end of sequence flow not found");
}

TEST_F(MalformedInput, AStressNgLogWithoutMetricsRows) {
  EXPECT_EQ(error_for("run.log",
                      "stress-ng: info:  [1] setting to a 10 second run per stressor\n"
                      "stress-ng: info:  [1] fork         many     10.00      1.00      2.00\n"),
            "F: stress-ng output without --metrics rows (run stress-ng with --metrics or "
            "--metrics-brief)");
}

TEST(CompareReaders, RejectAnArbitraryTextFileNamingItsFirstBadLine) {
  const std::string source =
      (std::filesystem::path(CLONEBENCH_SOURCE_DIR) / ".clang-format").string();
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
