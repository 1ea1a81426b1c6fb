// A password written in --db reaches no output, no report and no store. It is planted in the URL
// of the test cluster's password role (so every command connects with it), and then looked for
// in everything the commands print and write: the table and the JSON, YAML and CSV files of
// `run`, history, show, export, every report format, the PostgreSQL tables, and the SQLite file
// that pull and ab write, with what ab keeps of its shell commands.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "postgres/store_backends.hpp"
#include "postgres/tool_run.hpp"

namespace clonebench {
namespace {

using testing::PostgresCluster;
using testing::shared_postgres_cluster;

std::string bytes_of_file(const std::string& path) {
  std::ifstream file(path, std::ios::binary);
  std::stringstream bytes;
  bytes << file.rdbuf();
  return bytes.str();
}

class StoredSecrets : public ::testing::Test {
 protected:
  // Runs `clonebench args`, which must succeed; keeps what it printed to look through.
  void run(const std::vector<std::string>& args) {
    const testing::ToolRun result = testing::run_tool(args);
    const std::string what = args.front() + (args.size() > 1 ? " " + args[1] : "");
    EXPECT_EQ(result.exit_code, 0) << what << ": " << result.err;
    seen_.emplace_back(what + " (stdout)", result.out);
    seen_.emplace_back(what + " (stderr)", result.err);
  }
  // An output file, which must have been written.
  std::string output(const std::string& name) {
    const std::string path = files_.file(name);
    written_.push_back(path);
    return path;
  }
  void look_through_written_files() {
    for (const std::string& path : written_) {
      const std::string bytes = bytes_of_file(path);
      EXPECT_FALSE(bytes.empty()) << path << " was not written";
      seen_.emplace_back(path, bytes);
    }
  }

  const std::string database_ = shared_postgres_cluster().create_database();
  const std::string url_ = testing::url_with_password(database_, PostgresCluster::kPassword);
  testing::TempDirectory files_;
  std::vector<std::string> written_;
  std::vector<std::pair<std::string, std::string>> seen_;  // (where, text)
};

TEST_F(StoredSecrets, APasswordInTheDatabaseUrlIsInNoOutputReportOrStore) {
  run({"run", "fork", "--timeout", "0.2", "--label", "planted", "--db", url_, "--json",
       output("run.json"), "--yaml", output("run.yaml"), "--csv", output("run.csv")});
  run({"run", "fork", "--timeout", "0.2", "--label", "planted", "--db=" + url_});
  run({"history", "--db", url_});
  run({"show", "1", "--db", url_});
  run({"show", "2", "--json", "-", "--db", url_});
  run({"export", "1", "2", "--json", output("export.json"), "--yaml", output("export.yaml"),
       "--csv", output("export.csv"), "--db", url_});
  for (const std::string format : {"markdown", "sru", "html"}) {
    run({"report", "planted", "--format", format, "-o", output("report." + format), "--db", url_});
  }
  const std::string local = files_.file("local.db");
  run({"pull", "--from", url_, "--all", "--db", local});
  // ab keeps its shell commands: one holding the URL, one holding the password as PGPASSWORD.
  run({"ab", "fork --timeout 0.1", "--pairs", "2", "--warmup", "0", "--setup-a", "true " + url_,
       "--setup-b", std::string("PGPASSWORD=") + PostgresCluster::kPassword + " true", "--db",
       local});
  run({"report", "ab", "--format", "sru", "-o", output("ab.sru"), "--db", local});
  run({"push", "--to", url_, "--all", "--db", local});
  run({"report", "ab", "--format", "markdown", "-o", output("ab.md"), "--db", url_});
  look_through_written_files();
  seen_.emplace_back(local, bytes_of_file(local) + bytes_of_file(local + "-wal"));
  for (const auto& [where, text] : seen_) {
    EXPECT_EQ(text.find(PostgresCluster::kPassword), std::string::npos) << where << ":\n" << text;
  }
  for (const std::string table : {"run", "experiment", "environment", "latency", "profile"}) {
    EXPECT_EQ(
        testing::query_int(database_, "SELECT count(*) FROM " + table + " t WHERE t::text LIKE '%" +
                                          PostgresCluster::kPassword + "%'"),
        0)
        << table;
  }
  EXPECT_GE(testing::count_rows(database_, "run"), 4) << "the runs of run and ab were stored";
}

}  // namespace
}  // namespace clonebench
