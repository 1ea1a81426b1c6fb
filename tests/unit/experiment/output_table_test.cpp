// The table of output files: only the given flags are rendered and written, in the table's
// order; stdout ("-") carries a document instead of the text report; and the checks before a
// run refuse what check_output_targets refuses, naming the flags.
#include "experiment/output_table.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.hpp"
#include "experiment/experiment_session.hpp"
#include "store/store.hpp"
#include "support/temp_directory.hpp"

namespace clonebench {
namespace {

using OutputTableTest = testing::TempDirectoryTest;

std::string written_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream text;
  text << file.rdbuf();
  return text.str();
}

TEST_F(OutputTableTest, WritesTheGivenOutputsInOrderAndLeavesTheReportToTheCaller) {
  std::vector<std::string> rendered;
  const OutputTable table{{scratch_.file("run.json"), "--json",
                           [&rendered] {
                             rendered.push_back("json");
                             return std::string("{}\n");
                           }},
                          {"", "--yaml",
                           [&rendered] {
                             rendered.push_back("yaml");
                             return std::string("---\n");
                           }},
                          {scratch_.file("run.csv"), "--csv", [&rendered] {
                             rendered.push_back("csv");
                             return std::string("a,b\n");
                           }}};
  EXPECT_TRUE(write_outputs(table));
  EXPECT_EQ(rendered, (std::vector<std::string>{"json", "csv"}));
  EXPECT_EQ(written_file(scratch_.file("run.json")), "{}\n");
  EXPECT_EQ(written_file(scratch_.file("run.csv")), "a,b\n");
}

TEST_F(OutputTableTest, StdoutCarriesTheDocumentInsteadOfTheReport) {
  ::testing::internal::CaptureStdout();
  const bool text_report = write_outputs({{"-", "--json", [] { return std::string("{}\n"); }}});
  EXPECT_EQ(::testing::internal::GetCapturedStdout(), "{}\n");
  EXPECT_FALSE(text_report);
}

TEST_F(OutputTableTest, NoOutputsLeaveTheReportToTheCaller) {
  EXPECT_TRUE(write_outputs({}));
  EXPECT_TRUE(write_outputs({{"", "--json", [] { return std::string(); }}}));
}

TEST_F(OutputTableTest, ChecksRefuseTwoOutputsToOneFileNamingBothFlags) {
  const std::string path = scratch_.file("same");
  try {
    check_outputs({{path, "--json", {}}, {path, "--csv", {}}}, scratch_.file("runs.db"));
    ADD_FAILURE() << "two outputs to one file were accepted";
  } catch (const UsageError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("--json"), std::string::npos) << message;
    EXPECT_NE(message.find("--csv"), std::string::npos) << message;
  }
}

TEST_F(OutputTableTest, ChecksRefuseTheDatabase) {
  const std::string database = scratch_.file("runs.db");
  EXPECT_THROW(check_outputs({{database, "--json", {}}}, database), UsageError);
  EXPECT_NO_THROW(check_outputs({{scratch_.file("out.json"), "--json", {}}}, database));
}

TEST(DatabasePath, IsTheGivenOneElseTheDefault) {
  EXPECT_EQ(database_path(std::string("/x/runs.db")), "/x/runs.db");
  EXPECT_EQ(database_path(std::optional<std::string>("/y/runs.db")), "/y/runs.db");
  EXPECT_EQ(database_path(std::string()), database_path(std::optional<std::string>()));
  EXPECT_FALSE(database_path(std::string()).empty());
}

}  // namespace
}  // namespace clonebench
