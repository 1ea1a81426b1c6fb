// Every experiment is findable (issue 35, item 6): `ab`, `sweep` and `scale` end with the line
// that says where they were stored and how to report them, and `clonebench experiments` lists
// them, newest first, with kind, tag, size and answer; --kind, --limit and --json select and
// shape the list; a bad --kind or --limit is refused naming the flag. Runs are short (0.1 s)
// and few: no figure is asserted, only what is said.

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr double kExperimentTimeoutS = 90;

class ExperimentsCli : public TempDirectoryTest {
 protected:
  // The tag the command's closing line names; empty (and a failure) when there is none. A plain
  // scan, not std::regex: g++ 12 at -O1 with sanitizers warns inside <regex> (a false
  // maybe-uninitialized that -Werror turns into an error), as help_text_test.cpp says.
  static std::string stored_tag(const ToolResult& result) {
    const std::string prefix = "clonebench: stored as experiment ";
    const std::string middle = " (clonebench report ";
    const std::size_t at = result.err.rfind(prefix);
    std::string tag, reported;
    if (at != std::string::npos) {
      const std::string line = result.err.substr(at + prefix.size());
      const std::size_t space = line.find(' ');
      tag = line.substr(0, space);
      if (space != std::string::npos && line.compare(space, middle.size(), middle) == 0) {
        const std::size_t start = space + middle.size();
        const std::size_t close = line.find(")\n", start);
        if (close != std::string::npos && close + 2 == line.size()) {
          reported = line.substr(start, close - start);
        }
      }
    }
    if (tag.empty() || reported != tag) {
      ADD_FAILURE() << "no closing 'stored as experiment TAG' line:\n" << result.err;
      return "";
    }
    return tag;
  }
  ToolResult tool(std::vector<std::string> args) const {
    args.insert(args.end(), {"--db", db_});
    return run_tool(args, kExperimentTimeoutS);
  }
  const std::string db_ = scratch_.file("runs.db");
};

TEST_F(ExperimentsCli, AbAndSweepSayWhereTheyAreStoredAndAreListedNewestFirst) {
  const ToolResult ab = tool({"ab", "fork --timeout 0.1", "--a", "--rss 0", "--b", "--rss 1M",
                              "--pairs", "2", "--warmup", "0", "--seed", "5"});
  ASSERT_EQ(ab.exit_code, 0) << ab.err;
  const std::string ab_tag = stored_tag(ab);
  EXPECT_TRUE(ab_tag.starts_with("ab-")) << ab_tag;
  const ToolResult sweep = tool({"sweep", "fork", "--rss", "0,1M", "--rounds", "2",
                                 "--timeout-per-point", "0.1s", "--seed", "6"});
  ASSERT_EQ(sweep.exit_code, 0) << sweep.err;
  const std::string sweep_tag = stored_tag(sweep);
  EXPECT_TRUE(sweep_tag.starts_with("sweep-")) << sweep_tag;

  const ToolResult listed = tool({"experiments"});
  ASSERT_EQ(listed.exit_code, 0) << listed.err;
  const std::size_t sweep_at = listed.out.find(sweep_tag);
  const std::size_t ab_at = listed.out.find(ab_tag);
  ASSERT_NE(sweep_at, std::string::npos) << listed.out;
  ASSERT_NE(ab_at, std::string::npos) << listed.out;
  EXPECT_LT(sweep_at, ab_at) << "newest first:\n" << listed.out;
  EXPECT_NE(listed.out.find("2 pairs"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("2 rounds × 2 sizes"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("ns/page"), std::string::npos) << listed.out;
  EXPECT_NE(listed.out.find("clonebench report TAG"), std::string::npos) << listed.out;

  const ToolResult json = tool({"experiments", "--kind", "ab", "--json", "-"});
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto document = nlohmann::json::parse(json.out);  // only the JSON on stdout
  ASSERT_EQ(document.at("experiments").size(), 1u) << json.out;
  const auto& entry = document.at("experiments")[0];
  EXPECT_EQ(entry.at("kind"), "ab");
  EXPECT_EQ(entry.at("tag"), ab_tag);
  EXPECT_EQ(entry.at("status"), "complete");
  EXPECT_EQ(entry.at("runs"), 4);
  EXPECT_EQ(entry.at("size"), "2 pairs");
  EXPECT_FALSE(entry.at("answer").get<std::string>().empty());

  const ToolResult limited = tool({"experiments", "--limit", "1"});
  ASSERT_EQ(limited.exit_code, 0) << limited.err;
  EXPECT_NE(limited.out.find(sweep_tag), std::string::npos) << limited.out;
  EXPECT_EQ(limited.out.find(ab_tag), std::string::npos) << limited.out;
  EXPECT_NE(limited.out.find("1 of 2 experiments shown"), std::string::npos) << limited.out;
}

TEST_F(ExperimentsCli, ScaleSaysWhereItIsStored) {
  const ToolResult scale = tool(
      {"scale", "fork", "--instances", "1,2", "--rounds", "2", "--timeout", "0.1", "--seed", "3"});
  ASSERT_EQ(scale.exit_code, 0) << scale.err;
  const std::string tag = stored_tag(scale);
  EXPECT_TRUE(tag.starts_with("scale-")) << tag;
  const ToolResult listed = tool({"experiments", "--kind", "scale"});
  EXPECT_NE(listed.out.find(tag), std::string::npos) << listed.out;
}

TEST_F(ExperimentsCli, NothingStoredSaysSoAndNoStoreSaysNoTag) {
  const ToolResult empty = tool({"experiments"});
  ASSERT_EQ(empty.exit_code, 0) << empty.err;
  EXPECT_NE(empty.out.find("no experiments stored"), std::string::npos) << empty.out;
  const ToolResult ab =
      tool({"ab", "fork --timeout 0.1", "--pairs", "2", "--warmup", "0", "--no-store"});
  ASSERT_EQ(ab.exit_code, 0) << ab.err;
  EXPECT_EQ(ab.err.find("stored as experiment"), std::string::npos) << ab.err;
}

TEST_F(ExperimentsCli, RefusesAKindOrLimitThatIsNoneNamingTheFlag) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"experiments", "--kind", "benchmark"},
        std::vector<std::string>{"experiments", "--limit", "-1"}}) {
    const ToolResult result = tool(args);
    EXPECT_EQ(result.exit_code, 2) << result.err;
    EXPECT_NE(result.err.find(args[1]), std::string::npos) << result.err;
    EXPECT_TRUE(result.out.empty()) << result.out;
  }
}

}  // namespace
}  // namespace clonebench::testing
