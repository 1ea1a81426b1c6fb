// Bad values in files and arguments end in exit 2 and one line naming the file (and line or
// field) or the flag: never a library's message with exit 1, never a non-finite number in the
// output, never a stored run that cannot be shown.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>

#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

bool fault_text_contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Every file and database a test here makes, removed when the tests end (also after a failed
// assertion returned early).
std::string scratch(const std::string& name) {
  static struct Scratch {
    std::vector<std::string> paths;
    ~Scratch() {
      for (const std::string& path : paths) {
        for (const char* suffix : {"", "-wal", "-shm"}) {
          std::remove((path + suffix).c_str());
        }
      }
    }
  } scratch;
  scratch.paths.push_back(temp_path(name));
  return scratch.paths.back();
}

std::string write_file(const std::string& name, const std::string& content) {
  const std::string path = scratch(name);
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

struct BadFile {
  std::string name, content;
  std::string named;  // besides the path: the field or line the message must name
};

class BadCompareInput : public ::testing::TestWithParam<BadFile> {};

TEST_P(BadCompareInput, ExitsWithTwoNamingTheFileAndTheField) {
  const std::string good = write_file("good.txt", "1\n2\n3\n4\n5\n6\n");
  const std::string bad = write_file(GetParam().name, GetParam().content);
  const ToolResult result = run_tool({"compare", bad, good, "--db", scratch("none.db")});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(fault_text_contains(result.err, bad)) << result.err;
  EXPECT_TRUE(fault_text_contains(result.err, GetParam().named)) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_FALSE(fault_text_contains(result.err, "json.exception")) << result.err;
  std::remove(good.c_str());
  std::remove(bad.c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Files, BadCompareInput,
    ::testing::Values(
        BadFile{"overflow.json",
                R"({"schema": "clonebench/1", "runs": [{"ops_per_sec_real": 1e309}]})", ":1:"},
        BadFile{"schema-type.json", R"({"schema": 1, "runs": []})", "schema"},
        BadFile{"stressor-type.json",
                R"({"schema": "clonebench/1", "runs": [{"stressor": 5, "bogo_ops": 1}]})",
                "runs[0].stressor"},
        BadFile{"results-type.json", R"({"results": [1]})", "results[0]"},
        BadFile{"command-type.json",
                R"({"results": [{"command": 5, "times": [1]}, {"command": "b", "times": [2]}]})",
                "results[0].command"},
        BadFile{"times-type.json", R"({"results": [{"command": "a", "times": [1, "x"]}]})",
                "times[1]"},
        BadFile{"infinite.txt", "1\n2\ninf\n", ":3:"}, BadFile{"nan.txt", "1\nnan\n", ":2:"},
        BadFile{"overflowing-duration.txt", "1s\n1e308h\n", ":2:"},
        BadFile{"infinite.log", "stress-ng: metrc: [1] fork 100 1.00 0.50 0.50 inf 100.00\n",
                ":1:"},
        BadFile{"infinite.yaml", "---\nmetrics:\n  - stressor: fork\n    bogo-ops: .inf\n",
                ":4:"}));

TEST(InputFaults, ValuesNearTheLargestDoubleGiveFiniteMeans) {
  const std::string a = write_file("huge-a.txt", "1e308\n1.7e308\n1.5e308\n1.6e308\n1.65e308\n");
  const std::string b = write_file("huge-b.txt", "1e308\n1.7e308\n1.5e308\n1.6e308\n1.75e308\n");
  const ToolResult result = run_tool({"compare", a, b, "--format", "json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);
  const auto& metric = document["metrics"][0];
  EXPECT_TRUE(metric["a"]["mean"].is_number()) << metric.dump();
  EXPECT_TRUE(metric["b"]["mean"].is_number()) << metric.dump();
  EXPECT_GT(metric["b"]["mean"].get<double>(), 1e308);
  EXPECT_TRUE(metric["effect"]["estimate_pct"].is_number()) << metric.dump();
  std::remove(a.c_str());
  std::remove(b.c_str());
}

TEST(InputFaults, ARatioBeyondTheRangeOfADoubleIsRefusedNotPrintedAsInfinity) {
  const std::string a = write_file("tiny.txt", "1e-300\n2e-300\n3e-300\n4e-300\n5e-300\n6e-300\n");
  const std::string b = write_file("vast.txt", "1e300\n2e300\n3e300\n4e300\n5e300\n6e300\n");
  const ToolResult result = run_tool({"compare", a, b});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_TRUE(fault_text_contains(result.err, "metric value")) << result.err;
  EXPECT_FALSE(fault_text_contains(result.out, "∞")) << result.out;
  std::remove(a.c_str());
  std::remove(b.c_str());
}

TEST(InputFaults, AnInvalidUtf8LabelIsRefusedBeforeAnythingIsStored) {
  const std::string db = scratch("utf8.db");
  const std::string bad = "bad\xff";  // what a non-UTF-8 locale's é could be
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"run", "fork", "--timeout", "5", "--db", db, "--label", bad},
        std::vector<std::string>{"ab", "fork --timeout 5", "--db", db, "--label", bad},
        std::vector<std::string>{"sweep", "fork", "--rss", "0,1M", "--db", db, "--label", bad},
        std::vector<std::string>{"scale", "fork", "--db", db, "--label", bad}}) {
    const ToolResult result = run_tool(args, 20);
    EXPECT_EQ(result.exit_code, 2) << args[0] << ": " << result.err;
    EXPECT_TRUE(fault_text_contains(result.err, "--label")) << result.err;
  }
  const ToolResult history = run_tool({"history", "--db", db});
  EXPECT_TRUE(fault_text_contains(history.out, "no runs stored")) << history.out;
  remove_database(db);
}

TEST(InputFaults, ALabelASelectionWouldReadAsSomethingElseIsRefusedBeforeAnythingIsStored) {
  const std::string db = scratch("selectable.db");
  for (const std::string& label :
       {std::string("5"), std::string("3,4"), std::string("ab"), std::string("sweep"),
        std::string("scale"), std::string("a/b"), std::string(201, 'x')}) {
    for (const std::vector<std::string>& args :
         {std::vector<std::string>{"run", "fork", "--timeout", "200ms", "--db", db, "--label",
                                   label},
          std::vector<std::string>{"ab", "fork --timeout 200ms", "--db", db, "--label", label}}) {
      const ToolResult result = run_tool(args, 20);
      EXPECT_EQ(result.exit_code, 2) << args[0] << " " << label << ": " << result.err;
      EXPECT_TRUE(result.err.starts_with("clonebench: error: --label: ")) << result.err;
      EXPECT_LT(result.err.size(), 300U) << result.err;
    }
  }
  const ToolResult history = run_tool({"history", "--db", db});
  EXPECT_TRUE(fault_text_contains(history.out, "no runs stored")) << history.out;
  remove_database(db);
}

TEST(InputFaults, AControlCharacterInASetupOrRestoreCommandIsRefusedNamingTheFlag) {
  for (const char* flag : {"--setup-a", "--setup-b", "--restore"}) {
    for (const char* command : {"true\n```", "printf '\x1b[2J'", "true\r"}) {
      const ToolResult result =
          run_tool({"ab", "fork --timeout 200ms", "--no-store", flag, command}, 20);
      EXPECT_EQ(result.exit_code, 2) << flag << ": " << result.err;
      EXPECT_TRUE(result.err.starts_with(std::string("clonebench: error: ") + flag + ": "))
          << result.err;
      EXPECT_EQ(result.err.find('\x1b'), std::string::npos) << result.err;
    }
  }
}

TEST(InputFaults, AnErrorQuotesOnlyTheStartOfAHugeLine) {
  const std::string good = write_file("short.txt", "1\n2\n3\n4\n5\n6\n");
  const std::string bad = write_file("huge-line.txt", std::string(10'000'000, 'y') + "\n");
  const ToolResult result = run_tool({"compare", bad, good, "--db", scratch("none.db")});
  EXPECT_EQ(result.exit_code, 2) << result.err.substr(0, 300);
  EXPECT_TRUE(fault_text_contains(result.err, bad)) << result.err.substr(0, 300);
  EXPECT_LT(result.err.size(), 400U) << result.err.substr(0, 300);
  EXPECT_TRUE(fault_text_contains(result.err, "yyy…")) << result.err.substr(0, 300);
  std::remove(good.c_str());
  std::remove(bad.c_str());
}

TEST(InputFaults, AnInvalidUtf8FileNameAndStressorAreEscapedInTheJson) {
  const std::string log =
      write_file("bad\xff.log",
                 "stress-ng: metrc: [1] fo\xffrk 100 1.00 0.50 0.50 100.00 100.00\n"
                 "stress-ng: metrc: [1] fo\xffrk 110 1.00 0.50 0.50 110.00 110.00\n");
  const ToolResult result = run_tool({"compare", log, log, "--format", "json"});
  EXPECT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out, nullptr, false);
  EXPECT_FALSE(document.is_discarded()) << result.out;
  std::remove(log.c_str());
}

TEST(InputFaults, NanAndInfinityAreRefusedForAlpha) {
  const std::string a = write_file("alpha.txt", "1\n2\n3\n4\n5\n6\n");
  for (const char* value : {"nan", "inf", "-nan", "1e999"}) {
    const ToolResult compare = run_tool({"compare", a, a, "--alpha", value});
    EXPECT_EQ(compare.exit_code, 2) << value << ": " << compare.err;
    EXPECT_TRUE(fault_text_contains(compare.err, "--alpha")) << compare.err;
    const ToolResult ab = run_tool({"ab", "fork --timeout 5", "--no-store", "--alpha", value}, 20);
    EXPECT_EQ(ab.exit_code, 2) << value << ": " << ab.err;
    EXPECT_TRUE(fault_text_contains(ab.err, "--alpha")) << ab.err;
  }
  std::remove(a.c_str());
}

TEST(InputFaults, AnOutOfRangeRunIdNamesTheArgument) {
  const std::string db = scratch("ids.db");
  const ToolResult compare = run_tool({"compare", "99999999999999999999", "1", "--db", db});
  EXPECT_EQ(compare.exit_code, 2) << compare.err;
  EXPECT_TRUE(fault_text_contains(compare.err, "A: run id 99999999999999999999")) << compare.err;
  const ToolResult show = run_tool({"show", "99999999999999999999", "--db", db});
  EXPECT_EQ(show.exit_code, 2) << show.err;
  EXPECT_TRUE(fault_text_contains(show.err, "out of range")) << show.err;
  remove_database(db);
}

TEST(InputFaults, ANewlineInAValueStaysOnTheOneErrorLine) {
  const ToolResult result = run_tool({"run", "fork", "--timeout", "1\nsecond line"});
  EXPECT_EQ(result.exit_code, 2) << result.err;
  EXPECT_EQ(std::count(result.err.begin(), result.err.end(), '\n'), 1) << result.err;
  EXPECT_TRUE(fault_text_contains(result.err, "1\\nsecond line")) << result.err;
}

TEST(InputFaults, TwoHundredThousandValuesASideAreCompared) {
  // 4·10^10 pairwise differences: enumerated, they took 790 MB at 10,000 a side and threw
  // std::bad_alloc at 200,000. B is A times 1.01 (shuffled): the estimate is +1 %.
  std::string a_values, b_values;
  for (int i = 0; i < 200'000; ++i) {
    const double value = 1000.0 + (i * 7919 % 200'000) * 0.01;
    a_values += std::to_string(value) + "\n";
    b_values += std::to_string(value * 1.01) + "\n";
  }
  const std::string a = write_file("scale-a.txt", a_values);
  const std::string b = write_file("scale-b.txt", b_values);
  const ToolResult result = run_tool({"compare", a, b, "--format", "json"}, 120);
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto document = nlohmann::json::parse(result.out);
  const auto& effect = document["metrics"][0]["effect"];
  EXPECT_NEAR(effect["estimate_pct"].get<double>(), 1.0, 0.01) << effect.dump();
  EXPECT_EQ(document["metrics"][0]["a"]["n"], 200'000);
  std::remove(a.c_str());
  std::remove(b.c_str());
}

}  // namespace
}  // namespace clonebench::testing
