// `pull` reads another store, which anyone who can write to it may have filled: each run is
// checked as local input is, a bad one is refused and named with the field and what is wrong
// with it, every good one is still copied, and the last line counts both.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "postgres/store_backends.hpp"
#include "postgres/tool_run.hpp"
#include "store/store.hpp"
#include "support/sample_document.hpp"

namespace clonebench {
namespace {

using testing::shared_postgres_cluster;

struct Corruption {
  const char* sql;    // applied to run $ID (or its experiment)
  const char* named;  // what the refusal must name
};

// Each applied to its own run; "ID" is replaced by the run's id.
const std::vector<Corruption> kCorruptions = {
    {"UPDATE run SET bogo_ops = -5 WHERE id = ID", "bogo_ops"},
    {"UPDATE run SET instances = 4611686018427387904 WHERE id = ID", "instances"},
    {"UPDATE run SET real_time_s = 'Infinity' WHERE id = ID", "real_time_s"},
    {"UPDATE run SET usr_time_s = 'NaN' WHERE id = ID", "usr_time_s"},
    {"UPDATE run SET max_rss_kb = -1 WHERE id = ID", "max_rss_kb"},
    {"UPDATE run SET label = repeat('x', 300) WHERE id = ID", "label"},
    {"UPDATE run SET started_at = 'yesterday' WHERE id = ID", "started_at"},
    {"UPDATE run SET uid = 'not-a-uid' WHERE id = ID", "uid"},
    {"UPDATE run SET hostname = E'host\\x1b[2J' WHERE id = ID", "host name"},
    {"UPDATE run SET stressor = 'weird' WHERE id = ID", "stressor"},
    {"UPDATE experiment SET kind = 'weird' WHERE tag = (SELECT experiment FROM run WHERE id = ID)",
     "kind"},
};
constexpr int kGoodRuns = 3;

TEST(PullChecks, EachBadRunIsRefusedByNameAndEveryGoodOneIsCopied) {
  const std::string remote = shared_postgres_cluster().create_database();
  std::vector<std::int64_t> ids;
  {
    Store store(remote);
    for (std::size_t i = 0; i < kCorruptions.size() + kGoodRuns; ++i) {
      RunRecord record = testing::sample_fork_run();
      record.experiment.clear();
      if (i + 1 == kCorruptions.size()) {
        store.begin_experiment({"ab-weird", "ab", "2026-11-29T18:00:00Z", {}});
        record.experiment = "ab-weird";
      }
      ids.push_back(store.save(record, testing::sample_environment()));
    }
  }
  for (std::size_t i = 0; i < kCorruptions.size(); ++i) {
    std::string sql = kCorruptions[i].sql;
    sql.replace(sql.find("ID"), 2, std::to_string(ids[i]));
    shared_postgres_cluster().exec(testing::database_of(remote), sql);
  }
  testing::TempDirectory scratch;
  const std::string copy = scratch.file("copy.db");
  const testing::ToolRun pull =
      testing::run_tool({"pull", "--from", remote, "--all", "--db", copy});
  EXPECT_EQ(pull.exit_code, 2) << pull.err;
  for (std::size_t i = 0; i < kCorruptions.size(); ++i) {
    const std::string named = "run " + std::to_string(ids[i]) + " in " + remote;
    const std::size_t line = pull.err.find(named);
    ASSERT_NE(line, std::string::npos) << kCorruptions[i].named << ":\n" << pull.err;
    const std::string refusal = pull.err.substr(line, pull.err.find('\n', line) - line);
    EXPECT_NE(refusal.find(kCorruptions[i].named), std::string::npos) << refusal;
  }
  EXPECT_NE(pull.out.find("pulled " + std::to_string(kGoodRuns) + " runs from " + remote +
                          "; 0 already there; " + std::to_string(kCorruptions.size()) + " refused"),
            std::string::npos)
      << pull.out;
  EXPECT_EQ(testing::count_rows(copy, "run"), kGoodRuns);
}

}  // namespace
}  // namespace clonebench
