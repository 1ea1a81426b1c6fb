// --db names a SQLite file or a PostgreSQL database: a URL with its scheme in any case, or
// libpq's key=value text. Nothing that looks like connection text is ever taken for a file name
// (no file or directory named after it appears), and nothing the tool prints or writes holds
// its password, the command line it keeps included.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "support/temp_directory.hpp"
#include "tool_process.hpp"

namespace clonebench::testing {
namespace {

constexpr const char* kPlantedPassword = "UpPw-s3cr3t";

bool text_holds(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

class StoreLocationCli : public ::testing::Test {
 protected:
  // `clonebench args` run in the empty directory work_, where a relative path would land.
  ToolResult tool_in_work_directory(const std::vector<std::string>& args) const {
    const std::string directory = work_.path().string();
    return run_tool(args, 60, {"XDG_DATA_HOME=" + data_.path().string()}, [directory] {
      if (::chdir(directory.c_str()) != 0) {
        ::_exit(126);
      }
    });
  }
  ToolResult run_with_db(const std::string& location) const {
    return tool_in_work_directory({"run", "fork", "--timeout", "0.2", "--db", location});
  }

  TempDirectory work_{"location-work"};
  TempDirectory data_{"location-data"};
};

TEST_F(StoreLocationCli, AnUpperCaseSchemeIsAPostgresUrlAndNeverAPath) {
  const ToolResult result =
      run_with_db(std::string("POSTGRESQL://bench:") + kPlantedPassword + "@127.0.0.1:1/cb");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(text_holds(result.err, "cannot connect")) << result.err;
  EXPECT_TRUE(text_holds(result.err, "postgresql://bench@127.0.0.1:1/cb")) << result.err;
  EXPECT_FALSE(text_holds(result.out + result.err, kPlantedPassword)) << result.err;
  EXPECT_EQ(work_.entries(), std::vector<std::string>{});
}

TEST_F(StoreLocationCli, KeyValueConnectionTextIsAPostgresDatabaseAndNeverAPath) {
  const ToolResult result =
      run_with_db(std::string("host=127.0.0.1 port=1 password=") + kPlantedPassword + " dbname=cb");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_TRUE(text_holds(result.err, "cannot connect")) << result.err;
  EXPECT_TRUE(text_holds(result.err, "dbname=cb host=127.0.0.1 port=1")) << result.err;
  EXPECT_FALSE(text_holds(result.out + result.err, kPlantedPassword)) << result.err;
  EXPECT_EQ(work_.entries(), std::vector<std::string>{});
}

TEST_F(StoreLocationCli, ConnectionTextLibpqCannotReadIsRefusedAndNeverAPath) {
  for (const std::string& location :
       {std::string("postgresq://bench:") + kPlantedPassword + "@127.0.0.1:1/cb",
        std::string("host=127.0.0.1 pasword=") + kPlantedPassword, std::string("runs=1.db")}) {
    const ToolResult result = run_with_db(location);
    EXPECT_EQ(result.exit_code, 2) << location << ": " << result.err;
    EXPECT_TRUE(text_holds(result.err, "database")) << result.err;
    EXPECT_FALSE(text_holds(result.out + result.err, kPlantedPassword)) << result.err;
    EXPECT_EQ(work_.entries(), std::vector<std::string>{}) << location;
  }
}

TEST_F(StoreLocationCli, AFileWhoseNameHoldsAnEqualsSignIsWrittenAsAPath) {
  const ToolResult result = run_with_db("./runs=1.db");
  EXPECT_EQ(result.exit_code, 0) << result.err;
  EXPECT_TRUE(text_holds(result.err, "stored 1 run")) << result.err;
}

// With --no-store nothing connects, and the outputs still carry the command line as typed:
// every location in it is shown without its password.
TEST_F(StoreLocationCli, TheCommandLineInEveryOutputFileHidesThePasswordOfItsLocation) {
  const std::string url = std::string("postgresql://bench:") + kPlantedPassword + "@127.0.0.1:1/cb";
  const ToolResult result =
      tool_in_work_directory({"run", "fork", "--timeout", "0.2", "--no-store", "--db", url,
                              "--json", "out.json", "--yaml", "out.yaml", "--csv", "out.csv"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const std::string json = read_all(work_.file("out.json"));
  EXPECT_TRUE(text_holds(json, "postgresql://bench@127.0.0.1:1/cb")) << json;
  for (const std::string name : {"out.json", "out.yaml", "out.csv"}) {
    EXPECT_FALSE(text_holds(read_all(work_.file(name)), kPlantedPassword)) << name;
  }
  EXPECT_FALSE(text_holds(result.out + result.err, kPlantedPassword)) << result.out;
}

}  // namespace
}  // namespace clonebench::testing
